"""The one place JSON, TOML and YAML text is parsed, with bounds on nesting and size.

Python's parsers recurse once per nesting level, so a file nested 20,000 deep raises
``RecursionError`` inside them, and a YAML document whose aliases refer to aliases (a
"billion laughs" of a few hundred bytes) expands into more values than memory holds once
anything walks it. Every reader goes through here instead: a document over a bound fails
with the parser's own error type (``json.JSONDecodeError``, ``tomllib.TOMLDecodeError``,
``yaml.YAMLError``) and a message naming the bound, so each caller keeps the handling it
already has for a file that does not parse (exit 2 for the user's own files, a skipped or
UNKNOWN file among many).
"""

from __future__ import annotations

import json
import re
import tomllib
from typing import Any

import yaml
from yaml.composer import ComposerError

MAX_DEPTH = 200
"""Deepest nesting read in any format; real configuration and task files stay far below."""
MAX_YAML_CHARS = 20_000_000
"""Longest YAML text composed (the pure-Python composer takes seconds per megabyte)."""
MAX_YAML_NODES = 1_000_000
"""Most values a YAML document may stand for with every alias expanded."""

_JSON_TOKENS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]')
_TOML_TOKENS = re.compile(
    r'"""[\s\S]*?"""|\'\'\'[\s\S]*?\'\'\'|"[^"\\\n]*(?:\\.[^"\\\n]*)*"|\'[^\'\n]*\'|#[^\n]*|[\[\]{}]'
)
_OPEN = frozenset("[{")
_CLOSE = frozenset("]}")


def _too_deep_at(text: str, tokens: re.Pattern[str]) -> int:
    """Offset of the first bracket nested deeper than MAX_DEPTH, or -1. Strings and
    comments (the pattern's longer matches) are skipped; unbalanced closers are left to
    the parser to report."""
    depth = 0
    for match in tokens.finditer(text):
        token = match.group()
        if token in _OPEN:
            depth += 1
            if depth > MAX_DEPTH:
                return match.start()
        elif token in _CLOSE:
            depth = max(depth - 1, 0)
    return -1


def depth_message() -> str:
    """The one wording of the nesting bound, shared by every format."""
    return f"nested deeper than {MAX_DEPTH} levels"


def json_loads(text: str | bytes) -> Any:
    """``json.loads`` that refuses nesting deeper than MAX_DEPTH with a JSONDecodeError."""
    if isinstance(text, bytes):
        text = text.decode("utf-8")
    at = _too_deep_at(text, _JSON_TOKENS)
    if at >= 0:
        raise json.JSONDecodeError(depth_message(), text, at)
    return json.loads(text)


def toml_loads(text: str) -> dict[str, Any]:
    """``tomllib.loads`` that refuses nesting deeper than MAX_DEPTH with a TOMLDecodeError."""
    at = _too_deep_at(text, _TOML_TOKENS)
    if at >= 0:
        line = text.count("\n", 0, at) + 1
        raise tomllib.TOMLDecodeError(f"{depth_message()} (at line {line})")
    return tomllib.loads(text)


class LimitExceeded(Exception):
    """A document past one of the bounds (nesting, alias expansion, size): a reader that
    skips malformed input says so for this one rather than drop it silently."""


class YamlLimitExceeded(ComposerError, LimitExceeded):
    """A YAML document past a bound (a ``ComposerError``, so YAML readers still catch it)."""


class _BoundedLoader(yaml.SafeLoader):
    """The safe loader with the nesting and alias-expansion bounds applied while composing."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._depth = 0

    def compose_node(self, parent: yaml.Node | None, index: object) -> yaml.Node:  # type: ignore[override]
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                mark = self.peek_event().start_mark
                raise YamlLimitExceeded(None, None, depth_message(), mark)
            return super().compose_node(parent, index)  # type: ignore[arg-type]
        finally:
            self._depth -= 1

    def compose_document(self) -> yaml.Node | None:  # type: ignore[override]
        node = super().compose_document()
        if node is not None and _expanded_size(node, {}) > MAX_YAML_NODES:
            raise YamlLimitExceeded(
                None,
                None,
                f"aliases expand to more than {MAX_YAML_NODES} values",
                node.start_mark,
            )
        return node


def _expanded_size(node: yaml.Node, seen: dict[int, int]) -> int:
    """How many values ``node`` stands for with every alias expanded; each distinct node is
    counted once (``seen``) and its total reused, so this is linear in the composed nodes.
    Composition is bounded by MAX_DEPTH, so the recursion is too."""
    known = seen.get(id(node))
    if known is not None:
        return known
    total = 1
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            total += _expanded_size(key, seen) + _expanded_size(value, seen)
            if total > MAX_YAML_NODES:
                break
    elif isinstance(node, yaml.SequenceNode):
        for item in node.value:
            total += _expanded_size(item, seen)
            if total > MAX_YAML_NODES:
                break
    seen[id(node)] = total
    return total


def _checked(text: str) -> str:
    if len(text) > MAX_YAML_CHARS:
        raise YamlLimitExceeded(None, None, f"longer than {MAX_YAML_CHARS} characters", None)
    return text


def yaml_compose(text: str) -> yaml.Node | None:
    """The one composed YAML document (nodes keep their line marks), bounded."""
    return yaml.compose(_checked(text), Loader=_BoundedLoader)


def yaml_compose_all(text: str) -> list[yaml.Node | None]:
    """Every composed document of a YAML stream, bounded."""
    return list(yaml.compose_all(_checked(text), Loader=_BoundedLoader))


def yaml_load(text: str) -> Any:
    """The one YAML document as plain values (safe tags only), bounded."""
    return yaml.load(_checked(text), Loader=_BoundedLoader)


def yaml_scan(text: str) -> list[yaml.Token]:
    """The YAML scanner's tokens (the scanner keeps no nesting on the call stack)."""
    return list(yaml.scan(_checked(text), Loader=yaml.SafeLoader))
