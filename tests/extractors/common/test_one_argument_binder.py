"""Which argument lands in which parameter is decided once (``common/parameters.py``) over
each language's neutral parameter list; the CDK interpreter and the test-double readers
bind through it."""

from __future__ import annotations

import pytest

from ralph_validate.extractors.common import treesitter as T
from ralph_validate.extractors.common.dispatch import SourceFile
from ralph_validate.extractors.common.parameters import bind_arguments
from ralph_validate.extractors.javascript.functions import parameters as js_parameters
from ralph_validate.extractors.python.model import parameters as py_parameters

FUNCTION_TYPES = {
    "function_definition",
    "function_declaration",
    "arrow_function",
    "method_definition",
}


def _functions(path: str, language: str, source: str) -> list[object]:
    root = SourceFile(path, source.encode(), language).tree.root_node
    found, stack = [], [root]
    while stack:
        node = stack.pop()
        if node.type in FUNCTION_TYPES:
            found.append(node)
        stack.extend(reversed(node.children))
    return found


def _bound(params: list[object], positional: list[str], keywords: dict[str, str]) -> dict:
    out: dict[str, object] = {}
    for given in bind_arguments(params, positional, keywords):
        name = given.parameter.name or T.text(given.parameter.target)
        if given.rest is not None:
            out[name] = list(given.rest)
        elif given.keywords is not None:
            out[name] = dict(given.keywords)
        elif given.given:
            out[name] = given.value
        elif given.parameter.default is not None:
            out[name] = "default " + T.text(given.parameter.default)
        else:
            out[name] = None
    return out


PYTHON = {
    "positional then keyword": (
        "def f(a, b, c=3):\n    pass\n",
        (["1"], {"b": "2"}),
        {"a": "1", "b": "2", "c": "default 3"},
    ),
    "extra positional to *args": (
        "def f(a, *rest, k=0, **kw):\n    pass\n",
        (["1", "2", "3"], {"k": "9", "z": "8"}),
        {"a": "1", "rest": ["2", "3"], "k": "9", "kw": {"z": "8"}},
    ),
    "keyword-only after a bare star": (
        "def f(a, *, b):\n    pass\n",
        (["1", "2"], {"b": "5"}),
        {"a": "1", "b": "5"},
    ),
    "typed and typed default": (
        "def f(a: int, b: str = 'x', *args: int, **kw: str):\n    pass\n",
        (["1"], {}),
        {"a": "1", "b": "default 'x'", "args": [], "kw": {}},
    ),
    "a method's receiver takes no argument": (
        "class C:\n    def m(self, a, b=2):\n        pass\n",
        (["1"], {}),
        {"a": "1", "b": "default 2"},
    ),
    "a classmethod's receiver too": (
        "class C:\n    @classmethod\n    def m(cls, a):\n        pass\n",
        (["1"], {}),
        {"a": "1"},
    ),
    "a staticmethod has none": (
        "class C:\n    @staticmethod\n    def m(a, b):\n        pass\n",
        (["1", "2"], {}),
        {"a": "1", "b": "2"},
    ),
}

JAVASCRIPT = {
    "defaults": ("function f(a, b = 2) {}", ["1"], {"a": "1", "b": "default 2"}),
    "rest": ("function f(a, ...rest) {}", ["1", "2", "3"], {"a": "1", "rest": ["2", "3"]}),
    "destructured": (
        "const f = ({ id }, [x] = []) => 0;",
        ["o"],
        {"{ id }": "o", "[x]": "default []"},
    ),
    "single arrow parameter": ("const f = x => x;", ["1"], {"x": "1"}),
    "typed with this": (
        "function f(this: Window, a?: number, b: string = 'x') {}",
        ["1"],
        {"a": "1", "b": "default 'x'"},
    ),
}


@pytest.mark.parametrize("case", sorted(PYTHON))
def test_python_arguments_bind_as_python_binds_them(case: str) -> None:
    source, (positional, keywords), expected = PYTHON[case]
    [function] = _functions("m.py", "python", source)
    assert _bound(py_parameters(function), positional, keywords) == expected


@pytest.mark.parametrize("case", sorted(JAVASCRIPT))
def test_javascript_arguments_bind_by_position(case: str) -> None:
    source, positional, expected = JAVASCRIPT[case]
    [function] = _functions("m.ts", "typescript", source)
    assert _bound(js_parameters(function), positional, {}) == expected


def test_an_explicit_none_is_an_argument_not_a_missing_one() -> None:
    [function] = _functions("m.py", "python", "def make(kind, handler='app.main'):\n    pass\n")
    assert _bound(py_parameters(function), ["'A'", None], {}) == {"kind": "'A'", "handler": None}
    [function] = _functions("m.ts", "typescript", "function make(kind, entry = 'x') {}")
    assert _bound(js_parameters(function), ["'A'", None], {}) == {"kind": "'A'", "entry": None}


def test_file_languages_are_one_closed_vocabulary() -> None:
    """The languages facts are read as are the extension registry's, plus "none"; a fact
    container with any other language is refused at construction."""
    from ralph_validate.extractors.common.languages import EXTENSIONS
    from ralph_validate.extractors.facts import FILE_LANGUAGES, FileFacts

    assert set(EXTENSIONS) | {"none"} == FILE_LANGUAGES
    with pytest.raises(ValueError, match="unknown language 'ts'"):
        FileFacts("a.ts", "ts", "0" * 64, "1", ())  # type: ignore[arg-type]
