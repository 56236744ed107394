"""JSON and YAML documents with line numbers, CloudFormation short-form tags kept as values.

``yaml.safe_load`` rejects ``!GetAtt X.Arn``; here every ``!Tag`` becomes a
``Tagged`` value and every mapping and list remembers the line of each entry, so
facts read from templates, ASL files and mock configurations point at a line.
JSON is read by the same composer (JSON is YAML once tabs are spaces).
"""

from __future__ import annotations

from dataclasses import dataclass

import yaml

from ...core.bounded import LimitExceeded, yaml_compose

_TAG_PREFIX = "tag:yaml.org,2002:"


class PMap(dict[str, object]):
    """A mapping that knows its own line and the line of each key."""

    line: int = 0
    key_lines: dict[str, int]

    def line_of(self, key: str) -> int:
        """Line of ``key``, else the mapping's own line."""
        return self.key_lines.get(key, self.line)


class PList(list[object]):
    """A list that knows its own line and the line of each item."""

    line: int = 0
    item_lines: list[int]


@dataclass(frozen=True)
class Tagged:
    """A CloudFormation short-form tag (``!GetAtt``, ``!Ref``, ``!Sub``...) and its operand."""

    tag: str  # without the "!": "GetAtt", "Ref", "Sub"
    value: object
    line: int


class Block(str):
    """A literal block scalar (``|``): its text keeps the file's lines, the first one at
    ``first_line``, so a document inside it (an inline ASL definition) can point at them."""

    first_line: int = 0


def _scalar(node: yaml.ScalarNode) -> object:
    tag = node.tag.removeprefix(_TAG_PREFIX)
    text = node.value
    try:
        if tag == "int":
            return int(text, 0) if text.lower().startswith(("0x", "0o")) else int(text)
        if tag == "float":
            return float(text)
    except ValueError:
        return text
    if tag == "bool":
        return text.lower() in ("true", "yes", "on", "y")
    if tag == "null":
        return None
    if node.style == "|":
        block = Block(text)
        block.first_line = node.start_mark.line + 2  # the line after the ``|`` indicator
        return block
    return text


def _convert(node: yaml.Node, shift: int = 0, at: int = 0) -> object:
    """``shift`` moves every line; ``at`` > 0 puts every position on that line."""
    line = at or node.start_mark.line + 1 + shift
    if node.tag.startswith("!"):
        plain = _untagged(node)
        return Tagged(node.tag[1:], _convert(plain, shift, at), line)
    if isinstance(node, yaml.MappingNode):
        out = PMap()
        out.line = line
        out.key_lines = {}
        for key_node, value_node in node.value:
            key = _convert(key_node)
            name = key if isinstance(key, str) else str(key)
            out[name] = _convert(value_node, shift, at)
            out.key_lines[name] = at or key_node.start_mark.line + 1 + shift
        return out
    if isinstance(node, yaml.SequenceNode):
        items = PList(_convert(n, shift, at) for n in node.value)
        items.line = line
        items.item_lines = [at or n.start_mark.line + 1 + shift for n in node.value]
        return items
    assert isinstance(node, yaml.ScalarNode)
    return _scalar(node)


def _untagged(node: yaml.Node) -> yaml.Node:
    """The node as if it had no explicit tag (a tagged scalar is a string)."""
    if isinstance(node, yaml.MappingNode):
        return yaml.MappingNode(_TAG_PREFIX + "map", node.value, node.start_mark, node.end_mark)
    if isinstance(node, yaml.SequenceNode):
        return yaml.SequenceNode(_TAG_PREFIX + "seq", node.value, node.start_mark, node.end_mark)
    return yaml.ScalarNode(
        _TAG_PREFIX + "str", node.value, node.start_mark, node.end_mark, style=node.style
    )


def load(
    text: str, *, json_text: bool = False, first_line: int = 1, one_line: int = 0
) -> object | None:
    """The document's value with positions, or None when it does not parse; ``first_line``
    is the line of the text's first line in its file (a document inside a block scalar),
    ``one_line`` the line every position gets when the text's own lines are not the file's
    (a document inside a quoted string)."""
    if json_text:
        text = text.replace("\t", " ")
    try:
        node = yaml_compose(text)
    except yaml.YAMLError as error:
        if isinstance(error, LimitExceeded):
            raise  # past a bound: the file is named as not read, never dropped silently
        return None
    if node is None:
        return None
    return _convert(node, first_line - 1, one_line)


def plain(value: object) -> object:
    """The value without positions (tags kept), for literal comparisons."""
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value
