"""Card and token data: YAML files in cards/, read into frozen dataclasses and validated.

No Qt here: engines read their data through this package.
"""

from .loader import CardDataError, load_cards, read_yaml
from .resources import resource_dir

__all__ = ["CardDataError", "load_cards", "read_yaml", "resource_dir"]
