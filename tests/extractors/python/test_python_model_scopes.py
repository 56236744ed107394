"""The Python model's scopes: a reference reads the binding Python would, so a parameter,
local or class attribute named like an import is not resolved as the import."""

from __future__ import annotations

import tree_sitter as ts

from ralph_validate.extractors.common.dispatch import SourceFile
from ralph_validate.extractors.python.model import PythonModel


def _model(code: str) -> tuple[PythonModel, ts.Node]:
    source = SourceFile("pkg/mod.py", code.encode(), "python")
    return source.model(PythonModel), source.tree.root_node


def _names(root: ts.Node, name: str) -> list[ts.Node]:
    found: list[ts.Node] = []
    stack = [root]
    while stack:
        node = stack.pop()
        if node.type == "identifier" and node.text == name.encode():
            found.append(node)
        stack.extend(node.children)
    return sorted(found, key=lambda n: n.start_byte)


def test_a_parameter_or_local_shadowing_an_import_is_not_the_import() -> None:
    model, root = _model(
        "import pytest as pt\n"
        "def uses_import():\n"
        "    return pt.raises\n"
        "def takes(pt):\n"
        "    return pt.raises\n"
        "def assigns():\n"
        "    pt = object()\n"
        "    return pt.raises\n"
    )
    reads = [n for n in _names(root, "pt") if n.parent is not None and n.parent.type == "attribute"]
    assert [model.resolve_at("pt.raises", n) for n in reads] == [
        "pytest.raises",
        "pt.raises",
        "pt.raises",
    ]


def test_nested_functions_see_enclosing_bindings_and_nonlocal_follows_them() -> None:
    model, root = _model(
        "from client import fetch\n"
        "def outer():\n"
        "    fetch = None\n"
        "    def inner():\n"
        "        nonlocal fetch\n"
        "        return fetch\n"
        "    def deeper():\n"
        "        def deepest():\n"
        "            return fetch\n"
        "        return deepest\n"
        "def other():\n"
        "    return fetch\n"
    )
    kinds = []
    for node in _names(root, "fetch")[1:]:
        scope = model.scopes.lookup("fetch", node)
        kinds.append((node.start_point[0] + 1, scope.kind if scope else None))
    assert kinds == [
        (3, "function"),
        (5, "function"),
        (6, "function"),
        (9, "function"),
        (12, "module"),
    ]
    last = _names(root, "fetch")[-1]
    assert model.imported_at("fetch", last)
    assert not model.imported_at("fetch", _names(root, "fetch")[-2])


def test_class_bodies_are_seen_only_from_their_own_code() -> None:
    model, root = _model(
        "from mocks import patch\n"
        "class Case:\n"
        "    patch = staticmethod(print)\n"
        "    used = patch\n"
        "    def method(self):\n"
        "        return patch\n"
    )
    body_read, method_read = _names(root, "patch")[2:]
    assert not model.imported_at("patch", body_read)
    assert model.imported_at("patch", method_read)


def test_global_rebinds_the_module_name_and_comprehension_targets_stay_inside() -> None:
    model, root = _model(
        "import json\n"
        "def reset():\n"
        "    global json\n"
        "    json = None\n"
        "    return json\n"
        "rows = [json for json in range(3)]\n"
        "after = json\n"
    )
    refs = _names(root, "json")
    assert model.scopes.module.times["json"] == 2  # the import and the global assignment
    assert model.scopes.lookup("json", refs[3]) is model.scopes.module
    in_comprehension = refs[4]
    scope = model.scopes.lookup("json", in_comprehension)
    assert scope is not None and scope.kind == "comprehension"
    assert model.imported_at("json", refs[-1])


def test_imports_inside_a_function_bind_only_there() -> None:
    model, root = _model(
        "def load():\n"
        "    import boto3 as aws\n"
        "    return aws.client\n"
        "def elsewhere():\n"
        "    return aws.client\n"
    )
    inside, outside = [n for n in _names(root, "aws") if n.parent.type == "attribute"]
    assert model.resolve_at("aws.client", inside) == "boto3.client"
    assert model.resolve_at("aws.client", outside) == "aws.client"
    assert model.resolve("aws.client") == "boto3.client"  # the file-wide view, unchanged
