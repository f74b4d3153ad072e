"""Incantibus: wizards point their wands at the tokens of a tower, all at once."""
