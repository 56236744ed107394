"""The JS/TS model's string forms: literals in either quote style, templates without
substitutions, ``+`` concatenations, casts, and top-level ``const`` names bound to them."""

from __future__ import annotations

import pytest
import tree_sitter as ts

from ralph_validate.extractors.common.dispatch import SourceFile
from ralph_validate.extractors.javascript.model import JsModel


def _probes(code: str, language: str = "typescript") -> dict[str, str | None]:
    """name -> string form of the value of each ``probe_<name> = <expr>`` declarator."""
    source = SourceFile("web/config.ts", code.encode(), language)
    model = source.model(JsModel)
    out: dict[str, str | None] = {}
    stack: list[ts.Node] = [source.tree.root_node]
    while stack:
        node = stack.pop()
        stack.extend(node.children)
        if node.type == "variable_declarator":
            name = node.child_by_field_name("name")
            if name is not None and name.text is not None and name.text.startswith(b"probe_"):
                out[name.text.decode()[6:]] = model.string_value(node.child_by_field_name("value"))
    return out


@pytest.mark.parametrize(
    ("expression", "value"),
    [
        ("'single'", "single"),
        ('"double"', "double"),
        ("`plain template`", "plain template"),
        ("'tab\\there'", "tab\\there"),
        ("'/api' + \"/v1\" + `/orders`", "/api/v1/orders"),
        ("('/api' as string)", "/api"),
        ("`/orders/${id}`", None),
        ("'/api' + id", None),
        ("42", None),
    ],
)
def test_string_expressions_have_their_constant_text(expression: str, value: str | None) -> None:
    assert _probes(f"const probe_it = {expression};\n") == {"it": value}


def test_a_top_level_const_bound_to_a_string_reads_as_that_string() -> None:
    probes = _probes(
        "export const BASE = 'https://' + 'api.example.com';\n"
        "let MUTABLE = '/m';\n"
        "function f(BASE2) {\n"
        "  const probe_base = BASE;\n"
        "  const probe_mutable = MUTABLE;\n"
        "}\n"
        "function g(BASE) { const probe_param = BASE; }\n"
        "function h() { const BASE = 'local'; const probe_local = BASE; }\n",
        "typescript",
    )
    assert probes == {
        "base": "https://api.example.com",
        "mutable": None,
        "param": None,
        "local": None,  # only top-level names are read through
    }
