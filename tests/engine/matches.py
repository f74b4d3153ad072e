"""The matches the engine-wide checks sample: every game, and every option that changes
which moves exist or what is hidden."""

MATCHES = [
    ("incantibus", 3, {"mode": "apprentice"}),
    ("incantibus", 4, {"mode": "expert"}),
    ("illusio", 3, {}),
    ("illuminati", 3, {}),
    ("illuminati", 4, {"hidden_goals": True, "hidden_illuminati": True, "stacked_money": True}),
]
