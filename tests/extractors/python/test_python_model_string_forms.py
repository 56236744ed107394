"""The Python model's string forms: the constant text of literals in every quoting, of
concatenations, of f-strings without fields, and of module names bound once to such text."""

from __future__ import annotations

import pytest
import tree_sitter as ts

from ralph_validate.extractors.common.dispatch import SourceFile
from ralph_validate.extractors.python.model import PythonModel


def _values(code: str) -> dict[str, str | None]:
    """name -> string form of the last expression statement ``probe_<name> = <expr>``."""
    source = SourceFile("app/config.py", code.encode(), "python")
    model = source.model(PythonModel)
    out: dict[str, str | None] = {}
    stack: list[ts.Node] = [source.tree.root_node]
    while stack:
        node = stack.pop()
        stack.extend(node.children)
        if node.type == "assignment":
            left = node.child_by_field_name("left")
            if left is not None and left.text is not None and left.text.startswith(b"probe_"):
                out[left.text.decode()[6:]] = model.string_value(node.child_by_field_name("right"))
    return out


@pytest.mark.parametrize(
    ("expression", "value"),
    [
        ("'single'", "single"),
        ('"double"', "double"),
        ("'''triple\nline'''", "triple\nline"),
        ('r"\\d+\\.json"', "\\d+\\.json"),
        ("b'bytes'", "bytes"),
        ("f'no fields'", "no fields"),
        ("'a' \"b\" 'c'", "abc"),
        ("('https://' + 'api') + '/v1'", "https://api/v1"),
        ("f'{x}'", None),
        ("'a' + name", None),
        ("3", None),
    ],
)
def test_string_expressions_have_their_constant_text(expression: str, value: str | None) -> None:
    assert _values(f"probe_it = {expression}\n") == {"it": value}


def test_a_module_name_bound_once_to_a_string_reads_as_that_string() -> None:
    values = _values(
        "BASE = 'https://' + 'api.example.com'\n"
        "TWICE = 'a'\n"
        "TWICE = 'b'\n"
        "def handler(BASE_URL=None):\n"
        "    probe_base = BASE\n"
        "    probe_twice = TWICE\n"
        "def shadowed(BASE):\n"
        "    probe_param = BASE\n"
        "class Settings:\n"
        "    BASE = 'class level'\n"
        "    probe_class = BASE\n"
        "probe_unknown = UNDEFINED\n"
    )
    assert values == {
        "base": "https://api.example.com",
        "twice": None,
        "param": None,
        "class": None,  # a class attribute is no module name
        "unknown": None,
    }


def test_a_module_name_rebound_through_global_is_not_constant() -> None:
    values = _values("URL = 'x'\ndef f():\n    global URL\n    URL = 'y'\nprobe_url = URL\n")
    assert values == {"url": None}
