"""Requirement evidence is scoped to the spec and to the work of the loop (issue 13, causes
2, 5, 6): ids named in another spec's files, tests the loop never wrote or that never reach
the code, and files that are not implementation do not make a requirement PASS."""

from __future__ import annotations

import json

ALPHA = """# Requirements

### Requirement 1

**User Story:** As an editor, I want drafts autosaved, so that nothing is lost.

#### Acceptance Criteria

1. WHEN an editor types THEN the system SHALL autosave the draft every ten seconds
"""
BETA = """# Requirements

### Requirement 1

**User Story:** As a viewer, I want image thumbnails, so that galleries load fast.

#### Acceptance Criteria

1. WHEN an image is uploaded THEN the system SHALL create a thumbnail
"""
TASKS = "- [x] 1. Build it\n  - _Requirements: 1.1_\n"


def rows(repo, spec_dir: str) -> dict[str, dict]:
    data = json.loads((repo.root / spec_dir / "validation-report.json").read_text())
    return {r["id"]: r for r in data["requirements"]}


def files(row: dict, key: str) -> list[str]:
    return sorted({i["file"] for i in row[key]})


def two_specs(repo) -> None:
    repo.commit(
        "chore: specs",
        {
            ".kiro/specs/alpha/requirements.md": ALPHA,
            ".kiro/specs/alpha/tasks.md": TASKS,
            ".kiro/specs/beta/requirements.md": BETA,
            ".kiro/specs/beta/tasks.md": TASKS,
        },
    )


def test_an_id_in_another_specs_files_is_not_evidence(repo, validate) -> None:
    two_specs(repo)
    repo.commit(
        "beta: thumbnails (task 1)",
        {
            "src/thumbs.py": "# Requirements: 1.1\ndef make_thumbnail(image):\n    return image\n",
            "tests/test_thumbs.py": (
                "from src.thumbs import make_thumbnail\n\n\ndef test_thumbnail():\n"
                '    """Requirements: 1.1"""\n    assert make_thumbnail(3) == 3\n'
            ),
        },
    )
    done = validate("--repo", str(repo.root), "--spec", "alpha")
    assert done.returncode != 2, done.stderr
    alpha = rows(repo, ".kiro/specs/alpha")["1"]
    assert alpha["status"] == "FAIL"
    assert alpha["implementation"] == []
    validate("--repo", str(repo.root), "--spec", "beta")
    beta = rows(repo, ".kiro/specs/beta")["1"]
    assert (beta["status"], files(beta, "implementation")) == ("PASS", ["src/thumbs.py"])


def test_an_id_that_names_its_spec_counts_anywhere(repo, validate) -> None:
    two_specs(repo)
    repo.commit(
        "beta: thumbnails and the editor hook (task 1)",
        {
            "src/hook.py": "# alpha requirement 1.1\ndef on_keystroke(draft):\n    return draft\n",
            "tests/test_hook.py": (
                "from src.hook import on_keystroke\n\n\ndef test_keystroke():\n"
                '    """.kiro/specs/alpha Requirements: 1.1"""\n    assert on_keystroke(1) == 1\n'
            ),
        },
    )
    validate("--repo", str(repo.root), "--spec", "alpha")
    alpha = rows(repo, ".kiro/specs/alpha")["1"]
    assert (alpha["status"], files(alpha, "implementation")) == ("PASS", ["src/hook.py"])


SHOP = """# Requirements

### Requirement 1

**User Story:** As a shopper, I want order totals, so that I know what I pay.

#### Acceptance Criteria

1. WHEN an order is priced THEN the system SHALL compute order_total with the tax
"""


def shop_spec(repo) -> None:
    repo.commit(
        "chore: scaffold",
        {
            "src/__init__.py": "",
            "src/orders.py": "def order_total(lines):\n    return 0\n",
            "tests/test_orders.py": (
                "from src.orders import order_total\n\n\ndef test_order_total():\n"
                "    assert order_total([]) == 0\n"
            ),
        },
    )
    repo.commit(
        "chore: spec",
        {".kiro/specs/shop/requirements.md": SHOP, ".kiro/specs/shop/tasks.md": TASKS},
    )


def implement_totals(repo, extra: dict[str, str] | None = None) -> None:
    code = "def order_total(lines, tax=0.2):\n    return sum(lines) * (1 + tax)\n"
    repo.commit("shop: order totals (task 1)", {"src/orders.py": code, **(extra or {})})


def test_an_old_test_the_loop_never_touched_is_not_evidence(repo, validate) -> None:
    shop_spec(repo)
    implement_totals(repo)
    validate("--repo", str(repo.root), "--spec", "shop")
    row = rows(repo, ".kiro/specs/shop")["1"]
    assert (row["status"], files(row, "implementation"), row["tests"]) == (
        "UNKNOWN",
        ["src/orders.py"],
        [],
    )


def test_a_new_test_that_imports_the_code_is_evidence(repo, validate) -> None:
    shop_spec(repo)
    new_test = (
        "from src.orders import order_total\n\n\ndef test_order_total_adds_tax():\n"
        "    assert order_total([10]) == 12\n"
    )
    implement_totals(repo, {"tests/test_totals.py": new_test})
    validate("--repo", str(repo.root), "--spec", "shop")
    row = rows(repo, ".kiro/specs/shop")["1"]
    assert row["status"] == "PASS"
    assert files(row, "tests") == ["tests/test_totals.py"]


def test_a_new_test_that_never_reaches_the_code_is_no_evidence(repo, validate) -> None:
    shop_spec(repo)
    unrelated = "def test_order_total_with_tax():\n    assert round(10 * 1.2) == 12\n"
    implement_totals(repo, {"tests/test_totals.py": unrelated})
    validate("--repo", str(repo.root), "--spec", "shop")
    row = rows(repo, ".kiro/specs/shop")["1"]
    assert (row["status"], row["tests"]) == ("UNKNOWN", [])


def test_a_test_reaching_the_code_through_a_module_that_imports_it(repo, validate) -> None:
    shop_spec(repo)
    api = (
        "from src.orders import order_total\n\n\n"
        "def checkout(lines):\n    return order_total(lines)\n"
    )
    new_test = (
        "from src.api import checkout\n\n\ndef test_order_total_at_checkout():\n"
        "    assert checkout([10]) == 12\n"
    )
    implement_totals(repo, {"src/api.py": api, "tests/test_checkout.py": new_test})
    validate("--repo", str(repo.root), "--spec", "shop")
    row = rows(repo, ".kiro/specs/shop")["1"]
    assert row["status"] == "PASS"
    assert files(row, "tests") == ["tests/test_checkout.py"]


TOOLING = {
    "package-lock.json": '{"name": "shop", "lockfileVersion": 3, "packages": {}}\n',
    "migrations/meta/snapshot_0001.json": '{"tables": {"order_total": {}}}\n',
    ".vscode/settings.json": '{"editor.formatOnSave": true}\n',
    "pyproject.toml": '[project]\nname = "order-total"\n',
    "src/empty.py": "",
}


def test_a_task_commit_of_tooling_files_implements_nothing(repo, validate) -> None:
    repo.commit(
        "chore: spec",
        {".kiro/specs/shop/requirements.md": SHOP, ".kiro/specs/shop/tasks.md": TASKS},
    )
    repo.commit("shop: order totals (task 1)", TOOLING)
    validate("--repo", str(repo.root), "--spec", "shop")
    row = rows(repo, ".kiro/specs/shop")["1"]
    assert (row["status"], row["implementation"]) == ("FAIL", [])


def test_the_code_beside_tooling_files_is_the_implementation(repo, validate) -> None:
    repo.commit(
        "chore: spec",
        {".kiro/specs/shop/requirements.md": SHOP, ".kiro/specs/shop/tasks.md": TASKS},
    )
    code = "def order_total(lines, tax=0.2):\n    return sum(lines) * (1 + tax)\n"
    repo.commit("shop: order totals (task 1)", {**TOOLING, "src/pricing.py": code})
    validate("--repo", str(repo.root), "--spec", "shop")
    row = rows(repo, ".kiro/specs/shop")["1"]
    assert (row["status"], files(row, "implementation")) == ("UNKNOWN", ["src/pricing.py"])


class CountingStore:
    """A fact store that remembers which files a check asked for."""

    def __init__(self, store) -> None:
        self.store = store
        self.git = store.git
        self.tracked = store.tracked
        self.read: set[str] = set()

    def head(self, path: str):
        self.read.add(path)
        return self.store.head(path)

    def files(self):
        return self.store.files()


def traced_reads(root, all_files: bool) -> tuple[set[str], dict[str, str]]:
    from ralph_validate.core.git import Git
    from ralph_validate.core.specs.discover import find_spec
    from ralph_validate.validator.changeset import compute_change_set
    from ralph_validate.validator.checks.traceability import TraceabilityCheck
    from ralph_validate.validator.config import Config
    from ralph_validate.validator.context import AnalysisContext
    from ralph_validate.validator.factstore import FactStore

    git = Git.open(root)
    spec = find_spec(root, "shop")
    change = compute_change_set(git, spec.name, all_files=all_files)
    store = CountingStore(FactStore(git, Config(), change.base, cache=False, jobs=1))
    ctx = AnalysisContext(repo=root, spec=spec, change_set=change, config=Config(), facts=store)
    out = TraceabilityCheck().run(ctx)
    return store.read, {r.id: r.status.value for r in out.requirements}


def test_tracing_reads_the_change_set_and_what_it_imports(repo) -> None:
    shop_spec(repo)
    legacy = {f"legacy/mod_{n}.py": f"def legacy_{n}():\n    return {n}\n" for n in range(5)}
    repo.commit("chore: legacy code", legacy)
    tax = "def tax_rate():\n    return 0.2\n"
    repo.commit("chore: tax", {"src/tax.py": tax})
    code = (
        "from src.tax import tax_rate\n\n\n"
        "def order_total(lines):\n    return sum(lines) * (1 + tax_rate())\n"
    )
    repo.commit("shop: order totals (task 1)", {"src/orders.py": code})
    read, statuses = traced_reads(repo.root, all_files=False)
    assert "src/orders.py" in read and "src/tax.py" in read
    assert not any(p.startswith("legacy/") for p in read)
    assert statuses == {"1": "UNKNOWN"}
    read_all, statuses_all = traced_reads(repo.root, all_files=True)
    assert {f"legacy/mod_{n}.py" for n in range(5)} <= read_all
    # --all makes every file the change set: the scaffold test is then in it.
    assert statuses_all == {"1": "PASS"}


def test_how_a_text_names_a_spec() -> None:
    from ralph_validate.validator.trace.scope import SpecScope

    scope = SpecScope("alpha", ".kiro/specs/alpha", frozenset({"src/a.py"}), ("beta",))
    for text in ("alpha 1.1", "alpha#1.1", "Alpha: Requirements 1.1", "see .kiro/specs/alpha"):
        assert scope.names_this(text), text
    for text in ("alphabet 1.1", "Requirements: 1.1", "alpha is ready", "beta 1.1"):
        assert not scope.names_this(text), text
    assert scope.counts("src/a.py", "Requirements: 1.1")
    assert not scope.counts("src/a.py", "beta requirement 1.1")
    assert not scope.counts("src/b.py", "Requirements: 1.1")
    assert scope.counts("src/b.py", "alpha requirement 1.1")


def test_sibling_specs_are_folders_beside_the_spec_with_the_same_files() -> None:
    from ralph_validate.core.specs.model import Spec
    from ralph_validate.validator.trace.scope import sibling_specs

    spec = Spec(
        name="alpha",
        path=".kiro/specs/alpha",
        format="kiro",
        requirements=(),
        tasks=(),
        tasks_file=".kiro/specs/alpha/tasks.md",
        requirements_file=".kiro/specs/alpha/requirements.md",
    )
    tracked = [
        ".kiro/specs/alpha/requirements.md",
        ".kiro/specs/beta/requirements.md",
        ".kiro/specs/gamma/design.md",
        "docs/requirements.md",
        "archive/old/tasks.md",
    ]
    assert sibling_specs(spec, tracked) == {"beta": ".kiro/specs/beta"}


def test_kebab_case_names_with_a_capital_or_digit_are_literals() -> None:
    from ralph_validate.validator.trace.terms import literals_of

    found = literals_of("THE API SHALL require the X-Mail-User and X-IMAP-Host headers")
    assert {"xmailuser", "ximaphost"} <= found
    assert not literals_of("THE data SHALL be kept up-to-date end-to-end")


def test_a_test_reaching_the_code_through_a_package_that_reexports_it(repo, validate) -> None:
    repo.commit(
        "chore: spec",
        {".kiro/specs/shop/requirements.md": SHOP, ".kiro/specs/shop/tasks.md": TASKS},
    )
    code = "def order_total(lines, tax=0.2):\n    return sum(lines) * (1 + tax)\n"
    new_test = (
        "from shop import total\n\n\ndef test_order_total_adds_tax():\n"
        "    assert total([10]) == 12\n"
    )
    repo.commit(
        "shop: order totals (task 1)",
        {
            "shop/__init__.py": "from .pricing import order_total as total\n",
            "shop/pricing.py": code,
            "tests/test_totals.py": new_test,
        },
    )
    validate("--repo", str(repo.root), "--spec", "shop")
    row = rows(repo, ".kiro/specs/shop")["1"]
    assert (row["status"], files(row, "tests")) == ("PASS", ["tests/test_totals.py"])
