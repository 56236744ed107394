"""The impl driver compares allow-lists with BASE: a list grown by exactly what a changed
test passes in is reported, one grown by a value the spec names or by values no test
passes is not, and without a spec nothing is said."""

from __future__ import annotations

import json

SPEC = (
    "# Requirements Document\n\n## Requirements\n\n### Requirement 1\n\n"
    "#### Acceptance Criteria\n\n1. WHEN an amount is in any ISO currency{extra} THEN the "
    "converter SHALL accept it\n"
)
TASKS = "# Implementation Plan\n\n- [x] 1. Currencies\n  - _Requirements: 1.1_\n"
CODE = "KNOWN = {{{codes}}}\n\n\ndef accepts(code):\n    return code in KNOWN\n"
TEST = "from money import accepts\n\n\ndef test_accepts():\n    assert accepts({code!r})\n"


def _codes(*codes: str) -> str:
    return CODE.format(codes=", ".join(repr(c) for c in codes))


def _allow_findings(repo, validate, base: str, *args: str) -> list[tuple[str, int, str]]:
    out = repo.root / "out"
    done = validate("--repo", str(repo.root), "--out", str(out), "--base", base, *args)
    assert done.returncode == 0, done.stderr
    data = json.loads((out / "validation-report.json").read_text())
    return [
        (f["file"], f["line"], f["message"])
        for f in data["findings"]
        if f["rule"] == "IM001" and "gains" in f["message"]
    ]


def _base(repo, extra: str = "") -> str:
    return repo.commit(
        "chore: base",
        {
            "src/money.py": _codes("EUR", "USD"),
            "specs/money/requirements.md": SPEC.format(extra=extra),
            "specs/money/tasks.md": TASKS,
        },
    )


def test_a_list_grown_by_exactly_the_new_test_input_is_reported(repo, validate) -> None:
    base = _base(repo)
    change = {
        "src/money.py": _codes("EUR", "USD", "CHF"),
        "tests/test_money.py": TEST.format(code="CHF"),
    }
    repo.commit("money: 1 currencies", change)
    found = _allow_findings(repo, validate, base, "--spec", "money")
    assert found == [
        (
            "src/money.py",
            1,
            "KNOWN gains 'CHF', exactly what test_accepts passes in; the spec names none of them",
        )
    ]


def test_a_value_the_spec_names_is_no_test_special_case(repo, validate) -> None:
    base = _base(repo, extra=" (CHF included)")
    change = {
        "src/money.py": _codes("EUR", "USD", "CHF"),
        "tests/test_money.py": TEST.format(code="CHF"),
    }
    repo.commit("money: 1 currencies", change)
    assert _allow_findings(repo, validate, base, "--spec", "money") == []


def test_values_no_test_passes_make_the_growth_honest(repo, validate) -> None:
    base = _base(repo)
    grown = _codes("EUR", "USD", "CHF", "JPY", "SEK")
    repo.commit(
        "money: 1 currencies",
        {"src/money.py": grown, "tests/test_money.py": TEST.format(code="CHF")},
    )
    assert _allow_findings(repo, validate, base, "--spec", "money") == []


def test_a_test_input_the_change_set_did_not_touch_does_not_count(repo, validate) -> None:
    repo.commit("chore: test", {"tests/test_money.py": TEST.format(code="CHF")})
    base = _base(repo)
    repo.commit("money: 1 currencies", {"src/money.py": _codes("EUR", "USD", "CHF")})
    assert _allow_findings(repo, validate, base, "--spec", "money") == []


def test_without_a_spec_nothing_is_said(repo, validate) -> None:
    base = repo.commit("chore: base", {"src/money.py": _codes("EUR", "USD")})
    change = {
        "src/money.py": _codes("EUR", "USD", "CHF"),
        "tests/test_money.py": TEST.format(code="CHF"),
    }
    repo.commit("feat: currencies", change)
    assert _allow_findings(repo, validate, base) == []
