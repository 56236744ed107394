"""Markdown prose as Comment facts: code, quoted or in spans, is not prose."""

from __future__ import annotations

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.integrity import Comment


def prose(text: str) -> list[tuple[int, str]]:
    facts = extract("docs/guide.md", text.encode())
    return [(c.line, c.text) for c in facts.of_type(Comment)]


def test_a_code_span_that_wraps_a_line_is_not_prose() -> None:
    text = "Turn it off with `# ralph-validate:\nignore[TI010] <reason>` on the cause's line.\n"
    assert prose(text) == [(1, "Turn it off with on the cause's line.")]


def test_a_directive_in_an_html_comment_stays_a_comment() -> None:
    text = "<!-- ralph-validate: ignore[PH001] the roadmap lists open items -->\n\nTODO: list\n"
    assert prose(text)[0] == (
        1,
        "<!-- ralph-validate: ignore[PH001] the roadmap lists open items -->",
    )
