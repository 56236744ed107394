"""A parameter or local that shadows an imported name is not the import, at every reader
that qualifies a name through the imports: runtime patches, ``setattr``/``patch.object``
targets, double sites, imported calls, SDK clients, contract doubles and route models.
Each case is written twice: the import read (the fact is there) and the shadow (it is not)."""

from __future__ import annotations

import textwrap

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.contracts import Mock, SdkCall
from ralph_validate.extractors.facts.impl import RuntimePatch
from ralph_validate.extractors.facts.integrity import Double, ImportedCall


def _facts(path: str, source: str, kind: type) -> list:
    return [f for f in extract(path, textwrap.dedent(source).encode()).facts if isinstance(f, kind)]


def test_assigning_to_a_parameter_named_like_a_module_patches_nothing() -> None:
    source = """
        import time

        def freeze():
            time.time = lambda: 0

        def clock(time):
            time.time = lambda: 0
            setattr(time, "sleep", print)
        """
    patches = _facts("src/clock.py", source, RuntimePatch)
    assert [(p.line, p.target) for p in patches] == [(5, "time.time")]


def test_setattr_on_the_imported_module_is_a_patch_and_on_a_local_is_not() -> None:
    source = """
        import os

        def real():
            setattr(os, "getcwd", str)

        def local():
            os = object()
            setattr(os, "getcwd", str)
        """
    patches = _facts("src/cwd.py", source, RuntimePatch)
    assert [(p.line, p.target) for p in patches] == [(5, "os.getcwd")]


def test_patch_object_and_imported_calls_follow_the_binding_in_a_test() -> None:
    source = """
        from unittest import mock
        import shop.api as api

        def test_import():
            with mock.patch.object(api, "fetch"):
                assert api.total() == 3

        def test_shadow(api):
            with mock.patch.object(api, "fetch"):
                assert api.total() == 3
        """
    doubles = _facts("tests/test_shop.py", source, Double)
    calls = _facts("tests/test_shop.py", source, ImportedCall)
    assert [(d.line, d.target) for d in doubles] == [(6, "shop.api.fetch")]
    assert [(c.line, c.target) for c in calls if c.target.startswith("shop")] == [
        (7, "shop.api.total")
    ]


def test_a_name_shadowing_boto3_makes_no_client() -> None:
    source = """
        import boto3

        def real(arn):
            sfn = boto3.client("stepfunctions")
            return sfn.describe_execution(executionArn=arn)["status"]

        def parameter(boto3, arn):
            sfn = boto3.client("stepfunctions")
            return sfn.describe_execution(executionArn=arn)["status"]

        def local(arn):
            boto3 = load_fake()
            sfn = boto3.Session().client("stepfunctions")
            return sfn.describe_execution(executionArn=arn)["status"]
        """
    calls = _facts("src/runs.py", source, SdkCall)
    assert [c.line for c in calls] == [6]


def test_a_contract_double_of_a_shadowed_module_has_no_target() -> None:
    source = """
        from unittest import mock
        import shop.api as api

        def test_import():
            with mock.patch.object(api, "fetch", return_value={"id": 1}):
                pass

        def test_shadow(api):
            with mock.patch.object(api, "fetch", return_value={"id": 1}):
                pass
        """
    mocks = _facts("tests/test_contract.py", source, Mock)
    assert sorted({(m.line, m.target) for m in mocks}) == [(6, "shop.api.fetch")]


def test_an_import_inside_one_function_is_read_there_only() -> None:
    """A function that imports a module under a name the file imports otherwise changes
    nothing elsewhere; inside it, its own import is the one read."""
    source = """
        from datetime import datetime

        def freeze():
            datetime.now = lambda: 0

        def other():
            import datetime
            datetime.date = None
        """
    patches = _facts("src/clock.py", source, RuntimePatch)
    assert [(p.line, p.target) for p in patches] == [
        (5, "datetime.datetime.now"),
        (9, "datetime.date"),
    ]


def test_a_mock_target_keeps_the_module_import_when_another_test_imports_a_name() -> None:
    source = """
        from unittest import mock
        from shop import api

        def test_one():
            with mock.patch.object(api, "fetch"):
                assert api.total() == 3

        def test_two():
            import api
            assert api.version()
        """
    doubles = _facts("tests/test_shop.py", source, Double)
    calls = _facts("tests/test_shop.py", source, ImportedCall)
    assert [(d.line, d.target) for d in doubles] == [(6, "shop.api.fetch")]
    assert [(c.line, c.target) for c in calls if "total" in c.target or "version" in c.target] == [
        (7, "shop.api.total"),
        (11, "api.version"),
    ]
