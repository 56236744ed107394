"""ralph-validate on a real repository whose agent change carries every pattern."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from ralph_validate.validator.rules import list_rules
from ralph_validate.validator.rules.annotations import read_annotations
from ralph_validate.validator.rules.docs import pages

ROOT = Path(__file__).resolve().parents[3]
FIXTURES = ROOT / "fixtures" / "rules"


def expected(text: str) -> set[tuple[str, int]]:
    return read_annotations(text).must


def build(repo) -> dict[str, Path]:
    """BASE: the spec and the weakened tests' old versions; the agent commit: every fixture."""
    layout = {
        "tests/test_orders.py": FIXTURES / "TI009/head/test_orders.py",
        "web/cart.test.ts": FIXTURES / "TI009/head/cart.test.ts",
        "tests/test_tautologies.py": FIXTURES / "TI001/test_tautologies.py",
        "tests/test_swallowed.py": FIXTURES / "TI003/test_swallowed.py",
        "tests/test_raises.py": FIXTURES / "TI004/test_raises.py",
        "tests/test_conditional.py": FIXTURES / "TI008/test_conditional.py",
        "tests/test_skips.py": FIXTURES / "TI006/test_skips.py",
        "shop/todos.py": FIXTURES / "PH001/placeholders.py",
        "shop/stubs.py": FIXTURES / "PH002/placeholders.py",
        "shop/sentinels.py": FIXTURES / "PH003/placeholders.py",
        "web/checkout.test.ts": FIXTURES / "TI001/checkout.test.ts",
        "web/legacy.spec.js": FIXTURES / "TI006/legacy.spec.js",
        "web/service.ts": FIXTURES / "PH002/service.ts",
        "CONTRIBUTING.md": FIXTURES / "PH001/CONTRIBUTING.md",
    }
    repo.commit(
        "chore: spec and old tests",
        {
            ".kiro/specs/shop/tasks.md": "- [x] 1. Build it\n- [ ] 2. FINAL gate\n",
            "tests/test_orders.py": (FIXTURES / "TI009/base/test_orders.py").read_text(),
            "web/cart.test.ts": (FIXTURES / "TI009/base/cart.test.ts").read_text(),
        },
    )
    for target, source in layout.items():
        (repo.root / target).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, repo.root / target)
    repo.commit("shop: the agent's change", {})
    return layout


def test_every_pattern_is_reported_at_its_line_and_nothing_else(repo, validate) -> None:
    layout = build(repo)
    done = validate("--repo", str(repo.root), "--spec", "shop", "--format", "json")
    assert done.returncode == 0, done.stderr
    data = json.loads((repo.root / ".kiro/specs/shop/validation-report.json").read_text())
    kinds = {r.id: r.kind for r in list_rules()}
    for target, source in layout.items():
        want = {(kinds[rule], line) for rule, line in expected(source.read_text())}
        got = {(f["kind"], f["line"]) for f in data["findings"] if f["file"] == target}
        assert got == want, target
    rows = {(t["file"], t["name"]): t for t in data["tests"]}
    assert rows[("tests/test_tautologies.py", "test_literal_true")]["status"] == "FAIL"
    assert rows[("tests/test_tautologies.py", "test_literal_true")]["kinds"] == ["test.tautology"]
    assert rows[("tests/test_conditional.py", "test_only_conditional")]["status"] == "UNKNOWN"
    assert rows[("tests/test_tautologies.py", "test_parametrized_ok")]["status"] == "PASS"


def test_findings_already_at_base_are_pre_existing(repo, validate) -> None:
    repo.commit(
        "chore: old code",
        {
            "shop/legacy.py": "# TODO: old debt\nMAX_ROWS = 9999\n",
            ".kiro/specs/shop/tasks.md": "- [ ] 1. FINAL gate\n",
        },
    )
    repo.commit(
        "shop: touch legacy",
        {
            "shop/legacy.py": "\n# TODO: old debt\nMAX_ROWS = 9999\n# FIXME: new debt\n",
        },
    )
    validate("--repo", str(repo.root), "--spec", "shop", "--format", "json,md")
    data = json.loads((repo.root / ".kiro/specs/shop/validation-report.json").read_text())
    got = sorted((f["line"], f["kind"], f["pre_existing"]) for f in data["findings"])
    assert got == [
        (2, "placeholder.todo", True),
        (3, "placeholder.sentinel", True),
        (4, "placeholder.todo", False),
    ]
    markdown = (repo.root / ".kiro/specs/shop/validation-report.md").read_text()
    assert "### Pre-existing at BASE" in markdown
    assert data["summary"]["FAIL"] == 1


def test_suppression_needs_a_reason(repo, validate) -> None:
    repo.commit("chore: spec", {".kiro/specs/shop/tasks.md": "- [ ] 1. FINAL gate\n"})
    repo.commit(
        "shop: constants",
        {
            "shop/limits.py": (
                "# ralph-validate: ignore[PH003] the vendor API documents 9999 as its maximum\n"
                "VENDOR_MAX_ITEMS = 9999\n"
                "# ralph-validate: ignore[placeholder.sentinel]\n"
                "LOCAL_MAX_ITEMS = 9999\n"
            )
        },
    )
    validate("--repo", str(repo.root), "--spec", "shop", "--format", "json")
    data = json.loads((repo.root / ".kiro/specs/shop/validation-report.json").read_text())
    assert [(f["line"], f["message"]) for f in data["findings"]] == [
        (
            1,
            "suppression added in the change set: "
            "ignore[PH003] the vendor API documents 9999 as its maximum",
        ),
        (
            4,
            "LOCAL_MAX_ITEMS = 9999 looks like a pick-later value "
            "(suppression without a reason is ignored)",
        ),
    ]


def test_rule_selection_from_the_configuration(repo, validate) -> None:
    repo.commit(
        "chore: spec",
        {
            ".kiro/specs/shop/tasks.md": "- [ ] 1. FINAL gate\n",
            "pyproject.toml": '[tool.ralph-validate]\nignore = ["placeholder.todo"]\n',
        },
    )
    repo.commit("shop: x", {"shop/a.py": "# TODO: later\nMAX_WAIT_MS = 1e9\n"})
    validate("--repo", str(repo.root), "--spec", "shop", "--format", "json")
    data = json.loads((repo.root / ".kiro/specs/shop/validation-report.json").read_text())
    assert [f["kind"] for f in data["findings"]] == ["placeholder.sentinel"]


def test_rule_docs_are_generated_from_the_rule_registry() -> None:
    for name, text in pages().items():
        assert (ROOT / "docs/rules" / name).read_text() == text, name
    assert sorted(p.name for p in (ROOT / "docs/rules").iterdir()) == sorted(pages())


def test_rules_and_explain_commands(validate) -> None:
    listed = validate("rules")
    assert listed.returncode == 0
    assert [line.split()[0] for line in listed.stdout.splitlines()] == [r.id for r in list_rules()]
    shown = validate("explain", "ti001")
    assert shown.returncode == 0
    assert shown.stdout.startswith("# TI001 `assert-tautology` (test.tautology)")
    assert "## How to suppress" in shown.stdout
    unknown = validate("explain", "XX999")
    assert unknown.returncode == 2 and "unknown rule 'XX999'" in unknown.stderr
