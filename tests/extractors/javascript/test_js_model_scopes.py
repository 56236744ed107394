"""The JS/TS model's scopes: ``var`` to the function, ``let``/``const`` to the block,
parameters (destructured too) to their function, so a local named like an import is not it."""

from __future__ import annotations

import pytest
import tree_sitter as ts

from ralph_validate.extractors.common.dispatch import SourceFile
from ralph_validate.extractors.javascript.model import JsModel


def _model(code: str, language: str = "typescript") -> tuple[JsModel, list[ts.Node]]:
    suffix = {"typescript": "ts", "javascript": "js", "tsx": "tsx"}[language]
    source = SourceFile(f"web/a.{suffix}", code.encode(), language)
    found: list[ts.Node] = []
    stack = [source.tree.root_node]
    while stack:
        node = stack.pop()
        if node.type == "identifier" and node.text == b"api":
            found.append(node)
        stack.extend(node.children)
    return source.model(JsModel), sorted(found, key=lambda n: n.start_byte)


@pytest.mark.parametrize("language", ["javascript", "typescript", "tsx"])
@pytest.mark.parametrize(
    ("code", "imported"),
    [
        ("import api from './api';\nexport const f = () => api.get();\n", True),
        ("import * as api from './api';\nfunction f(api) { return api.get(); }\n", False),
        ("const { api } = require('./m');\nfunction f() { return api.get(); }\n", True),
        ("import api from './api';\nfunction f({ api }) { return api.get(); }\n", False),
        ("import api from './api';\nfunction f([, api] = []) { return api.get(); }\n", False),
        ("import api from './api';\nfunction f({ x: { api } }) { return api.get(); }\n", False),
        ("import api from './api';\nfunction f(...api) { return api.get(); }\n", False),
        ("import api from './api';\nconst f = api => api.get();\n", False),
        ("import api from './api';\nfunction f() { let api = 1; return api.get(); }\n", False),
        ("import api from './api';\ntry { x() } catch (api) { api.get(); }\n", False),
        ("import api from './api';\nfor (const api of list) { api.get(); }\n", False),
        ("import api from './api';\nconst g = function api() { return api.get(); };\n", False),
    ],
)
def test_a_local_or_parameter_shadowing_an_import_is_not_the_import(
    code: str, imported: bool, language: str
) -> None:
    model, names = _model(code, language)
    assert model.is_import("api", names[-1]) is imported


def test_let_and_const_belong_to_their_block_var_to_the_function() -> None:
    model, names = _model(
        "import api from './api';\n"
        "function f() {\n"
        "  if (a) { let api = 1; }\n"
        "  return api;\n"
        "}\n"
        "function g() {\n"
        "  if (a) { var api = 1; }\n"
        "  return api;\n"
        "}\n",
        "javascript",
    )
    after_let, after_var = names[2], names[4]
    assert model.is_import("api", after_let)
    assert not model.is_import("api", after_var)
    scope = model.scopes.lookup("api", after_var)
    assert scope is not None and scope.kind == "function"


def test_a_require_inside_a_function_imports_only_there() -> None:
    model, names = _model(
        "function load() { const api = require('./api'); return api; }\n"
        "function other(api) { return api; }\n",
        "javascript",
    )
    assert model.is_import("api", names[1])
    assert not model.is_import("api", names[-1])
