"""TI012 expectation-edited on real repositories: when an edited expectation is FAIL,
UNKNOWN or not this rule's, from the change set around it."""

from __future__ import annotations

import json
from pathlib import Path

REQUIREMENTS = (
    "# Requirements Document\n\n## Requirements\n\n### Requirement 1\n\n"
    "#### Acceptance Criteria\n\n1. WHEN a member checks out THEN the cart SHALL take "
    "{percent} percent off the total\n"
)
TASKS = "# Implementation Plan\n\n- [{box}] 1. Member discount\n  - _Requirements: 1.1_\n"
CART = (
    "RATE = {rate}\n\n\ndef member_total(prices):\n    return round(sum(prices) * (1 - RATE), 2)\n"
)
TEST = (
    "from shop.checkout import checkout_total\n\n\n"
    "def test_member_checkout_total():\n    assert checkout_total([10, 10]) == {expected}\n"
)
CHECKOUT = (
    "from shop.cart import member_total\n\n\ndef checkout_total(prices):\n"
    "    return member_total(prices)\n"
)


def _base(repo) -> None:
    repo.commit(
        "chore: the discount spec",
        {
            ".kiro/specs/discount/requirements.md": REQUIREMENTS.format(percent=10),
            ".kiro/specs/discount/tasks.md": TASKS.format(box=" "),
            "shop/__init__.py": "",
            "shop/cart.py": CART.format(rate=0.1),
            "shop/checkout.py": CHECKOUT,
            "tests/test_checkout.py": TEST.format(expected=18),
        },
    )


def _edited(repo, validate, tmp_path: Path) -> list[dict[str, object]]:
    out = tmp_path / "out"
    done = validate("--repo", str(repo.root), "--spec", "discount", "--out", str(out))
    assert done.returncode == 0, done.stderr
    report = json.loads((out / "validation-report.json").read_text(encoding="utf-8"))
    return [f for f in report["findings"] if f["kind"] == "test.expectation-edited"]


def test_an_expectation_edited_with_the_code_it_reaches_is_a_fail(
    repo, validate, tmp_path: Path
) -> None:
    _base(repo)
    repo.commit(
        "discount: 1 member discount",
        {
            ".kiro/specs/discount/tasks.md": TASKS.format(box="x"),
            "shop/cart.py": CART.format(rate=0.2),
            "tests/test_checkout.py": TEST.format(expected=16),
        },
    )
    (found,) = _edited(repo, validate, tmp_path)
    assert (found["status"], found["file"], found["line"]) == ("FAIL", "tests/test_checkout.py", 5)
    # The test imports checkout.py, which imports the changed cart.py: reached through both.
    assert "from 18 to 16" in found["message"]
    assert "shop/cart.py changed and the spec did not" in found["message"]


def test_the_same_edit_with_a_spec_change_is_unknown(repo, validate, tmp_path: Path) -> None:
    _base(repo)
    repo.commit(
        "discount: 1 member discount",
        {
            ".kiro/specs/discount/requirements.md": REQUIREMENTS.format(percent=20),
            ".kiro/specs/discount/tasks.md": TASKS.format(box="x"),
            "shop/cart.py": CART.format(rate=0.2),
            "tests/test_checkout.py": TEST.format(expected=16),
        },
    )
    (found,) = _edited(repo, validate, tmp_path)
    assert (found["status"], found["line"]) == ("UNKNOWN", 5)
    assert "and so did the spec" in found["message"]


def test_an_expectation_edited_while_its_code_did_not_change_is_not_this_rule(
    repo, validate, tmp_path: Path
) -> None:
    _base(repo)
    repo.commit(
        "discount: 1 member discount",
        {
            ".kiro/specs/discount/tasks.md": TASKS.format(box="x"),
            "shop/banner.py": "def banner():\n    return 'members save'\n",
            "tests/test_checkout.py": TEST.format(expected=16),
        },
    )
    assert _edited(repo, validate, tmp_path) == []


def test_a_prd_whose_stories_were_only_marked_passing_did_not_change(
    repo, validate, tmp_path: Path
) -> None:
    story = {"id": "US-001", "title": "Member discount", "acceptanceCriteria": ["10 percent off"]}
    prd = {"project": "shop", "userStories": [{**story, "passes": False}]}
    repo.commit(
        "chore: the discount PRD",
        {
            "prd.json": json.dumps(prd, indent=2) + "\n",
            "shop/__init__.py": "",
            "shop/cart.py": CART.format(rate=0.1),
            "shop/checkout.py": CHECKOUT,
            "tests/test_checkout.py": TEST.format(expected=18),
        },
    )
    prd["userStories"][0]["passes"] = True
    repo.commit(
        "US-001: member discount",
        {
            "prd.json": json.dumps(prd, indent=2) + "\n",
            "shop/cart.py": CART.format(rate=0.2),
            "tests/test_checkout.py": TEST.format(expected=16),
        },
    )
    out = tmp_path / "out"
    done = validate("--repo", str(repo.root), "--spec", "prd.json", "--out", str(out))
    assert done.returncode == 0, done.stderr
    report = json.loads((out / "validation-report.json").read_text(encoding="utf-8"))
    edited = [f for f in report["findings"] if f["kind"] == "test.expectation-edited"]
    assert [(f["status"], f["line"]) for f in edited] == [("FAIL", 5)]
