"""The word alternatives of a regex: the allow-list a pattern spells."""

from __future__ import annotations

from ralph_validate.extractors.common.alternation import alternatives


def test_the_first_group_of_alternatives_gives_its_words() -> None:
    assert alternatives(r"^(?:png|gif|webp)$") == ["png", "gif", "webp"]
    assert alternatives(r"\.(tar\.gz|zip)$") == ["tar.gz", "zip"]
    assert alternatives(r"(?P<ext>csv|tsv)") == ["csv", "tsv"]
    assert alternatives(r"^png|gif$") == ["png", "gif"]


def test_alternatives_with_other_syntax_are_left_out() -> None:
    assert alternatives(r"^(png|jpe?g|gif)$") == ["png", "gif"]
    assert alternatives(r"(\d+)-(x|y)") == ["x", "y"]


def test_a_pattern_without_word_alternatives_has_none() -> None:
    assert alternatives(r"(\s+|,)") == []
    assert alternatives(r"^\d{3}$") == []
