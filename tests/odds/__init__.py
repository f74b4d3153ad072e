"""Odds and evens: a tiny fourth game, written in the tests to prove that a game is its
own package plus one registration. Its rules (`rules.py`), its kit (`kit.py`: gestures,
prompt, guide) and its table (`scene.py`, on the toolkit's public hooks) and phone drawing
(`phone.js`) are all here; `tests/qt/test_fourth_game.py` registers it and plays it on
the desktop table and a phone, touching nothing else of the program."""
