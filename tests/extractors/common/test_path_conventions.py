"""What a path says about a file by the conventions of its language and its tools."""

from __future__ import annotations

import pytest

from ralph_validate.extractors.common.paths import (
    is_source_path,
    is_test_file,
    is_test_path,
    is_test_side,
    may_be_minified,
    may_declare_aliases,
    subject_of_test_file,
)


@pytest.mark.parametrize(
    "path",
    [
        "tests/test_pricing.py",
        "pkg/pricing_test.py",
        "pkg/conftest.py",
        "stubs/pricing.pyi",
        "src/pricing.test.ts",
        "src/pricing.spec.jsx",
        "src/__tests__/pricing.js",
        "e2e/checkout.ts",
        "cmd/server_test.go",
    ],
)
def test_test_files_are_known_by_name_or_folder(path: str) -> None:
    assert is_test_path(path)


@pytest.mark.parametrize("path", ["src/pricing.py", "src/contest.ts", "lib/latest.js"])
def test_production_files_are_not_tests(path: str) -> None:
    assert not is_test_path(path)
    assert not is_test_file(path)


def test_the_contract_engine_counts_fewer_files_as_tests() -> None:
    assert is_test_file("spec/orders.rb") and is_test_file("src/orders.spec.ts")
    assert is_test_path("pkg/conftest.py") and not is_test_file("pkg/conftest.py")
    assert is_test_path("e2e/flow.ts") and not is_test_file("e2e/flow.ts")


def test_test_support_beside_the_code_is_on_the_test_side() -> None:
    assert is_test_side("jest.setup.ts")
    assert is_test_side("src/setupTests.ts")
    assert is_test_side("src/__mocks__/axios.js")
    assert is_test_side("src/test-utils.tsx")
    assert not is_test_side("setup.py")
    assert not is_test_side("src/settings.py")


def test_code_files_and_minifiable_bundles_are_known_by_extension() -> None:
    assert all(is_source_path(p) for p in ("a.py", "b.mts", "c.cjs", "d.tsx"))
    assert not any(is_source_path(p) for p in ("a.pyi", "b.json", "c.md"))
    assert may_be_minified("dist/app.min.JS") and not may_be_minified("src/app.ts")


def test_alias_configs_are_known_by_name() -> None:
    for name in ("tsconfig.json", "web/jsconfig.base.json", "package.json", "vite.config.mts"):
        assert may_declare_aliases(name), name
    assert not may_declare_aliases("tsconfig.yaml")


@pytest.mark.parametrize(
    ("path", "subject"),
    [
        ("tests/test_pricing.py", "pricing"),
        ("tests/pricing_tests.py", "pricing"),
        ("src/pricing.test.ts", "pricing"),
        ("src/Cart.spec.tsx", "Cart"),
        ("src/__tests__/cart.js", "cart"),
    ],
)
def test_a_test_file_is_named_after_its_subject(path: str, subject: str) -> None:
    assert subject_of_test_file(path) == subject
