"""Scripts split into commands: operators, quoting, continuations, conditions and negations kept;
an unclosed quote left unparsed."""

from __future__ import annotations

from ralph_validate.extractors.runners.shell import split_script


def _shape(script: str) -> list[tuple[tuple[str, ...], int, str, str, bool, bool]]:
    """(words, line, before, after, negated, condition) of each command."""
    return [
        (c.words, c.line, c.before, c.after, c.negated, c.condition) for c in split_script(script)
    ]


def test_operators_quoting_and_continuations_are_kept() -> None:
    script = (
        'cd web && npm test -- --grep="a b" | tee out.log\npytest \\\n  -k "not slow" || true\n'
    )
    assert _shape(script) == [
        (("cd", "web"), 1, "", "&&", False, False),
        (("npm", "test", "--", "--grep=a b"), 1, "&&", "|", False, False),
        (("tee", "out.log"), 1, "|", "\n", False, False),
        (("pytest", "-k", "not slow"), 2, "\n", "||", False, False),
        (("true",), 2, "||", "", False, False),
    ]


def test_conditions_negations_and_block_keywords_are_marked() -> None:
    script = "if ! pytest; then\n  echo failed\nfi\nwhile false; do :; done"
    assert _shape(script) == [
        (("pytest",), 1, "", ";", True, True),
        (("echo", "failed"), 2, "\n", "\n", False, False),
        (("false",), 4, "\n", ";", False, True),
        ((":",), 4, ";", ";", False, False),
    ]


def test_unclosed_quote_is_kept_as_unparsed() -> None:
    assert [c.parsed for c in split_script("pytest -k 'oops\necho ok")] == [False, True]
