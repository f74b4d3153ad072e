"""The error a broken card file raises (apart from the loader, so catching it costs no YAML)."""


class CardDataError(Exception):
    """Every problem found in a card file, each line `file:line: message`."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems
