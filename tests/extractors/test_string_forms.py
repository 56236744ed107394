"""String forms are read once per language: text as written for facts, decoded values for
settings, template pieces around their holes; every reader of the extractors uses these."""

from __future__ import annotations

import re
from pathlib import Path

from ralph_validate.extractors.common import treesitter as T
from ralph_validate.extractors.javascript import strings as js
from ralph_validate.extractors.python import strings as py

ROOT = Path(__file__).resolve().parents[2]


def _js_value(source: str):
    root = T.parse("typescript", source.encode()).root_node
    declarator = root.named_children[0].named_children[0]
    return declarator.child_by_field_name("value")


def _py_value(source: str):
    root = T.parse("python", source.encode()).root_node
    return root.named_children[0].named_children[0].child_by_field_name("right")


def test_js_text_as_written_keeps_escapes_and_decoded_resolves_them() -> None:
    node = _js_value("const x = 'a\\nb' + `c\\u{1F600}` + \"\\x41\\'\";")
    assert js.literal_string(node) == "a\\nbc\\u{1F600}\\x41\\'"
    assert js.decoded_string(node) == "a\nbc\U0001f600A'"
    assert js.literal_string(_js_value("const x = (`p${q}r`);")) is None
    assert js.template_pieces(_js_value("const x = `p${q}r\\n`;")) == ["p", None, "r", "\\n"]
    assert js.decoded_string(_js_value("const x = 'a' as string;")) == "a"


def test_py_text_as_written_keeps_escapes_and_decoded_resolves_them() -> None:
    node = _py_value("x = ('a\\nb' 'c') + r'\\d'\n")
    assert py.literal_string(node) == "a\\nbc\\d"
    assert py.decoded_string(node) == "a\nbc\\d"
    assert py.decoded_string(_py_value("x = b'bytes'\n")) is None
    assert py.literal_string(_py_value("x = f'{y}z'\n")) is None
    assert py.template_pieces(_py_value("x = f'{y}z'\n")) == [None, "z"]
    assert py.module_relative_string(_py_value("x = f'{__name__}.fetch'\n")) == "__name__.fetch"


def test_no_other_module_reads_string_literal_nodes() -> None:
    """Only the two string-forms modules look inside string nodes."""
    pieces = re.compile(r'"(string_fragment|string_content|escape_sequence)"')
    readers = sorted(
        p.relative_to(ROOT).as_posix()
        for p in (ROOT / "extractors").rglob("*.py")
        if pieces.search(p.read_text(encoding="utf-8"))
    )
    assert readers == ["extractors/javascript/strings.py", "extractors/python/strings.py"]


# Text-level readers of source that is not a string node: a type annotation written as
# text (a forward reference ``"Order"``).
_TEXT_LEVEL = {"extractors/python/wire.py"}


def test_no_other_module_strips_quotes_off_source_text() -> None:
    """Quote stripping and ``[1:-1]`` slicing of a node's text are string reading too:
    only the string-forms modules do it; rules read the string the facts carry."""
    quotes = re.compile(r"""\.strip\(\s*["']\\?['"`]|text\([^)]*\)\[1:-1\]""")
    readers = sorted(
        path
        for folder in ("extractors", "validator", "gate")
        for p in (ROOT / folder).rglob("*.py")
        if quotes.search(p.read_text(encoding="utf-8"))
        and (path := p.relative_to(ROOT).as_posix()) not in _TEXT_LEVEL
    )
    assert readers == []


def test_a_docstring_keeps_its_last_letters() -> None:
    from ralph_validate.extractors.python.markers import docstring

    root = T.parse("python", b'def f():\n    """Covers REQ-1 for a stub"""\n').root_node
    body = root.named_children[0].child_by_field_name("body")
    assert docstring(body) == "Covers REQ-1 for a stub"
