"""Reads YAML into frozen dataclasses, reporting every problem as `file:line: message`.

The dataclasses are the schema: field types (int, str, bool, Literal choices, tuples,
optional fields, nested dataclasses) say what is allowed, `field(metadata=...)` adds
bounds (`min`, `max`). An entry with `source: house` must say `why:`. Lists of entries
with an `id` must not repeat one.
"""

from __future__ import annotations

import dataclasses
import functools
import types
import typing
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, TypeVar

import yaml

from .errors import CardDataError
from .resources import resource_dir

T = TypeVar("T")


@dataclass(frozen=True)
class Reading:
    """How the program reads a rule its rulebook leaves open: one entry of a card file's
    `readings`, with its reason."""

    id: str
    text: str
    source: Literal["rulebook", "house"]
    why: str = dataclasses.field(default="", metadata={"blank": True})


class LineDict(dict[Any, Any]):
    """A YAML mapping that remembers the line of itself and of each key."""

    line = 0
    key_lines: dict[str, int]


class LineList(list[Any]):
    line = 0
    item_lines: list[int]


# A card file is a few thousand nodes. Aliases (*name) may repeat a part, but a file whose
# aliases expand past this many nodes is refused where the alias stands: nine levels of
# nine aliases would otherwise grow to hundreds of millions of values.
MAX_EXPANDED_NODES = 200_000
MAX_FILE_BYTES = 8 << 20


# libyaml's parser (in C) reads a card file five times as fast as PyYAML's own
# (Illuminati's: 19 ms against 86, most of loading it). The nodes are still composed here,
# in Python, where aliases are counted. A PyYAML built without libyaml parses in Python.
class _PythonParsing(yaml.reader.Reader, yaml.scanner.Scanner, yaml.parser.Parser):
    def __init__(self, stream: str) -> None:
        yaml.reader.Reader.__init__(self, stream)
        yaml.scanner.Scanner.__init__(self)
        yaml.parser.Parser.__init__(self)


# Either parser gives the same events and marks (Any: their stubs differ on the marks).
_Parsing: Any = yaml._yaml.CParser if yaml.__with_libyaml__ else _PythonParsing


class _Loader(
    yaml.composer.Composer,
    _Parsing,  # type: ignore[misc]
    yaml.constructor.SafeConstructor,
    yaml.resolver.Resolver,
):
    def __init__(self, stream: str) -> None:
        _Parsing.__init__(self, stream)
        yaml.composer.Composer.__init__(self)
        yaml.constructor.SafeConstructor.__init__(self)
        yaml.resolver.Resolver.__init__(self)
        self.expanded = 0
        self.weights: dict[int, int] = {}

    def compose_node(self, parent: Any, index: Any) -> Any:
        if not self.check_event(yaml.AliasEvent):
            return super().compose_node(parent, index)
        mark = self.peek_event().start_mark
        node = super().compose_node(parent, index)
        self.expanded += self._weight(node)
        if self.expanded > MAX_EXPANDED_NODES:
            raise yaml.MarkedYAMLError(
                problem=(
                    f"the aliases (*name) up to here repeat more than {MAX_EXPANDED_NODES:,} "
                    "values; a card file needs far fewer"
                ),
                problem_mark=mark,
            )
        return node

    def _weight(self, node: Any) -> int:
        """How many values a node stands for once every alias inside it is expanded."""
        known = self.weights.get(id(node))
        if known is None:
            if isinstance(node, yaml.MappingNode):
                parts = [part for pair in node.value for part in pair]
            elif isinstance(node, yaml.SequenceNode):
                parts = node.value
            else:
                parts = []
            known = self.weights[id(node)] = 1 + sum(self._weight(p) for p in parts)
        return known


def _construct_mapping(loader: _Loader, node: yaml.MappingNode) -> LineDict:
    result = LineDict()
    result.line = node.start_mark.line + 1
    result.key_lines = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        line = key_node.start_mark.line + 1
        if not isinstance(key, str):
            raise yaml.MarkedYAMLError(
                problem=f"the key {_shown(key)} is not text", problem_mark=key_node.start_mark
            )
        if key in result:
            raise yaml.MarkedYAMLError(
                problem=f"the key {key!r} appears twice", problem_mark=key_node.start_mark
            )
        result[key] = loader.construct_object(value_node, deep=True)
        result.key_lines[key] = line
    return result


def _construct_sequence(loader: _Loader, node: yaml.SequenceNode) -> LineList:
    result = LineList(loader.construct_object(child, deep=True) for child in node.value)
    result.line = node.start_mark.line + 1
    result.item_lines = [child.start_mark.line + 1 for child in node.value]
    return result


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_sequence)


def read_yaml(path: Path) -> Any:
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            raise CardDataError([f"{path}:1: the file is far too large to be a card file"])
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise CardDataError([f"{path}:1: cannot read the file ({error.strerror})"]) from None
    except UnicodeDecodeError as error:
        line = path.read_bytes()[: error.start].count(b"\n") + 1
        raise CardDataError([f"{path}:{line}: this line is not UTF-8 text"]) from None
    try:
        return yaml.load(text, Loader=_Loader)  # noqa: S506 - a SafeLoader subclass
    except RecursionError:
        raise CardDataError([f"{path}:1: the file is nested far too deeply"]) from None
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line = mark.line + 1 if mark else 1
        problem = error.problem or error.context or "this is not valid YAML"
        if "nesting depth" in problem:  # libyaml's own limit, said as ours is
            problem = "the file is nested far too deeply"
        elif "\t" in _line(text, line) and ("tab" in problem or "any token" in problem):
            problem = "a tab cannot indent YAML or start a value: use spaces"
        raise CardDataError([f"{path}:{line}: {problem}"]) from None
    except yaml.reader.ReaderError as error:
        # libyaml counts bytes of the UTF-8 text; PyYAML's own reader, characters.
        if yaml.__with_libyaml__:
            line = text.encode()[: error.position].count(b"\n") + 1
        else:  # pragma: no cover - the wheels carry libyaml
            line = text[: error.position].count("\n") + 1
        char = chr(error.character) if isinstance(error.character, int) else error.character
        raise CardDataError(
            [f"{path}:{line}: the character {char!r} cannot be in a card file"]
        ) from None
    except yaml.YAMLError as error:
        raise CardDataError([f"{path}:1: {error}"]) from None


def _line(text: str, number: int) -> str:
    lines = text.splitlines()
    return lines[number - 1] if 0 < number <= len(lines) else ""


def _shown(value: Any) -> str:
    """A value as a message shows it: short, whatever it is (an alias can make it huge)."""
    if isinstance(value, dict | list):
        kind = "a table" if isinstance(value, dict) else "a list"
        return f"{kind} of {len(value)} entries"
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


@functools.cache
def _hints(cls: Any) -> dict[str, Any]:
    """A card class's field types, read once (reading them again for each card was 45 %
    of loading the Illuminati file)."""
    return typing.get_type_hints(cls)


class _Builder:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.problems: list[str] = []

    def problem(self, line: int, message: str) -> None:
        self.problems.append(f"{self.path}:{line}: {message}")

    def build(self, hint: Any, value: Any, line: int, where: str, meta: Any = None) -> Any:
        origin = typing.get_origin(hint)
        if origin in (typing.Union, types.UnionType):
            options = [a for a in typing.get_args(hint) if a is not type(None)]
            if value is None:
                return None
            return self.build(options[0], value, line, where, meta)
        if origin is Literal:
            choices = typing.get_args(hint)
            if value not in choices:
                allowed = ", ".join(str(c) for c in choices)
                self.problem(line, f"{where} is {_shown(value)}; it must be one of: {allowed}")
            return value
        if origin is tuple:
            return self._tuple(typing.get_args(hint)[0], value, line, where)
        if origin is dict:
            return self._dict(typing.get_args(hint)[1], value, line, where)
        if dataclasses.is_dataclass(hint):
            return self._dataclass(hint, value, line, where)
        return self._scalar(hint, value, line, where, meta or {})

    def _scalar(self, hint: Any, value: Any, line: int, where: str, meta: Any) -> Any:
        names = {int: "a whole number", str: "text", bool: "true or false", float: "a number"}
        ok = isinstance(value, hint) and not (hint is not bool and isinstance(value, bool))
        if hint is float and isinstance(value, int) and not isinstance(value, bool):
            ok, value = True, float(value)
        if not ok:
            kind = names.get(hint, hint.__name__)
            self.problem(line, f"{where} must be {kind}, not {_shown(value)}")
            return value
        if "min" in meta and value < meta["min"]:
            self.problem(line, f"{where} is {value}; it must be at least {meta['min']}")
        if "max" in meta and value > meta["max"]:
            self.problem(line, f"{where} is {value}; it must be at most {meta['max']}")
        if hint is str and not meta.get("blank", False) and not value.strip():
            self.problem(line, f"{where} must not be empty")
        return value

    def _tuple(self, item_hint: Any, value: Any, line: int, where: str) -> tuple[Any, ...]:
        if not isinstance(value, list):
            self.problem(line, f"{where} must be a list")
            return ()
        lines = getattr(value, "item_lines", [line] * len(value))
        items = tuple(
            self.build(item_hint, item, item_line, f"{where}[{i + 1}]")
            for i, (item, item_line) in enumerate(zip(value, lines, strict=True))
        )
        seen: dict[Any, int] = {}
        for item, item_line in zip(items, lines, strict=True):
            key = getattr(item, "id", None)
            if not isinstance(key, str | int):
                continue  # no id, or one of the wrong type (already reported)
            if key in seen:
                self.problem(
                    item_line,
                    f"the id {_shown(key)} is used twice in {where} (first on line {seen[key]})",
                )
            seen.setdefault(key, item_line)
        return items

    def _dict(self, value_hint: Any, value: Any, line: int, where: str) -> dict[Any, Any]:
        if not isinstance(value, dict):
            self.problem(line, f"{where} must be a table of names and values")
            return {}
        lines = getattr(value, "key_lines", {})
        return {
            k: self.build(value_hint, v, lines.get(k, line), f"{where}.{k}")
            for k, v in value.items()
        }

    def _dataclass(self, cls: Any, value: Any, line: int, where: str) -> Any:
        if not isinstance(value, dict):
            self.problem(line, f"{where} must be a table of fields")
            return None
        line = getattr(value, "line", line)
        lines = getattr(value, "key_lines", {})
        fields = {f.name: f for f in dataclasses.fields(cls)}
        hints = _hints(cls)
        label = f"{where} {_shown(value.get('id'))}" if "id" in value else where
        for key in value:
            if key not in fields:
                known = ", ".join(fields)
                self.problem(
                    lines.get(key, line), f"{label}: unknown field {key!r} (known: {known})"
                )
        built = {}
        for name, field in fields.items():
            has_default = (
                field.default is not dataclasses.MISSING
                or field.default_factory is not dataclasses.MISSING
            )
            if name not in value:
                if not has_default:
                    self.problem(line, f"{label}: the field {name!r} is missing")
                continue
            built[name] = self.build(
                hints[name], value[name], lines.get(name, line), f"{label}: {name}", field.metadata
            )
        if (
            value.get("source") == "house"
            and not str(value.get("why", "")).strip()
            and "why" in fields
        ):
            self.problem(line, f"{label}: a house rule (source: house) must say why")
        try:
            return cls(**built)
        except (TypeError, ValueError) as error:
            if not self.problems:
                self.problem(line, f"{label}: {error}")
            return None


def line_of(path: Path, *needles: str) -> int:
    """The first line holding every needle (for checks made after loading), else 1."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError:
        return 1
    return next((n for n, line in enumerate(lines, 1) if all(x in line for x in needles)), 1)


def load_file(path: Path, cls: type[T]) -> T:
    """Reads one YAML file into an instance of the dataclass `cls`, or raises CardDataError."""
    data = read_yaml(path)
    builder = _Builder(path)
    result: T = builder.build(cls, data, 1, path.stem)
    if builder.problems:
        raise CardDataError(builder.problems)
    return result


def load_cards(
    game_id: str,
    cls: type[T],
    folder: Path | None = None,
    check: Callable[[T, Path], list[str]] | None = None,
) -> T:
    """The card data of a game: `cards/<game_id>.yaml` from the resource finder.

    `check` finds what the schema cannot say (cross-references), as `file:line: message`.
    """
    path = (folder or resource_dir("cards")) / f"{game_id}.yaml"
    if not path.is_file():
        raise CardDataError([f"{path}:1: the card file of {game_id} is missing"])
    cards = load_file(path, cls)
    problems = check(cards, path) if check is not None else []
    if problems:
        raise CardDataError(problems)
    return cards
