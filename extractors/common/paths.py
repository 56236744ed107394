"""What a file's path says about it, by the naming conventions of its language and of the
test runners and tools that read it: test or production, source or not, named after what.

These are conventions of Python, JavaScript/TypeScript and their tools, so they live with
the readers of those languages; the validator asks this module and never matches a file
extension itself.
"""

from __future__ import annotations

import posixpath
import re
from pathlib import PurePosixPath

from ..python.knowledge import collected_by_default
from .languages import SCRIPT_LANGUAGES, extensions, sources

# Code files the extractors read as programs, by extension.
_SOURCE = sources("python", *SCRIPT_LANGUAGES)
# JavaScript a bundler may have minified (TypeScript sources are not shipped minified).
_MINIFIABLE = extensions("javascript")
# Extensions an AWS Lambda runtime loads a handler module ``module.function`` from.
LAMBDA_HANDLER_EXTENSIONS = (".py", ".js", ".mjs", ".cjs", ".ts")

_TEST_DIRS = ("tests", "test", "__tests__", "spec", "specs", "e2e")
_PYTHON = ".py"
_TEST_AFFIXES = re.compile(r"^(test_|tests_)|(_test|_tests)$")
_JS_SUFFIXES = re.compile(r"\.(test|spec|tests|specs)$")
# Test support that lives beside production code: mocks, test utilities, runner setup.
_SUPPORT_DIRS = frozenset({"__mocks__", "__fixtures__", "mocks", "testing", "test-utils"})
_SUPPORT_NAMES = frozenset(
    {"testing", "test-utils", "testutils", "test-helpers", "testhelpers"}
    | {"setup", "setuptests", "setup-tests", "test-setup", "testsetup", "setupenv", "setup-env"}
)
# Files that may declare import aliases: tsconfig/jsconfig, package.json (jest), runner configs.
_ALIAS_CONFIG = re.compile(
    r"^((ts|js)config[.\w-]*\.json|package\.json|jest\.config\.\w+|(vite|vitest)\.config\.\w+)$"
)
_PACKAGING = "setup.py"  # a Python package's build script, not a test setup file


def is_test_path(path: str) -> bool:
    """Test files by name and folder conventions of pytest, Jest, Vitest, Mocha and Go."""
    name = posixpath.basename(path)
    parts = path.split("/")[:-1]
    return (
        name.startswith("test_")
        or collected_by_default(name)
        or name.endswith(("_test.go", ".pyi"))
        or ".test." in name
        or ".spec." in name
        or name == "conftest.py"
        or any(part in _TEST_DIRS for part in parts)
    )


def is_test_file(path: str) -> bool:
    """True for test code by its name or folder (``test_x.py``, ``x_test.py``,
    ``x.test.ts``, ``x.spec.js``, ``tests/``, ``__tests__/``, ``spec/``); unlike
    ``is_test_path``, stubs, ``conftest.py`` and ``e2e/`` are not counted."""
    parts = path.split("/")
    name = parts[-1]
    return (
        any(p in ("tests", "test", "__tests__", "spec") for p in parts[:-1])
        or name.startswith("test_")
        or collected_by_default(name)
        or any(f".{kind}." in name for kind in ("test", "spec"))
    )


def is_test_side(path: str) -> bool:
    """Test files, setup files a runner loads before them (``jest.setup.ts``,
    ``setupTests.ts``) and test support beside the code (``__mocks__/``, ``test-utils.ts``)."""
    pure = PurePosixPath(path)
    words = pure.name.lower().split(".")[:-1]  # jest.setup.ts -> jest, setup
    return (
        is_test_path(path)
        or (pure.name != _PACKAGING and any(w in _SUPPORT_NAMES for w in words))
        or any(part in _SUPPORT_DIRS for part in pure.parts[:-1])
    )


# Files that say "a package starts here": its build writes dist/, build/, vendor/ beside it.
_MANIFESTS = frozenset(
    {"package.json", "pyproject.toml", "setup.py", "setup.cfg", "go.mod", "Cargo.toml"}
    | {"composer.json", "Gemfile", "pom.xml", "build.gradle", "tsconfig.json"}
)
_MINIFIED_NAME = re.compile(r"[.-]min\.(?:m|c)?js$|\.bundle\.(?:m|c)?js$", re.IGNORECASE)


def has_package_manifest(folder: str, tracked: frozenset[str]) -> bool:
    """True when a tracked package manifest (``package.json``, ``pyproject.toml``, …) sits
    directly in ``folder`` ("" for the repository root)."""
    prefix = f"{folder}/" if folder else ""
    return any(f"{prefix}{name}" in tracked for name in _MANIFESTS)


def is_python_package(folder: str, tracked: frozenset[str]) -> bool:
    """True when ``folder`` holds a tracked ``__init__.py``: a Python package of its own."""
    return f"{folder}/__init__.py" in tracked


def has_minified_name(path: str) -> bool:
    """True for a bundle named as minified (``app.min.js``, ``vendor.bundle.js``)."""
    return _MINIFIED_NAME.search(path) is not None


# Folders and file-name words of sample data: mocks, fixtures, seeds, examples.
_SAMPLE_WORDS = frozenset(
    {"mock", "mocks", "__mocks__", "fixture", "fixtures", "__fixtures__", "seed", "seeds"}
    | {"testdata", "sample", "samples", "fake", "fakes", "stub", "stubs", "dummy", "demo"}
)


def is_sample_data_path(path: str) -> bool:
    """A file of sample data by its folders or name (``__mocks__/``, ``fixtures/``,
    ``mock-data.ts``, ``accounts.fixture.json``, ``seed.py``)."""
    pure = PurePosixPath(path)
    words = re.split(r"[^a-z0-9_]+|_", re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", pure.stem).lower())
    return any(part.lower() in _SAMPLE_WORDS for part in pure.parts[:-1]) or any(
        w in _SAMPLE_WORDS for w in words
    )


def is_source_path(path: str) -> bool:
    """True for a file of code (Python, JavaScript, TypeScript) by its extension."""
    return path.endswith(_SOURCE)


def may_declare_aliases(path: str) -> bool:
    """True for a JS/TS project's config that may declare import aliases (``tsconfig.json``
    ``paths``, Jest's ``moduleNameMapper``, Vite's ``resolve.alias``)."""
    return bool(_ALIAS_CONFIG.match(posixpath.basename(path)))


def may_be_minified(path: str) -> bool:
    """True for a JavaScript file a bundler may have minified."""
    return path.lower().endswith(_MINIFIABLE)


def subject_of_test_file(path: str) -> str:
    """What a test file is named after: ``test_pricing.py`` / ``pricing.test.ts`` ->
    ``pricing``; a file in ``__tests__`` keeps its stem."""
    name = PurePosixPath(path).name
    if name.endswith(_PYTHON):
        return _TEST_AFFIXES.sub("", name[: -len(_PYTHON)])
    return _JS_SUFFIXES.sub("", name.rsplit(".", 1)[0])


# File types a requirement names as an artefact to create: code of the languages read here
# and the files a project keeps beside it (schemas, migrations, configuration, templates).
_CODE_NAME = re.compile(r"\.(?:py|pyi|ts|tsx|js|jsx|mjs|cjs|mts|cts)$")
_ARTEFACT_NAME = re.compile(
    r"\.(?:sql|prisma|graphql|gql|proto|ya?ml|json|jsonc|toml|ini|cfg|conf|env|xml|csv|"
    r"html?|css|scss|sh|md|txt|lock|tf|hcl|dockerfile|tmpl|j2|sqlite|db)$",
    re.IGNORECASE,
)


def is_code_name(name: str) -> bool:
    """True for a file name of the code read here (``orders.py``, ``app.ts``)."""
    return _CODE_NAME.search(name) is not None


def is_artefact_name(name: str) -> bool:
    """True for a file name of a schema, migration, configuration or template
    (``schema.prisma``, ``0002_orders.sql``, ``app.yaml``), or of code."""
    return _ARTEFACT_NAME.search(name) is not None or is_code_name(name)
