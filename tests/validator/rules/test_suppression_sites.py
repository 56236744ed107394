"""Which suppression sites are new since BASE: matched by text, owner and, for pragmas on
edited lines, by kind and owner; never by line."""

from __future__ import annotations

from ralph_validate.validator.rules.suppression.common import Site, added, coverage_pragma


def pragma(line: int, code: str, owner: str) -> Site:
    label = "pragma: no cover"
    return Site(
        "m.py", line, "coverage", "m.py", f"{label} @ {code}", label, code=code, owner=owner
    )


def directive(line: int, text: str, owner: str = "") -> Site:
    return Site("m.py", line, "inline", "m.py", text, text, used=True, owner=owner)


def lines(sites: list[Site]) -> list[int]:
    return [s.line for s in sites]


def test_moved_sites_are_not_new_and_of_equal_ones_the_last_is() -> None:
    base = [directive(1, "ignore[PH003] cap"), directive(9, "ignore[PH001] tracked")]
    head = [
        directive(4, "ignore[PH001] tracked"),
        directive(12, "ignore[PH003] cap"),
        directive(20, "ignore[PH003] cap"),
    ]
    assert lines(added(head, base)) == [20]


def test_the_owner_tells_equal_pragmas_apart() -> None:
    code = "raise NotImplementedError()"
    base = [pragma(10, code, "Base.read"), pragma(20, code, "Base.write")]
    head = [
        pragma(10, code, "Base.read"),
        pragma(15, code, "Base.close"),
        pragma(25, code, "Base.write"),
    ]
    assert lines(added(head, base)) == [15]


def test_a_pragma_on_an_edited_line_of_the_same_function_is_the_one_base_had() -> None:
    base = [pragma(3, "def hello():", "hello")]
    head = [pragma(3, "def hello() -> Iterator[bytes]:", "hello"), pragma(9, "return 1", "other")]
    assert lines(added(head, base)) == [9]


def test_a_directive_whose_reason_changed_is_new() -> None:
    assert lines(
        added([directive(1, "ignore[PH003] new words")], [directive(1, "ignore[PH003] cap")])
    ) == [1]


def test_coverage_pragmas_by_language() -> None:
    assert coverage_pragma("noqa: E501  # pragma: no cover", "python") == "pragma: no cover"
    assert coverage_pragma("pragma: nocover", "python") == "pragma: no cover"
    assert coverage_pragma("pragma: no branch", "python") is None
    assert coverage_pragma("istanbul ignore else", "typescript") == "istanbul ignore else"
    assert coverage_pragma("c8 ignore next 3", "javascript") == "c8 ignore next"
    assert coverage_pragma("c8 ignore stop", "javascript") is None
    assert coverage_pragma("node:coverage ignore next", "javascript") == "node:coverage ignore next"
    assert coverage_pragma("the istanbul ignore next comment hides code", "javascript") is None
