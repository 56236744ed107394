"""A criterion naming a file that does not exist at HEAD is not met (issue 13, cause 5)."""

from __future__ import annotations

import json

from ralph_validate.core.specs.model import Criterion, Requirement
from ralph_validate.validator.trace.artefacts import named_paths, present


def req(*criteria: str) -> Requirement:
    return Requirement(
        id="1",
        title="Orders",
        text="",
        criteria=tuple(Criterion(id=f"1.{n}", text=t, line=n) for n, t in enumerate(criteria, 1)),
        file="r.md",
        line=1,
    )


def test_paths_and_artefact_names_are_named_files() -> None:
    found = named_paths(
        req(
            "WHEN the table is added THEN migrations/0002_orders.sql SHALL create it",
            "THE schema SHALL live in schema.prisma",
            "THE settings SHALL live in config/app.yaml.",
            "THE handler SHALL be `orders.py`",
        )
    )
    assert found == ["migrations/0002_orders.sql", "schema.prisma", "config/app.yaml", "orders.py"]


def test_url_paths_modules_globs_products_and_removals_are_not_files() -> None:
    assert (
        named_paths(
            req(
                "WHEN GET /api/orders is called THEN the system SHALL list orders",
                "THE models SHALL live in app.models and set user.name",
                "THE linter SHALL check src/**/*.py",
                "THE page SHALL be rendered with Node.js and Vue.js",
                "THE docs SHALL link https://example.com/guide.html",
                "THE build SHALL remove legacy/old_orders.sql",
                "THE version SHALL be 1.2.3",
                "WHEN the run ends THEN the CLI SHALL write the results to out/report.json",
                "THE service SHALL load its settings from `config/app.yaml`",
                "THE export SHALL be saved as orders.csv",
            )
        )
        == []
    )


def test_a_runtime_verb_exempts_only_the_path_it_governs() -> None:
    """The verb's own preposition must lead to the path: a table stored or logged in, then
    defined in a file, names that file as an artefact of the work."""
    found = named_paths(
        req(
            "Revoked tokens are stored in the revoked_tokens table defined in db/schema.sql",
            "Tokens are logged in the audit table declared in db/audit.sql",
        )
    )
    assert found == ["db/schema.sql", "db/audit.sql"]
    honest = req(
        "THE CLI SHALL write a summary of the run to out/report.json",
        "THE service reads its settings from config/app.yaml",
        "THE job SHALL append each line into logs/events.jsonl",
    )
    assert named_paths(honest) == []


def test_a_name_spelt_with_another_case_or_separator_is_present() -> None:
    files = {"app/frontend/pages/auth/SignUp.tsx", "app/frontend/pages/debts/Show.tsx"}
    assert present("pages/auth/sign-up.tsx", files)
    assert present("pages/debts/show.tsx", files)
    assert present("app/frontend/pages/auth/sign_up.tsx", files)
    # the honest twin of the cheat: another file, or the name in another folder, is missing
    assert not present("pages/auth/sign-in.tsx", files)
    assert not present("pages/profile/show.tsx", files)
    assert not present("pages/auth/signup.ts", files)


def test_another_checkouts_files_and_expressions_are_not_named_files() -> None:
    found = named_paths(
        req(
            "Copy the styles from ../starter-kit/app/entrypoints/application.css",
            "THE callback SHALL read request.env['omniauth.auth'] and call path.join(a, b)",
            "THE page SHALL live in app/pages/sign-up.tsx",
            "THE texts SHALL be stored in translation files (en.json/ar.json)",
        )
    )
    assert found == ["app/pages/sign-up.tsx", "en.json", "ar.json"]


def test_a_name_is_present_exactly_or_as_the_tail_of_a_path() -> None:
    files = {"prisma/schema.prisma", "config/app.yaml"}
    assert present("schema.prisma", files)
    assert present("config/app.yaml", files)
    assert not present("migrations/0002_orders.sql", files)
    assert not present("ma.prisma", files)


ORDERS = """# Requirements

### Requirement 1

**User Story:** As a shopper, I want my orders stored, so that I can see them later.

#### Acceptance Criteria

1. WHEN the order table is created THEN the system SHALL add {path} with the orders table
2. WHEN an order is saved THEN the system SHALL call save_order
"""


def audit(repo, validate, path: str, files: dict[str, str]) -> dict:
    repo.commit(
        "chore: spec",
        {
            ".kiro/specs/orders/requirements.md": ORDERS.format(path=path),
            ".kiro/specs/orders/tasks.md": "- [x] 1. Orders\n  - _Requirements: 1.1, 1.2_\n",
        },
    )
    code = "def save_order(order):\n    return order\n"
    repo.commit("orders: store orders (task 1)", {"src/orders.py": code, **files})
    validate("--repo", str(repo.root), "--spec", "orders")
    data = json.loads((repo.root / ".kiro/specs/orders/validation-report.json").read_text())
    return data["requirements"][0]


def test_a_missing_migration_the_criterion_names_fails_the_requirement(repo, validate) -> None:
    row = audit(repo, validate, "migrations/0002_orders.sql", {})
    assert row["status"] == "FAIL"
    assert "migrations/0002_orders.sql" in row["reason"]


def test_the_named_migration_present_leaves_the_requirement_implemented(repo, validate) -> None:
    sql = "CREATE TABLE orders (id integer);\n"
    row = audit(repo, validate, "migrations/0002_orders.sql", {"migrations/0002_orders.sql": sql})
    assert row["status"] == "UNKNOWN"
    assert [i["file"] for i in row["implementation"]] == ["src/orders.py"]


def test_a_url_path_in_the_criterion_is_no_missing_file(repo, validate) -> None:
    row = audit(repo, validate, "/api/orders", {})
    assert row["status"] == "UNKNOWN"
