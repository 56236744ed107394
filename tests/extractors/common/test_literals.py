"""One literal reader per language: the normal form (``common.literals``) and the kind an
assertion operand is given agree on every spelling, so a rule that compares operands and
one that compares normal forms see the same constants."""

from __future__ import annotations

import pytest

from ralph_validate.extractors.common import ir
from ralph_validate.extractors.common import treesitter as T
from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.common.literals import js_literal, literal_kind, py_literal
from ralph_validate.extractors.facts.integrity import Assertion
from ralph_validate.extractors.javascript.markers import parse_number
from ralph_validate.extractors.javascript.syntax import literal_kind as js_operand_kind
from ralph_validate.extractors.python.assertions import number_value
from ralph_validate.extractors.python.assertions import operand as py_operand


def _py_expression(source: str):
    statement = T.parse("python", source.encode()).root_node.named_children[0]
    return statement.named_children[0]


def _js_expression(source: str):
    statement = T.parse("typescript", f"{source};".encode()).root_node.named_children[0]
    return statement.named_children[0]


PYTHON = [
    ("3", "n:3"),
    ("(3)", "n:3"),
    ("-(3)", "n:-3"),
    ("+3", "n:3"),
    ("-0", "n:0"),
    ("0x1F", "n:31"),
    ("1_000", "n:1000"),
    ("2.50", "n:2.5"),
    ("3j", "c:3j"),
    ("-3j", None),
    ("'a' 'b'", "s:ab"),
    ('f"plain"', "s:plain"),
    ('f"{name}"', None),
    ('b"x"', "y:x"),
    ('rb"x"', "y:x"),
    ("True", "b:true"),
    ("+True", None),
    ("None", "none"),
    ("~3", None),
    ("name", None),
]


@pytest.mark.parametrize(("source", "normal"), PYTHON)
def test_python_normal_forms(source: str, normal: str | None) -> None:
    assert py_literal(_py_expression(source)) == normal


@pytest.mark.parametrize(("source", "normal"), PYTHON)
def test_python_operand_kind_is_the_normal_forms(source: str, normal: str | None) -> None:
    assert py_operand(_py_expression(source)).literal == literal_kind(normal)


JAVASCRIPT = [
    ("3", "n:3"),
    ("(3)", "n:3"),
    ("-(3)", "n:-3"),
    ("+3", "n:3"),
    ("1e3", "n:1000"),
    ("10n", "n:10"),
    ("'a'", "s:a"),
    ("`a`", "s:a"),
    ("`${a}`", None),
    ("'a' as const", "s:a"),
    ("true", "b:true"),
    ("+true", None),
    ("null", "none"),
    ("undefined", "none"),
    ("void 0", "none"),
    ("-x", None),
]


@pytest.mark.parametrize(("source", "normal"), JAVASCRIPT)
def test_javascript_normal_forms(source: str, normal: str | None) -> None:
    assert js_literal(_js_expression(source)) == normal


@pytest.mark.parametrize(("source", "normal"), JAVASCRIPT)
def test_javascript_operand_kind_is_the_normal_forms(source: str, normal: str | None) -> None:
    assert js_operand_kind(_js_expression(source)) == literal_kind(normal)


def test_a_parenthesised_constant_compared_with_itself_is_a_tautology() -> None:
    """``assert (1) == (1)`` reads both sides as numbers, as ``assert 1 == 1`` does."""
    source = b"def test_x():\n    assert (1) == (1)\n    assert -(2) == -(2)\n"
    facts = extract("tests/test_x.py", source)
    kinds = [[o.literal for o in a.operands] for a in facts.of_type(Assertion)]
    assert kinds == [["number", "number"], ["number", "number"]]


NUMBERS = [
    ("python", "1.5", 1.5),
    ("python", "1e3", 1000),
    ("python", "-5", -5),
    ("python", "-(3)", -3),
    ("python", "0x1F", 31),
    ("python", "1_000", 1000),
    ("javascript", "1.5", 1.5),
    ("javascript", "1e3", 1000),
    ("javascript", "10n", 10),
    ("javascript", "-5", -5),
    ("javascript", "-(3)", -3),
    ("javascript", "0x1F", 31),
]


@pytest.mark.parametrize(("language", "source", "value"), NUMBERS)
def test_every_number_reader_reads_the_normal_forms_value(
    language: str, source: str, value: float
) -> None:
    """The contract IR, the test-file reader and the marker readers agree on a number."""
    node = (_py_expression if language == "python" else _js_expression)(source)
    lowered = (ir.from_py if language == "python" else ir.from_js)(node)
    assert isinstance(lowered, ir.Lit) and lowered.value == value
    if "(" not in source:
        text_reader = number_value if language == "python" else parse_number
        assert text_reader(source) == value
