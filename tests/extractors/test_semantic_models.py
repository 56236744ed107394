"""One semantic model per file and language: imports read once, shared by every extractor."""

from __future__ import annotations

from ralph_validate.extractors.common.dispatch import SourceFile
from ralph_validate.extractors.javascript.model import JsImport, JsModel
from ralph_validate.extractors.python.model import PyImport, PythonModel, qualname


def _python(path: str, code: str) -> SourceFile:
    return SourceFile(path, code.encode(), "python")


def test_python_imports_become_qualified_names_relative_ones_resolved() -> None:
    source = _python(
        "src/app/routes/orders.py",
        "import pytest as pt\n"
        "import os.path\n"
        "from ..client import fetch as get\n"
        "from . import schemas\n"
        "def f():\n"
        "    from aws_cdk import aws_lambda as _lambda\n",
    )
    model = source.model(PythonModel)
    assert model.module == "src.app.routes.orders"
    assert model.qualified == {
        "pt": "pytest",
        "os": "os",
        "os.path": "os.path",
        "get": "src.app.client.fetch",
        "schemas": "src.app.routes.schemas",
        "_lambda": "aws_cdk.aws_lambda",
    }
    assert model.imports[-1] == PyImport(
        "_lambda", "aws_cdk.aws_lambda", "aws_cdk", "aws_lambda", 6, False, "aws_cdk"
    )
    assert model.resolve("pt.mark.skip") == "pytest.mark.skip"
    assert model.resolve("local.name") == "local.name"


def test_python_symbols_name_the_enclosing_definitions() -> None:
    source = _python("pkg/poll.py", "class Poller:\n    def status(self):\n        return 1\n")
    method = source.tree.root_node.named_children[0].child_by_field_name("body").named_children[0]
    assert qualname(method) == "Poller.status"
    assert source.model(PythonModel).symbol(method) == "pkg/poll.py::Poller.status"


def test_the_model_is_built_once_per_file() -> None:
    source = _python("a.py", "import boto3\n")
    assert source.model(PythonModel) is source.model(PythonModel)


def test_javascript_imports_and_requires_read_once_with_their_exported_names() -> None:
    source = SourceFile(
        "web/a.ts",
        b"import api, { fetchOrder as get } from './client';\n"
        b"import * as tasks from 'aws-cdk-lib/aws-stepfunctions-tasks';\n"
        b"const { a, b: c } = require('./m');\n"
        b"const whole = require('./w');\n"
        b"const x = require('./y').x;\n",
        "typescript",
    )
    model = source.model(JsModel)
    assert model.imports == (
        JsImport("api", "./client", "default", "import"),
        JsImport("get", "./client", "fetchOrder", "import"),
        JsImport("tasks", "aws-cdk-lib/aws-stepfunctions-tasks", "*", "import"),
        JsImport("a", "./m", "a", "require", True),
        JsImport("c", "./m", "b", "require", True),
        JsImport("whole", "./w", "", "require"),
        JsImport("x", "./y", "x", "require", member="x"),
    )
    assert model.bindings() == {
        "a": ("./m", "a"),
        "c": ("./m", "b"),
        "whole": ("./w", "*"),
        "x": ("./y", "x"),
        "api": ("./client", "default"),
        "get": ("./client", "fetchOrder"),
        "tasks": ("aws-cdk-lib/aws-stepfunctions-tasks", "*"),
    }


def test_both_models_list_named_and_whole_module_imports_the_same_way() -> None:
    py = _python(
        "infra/stack.py",
        "import aws_cdk.aws_stepfunctions_tasks as tasks\n"
        "import os\n"
        "from aws_cdk import aws_lambda as lam, Stack\n",
    ).model(PythonModel)
    assert py.module_imports() == [("aws_cdk.aws_stepfunctions_tasks", "tasks")]
    assert py.named_imports() == [
        ("aws_cdk", "aws_lambda", "lam"),
        ("aws_cdk", "Stack", "Stack"),
    ]
    js = SourceFile(
        "infra/stack.ts",
        b"import * as sfn from 'aws-cdk-lib/aws-stepfunctions';\n"
        b"import cdk, { Stack as S } from 'aws-cdk-lib';\n"
        b"const lam = require('aws-cdk-lib/aws-lambda');\n"
        b"const { Function: Fn } = require('aws-cdk-lib/aws-lambda');\n",
        "typescript",
    ).model(JsModel)
    assert js.module_imports() == [
        ("aws-cdk-lib/aws-stepfunctions", "sfn"),
        ("aws-cdk-lib/aws-lambda", "lam"),
    ]
    assert js.named_imports() == [
        ("aws-cdk-lib", "Stack", "S"),
        ("aws-cdk-lib/aws-lambda", "Function", "Fn"),
    ]


def test_javascript_model_lists_every_module_reference_with_its_line() -> None:
    source = SourceFile(
        "web/index.js",
        b"import './polyfill';\n"
        b'export { a } from "./a";\n'
        b"export * from './b';\n"
        b"function load() {\n"
        b"  return require('./lazy').value + import(`./c`);\n"
        b"}\n"
        b"const d = await import('./d');\n",
        "javascript",
    )
    assert source.model(JsModel).references == (
        ("./polyfill", 1),
        ("./a", 2),
        ("./b", 3),
        ("./lazy", 5),
        ("./d", 7),
    )


def test_an_export_named_by_a_string_is_imported_under_its_text() -> None:
    source = SourceFile(
        "web/a.js", b"import { \"kebab-name\" as kebab, plain } from './m';\n", "javascript"
    )
    assert [(i.local, i.name) for i in source.model(JsModel).imports] == [
        ("kebab", "kebab-name"),
        ("plain", "plain"),
    ]
