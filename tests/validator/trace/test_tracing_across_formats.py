"""Deterministic tracing across spec formats, files and config; requirements sharing words."""

from __future__ import annotations

import json

from ralph_validate.validator.trace.ids import ids_in_test_name, ids_in_text


def statuses(repo, spec_dir: str) -> dict[str, tuple[str, list[str]]]:
    data = json.loads((repo.root / spec_dir / "validation-report.json").read_text())
    return {
        r["id"]: (r["status"], sorted({i["file"] for i in r["implementation"]}))
        for r in data["requirements"]
    }


def test_snarktank_story_ids_in_code_and_test_names(repo, validate) -> None:
    prd = {
        "userStories": [
            {
                "id": "US-001",
                "title": "Add priority field to the database",
                "acceptanceCriteria": ["Priority column with default medium"],
                "passes": True,
            },
            {
                "id": "US-002",
                "title": "Show the priority badge on cards",
                "acceptanceCriteria": ["Badge colour per priority"],
                "passes": True,
            },
        ]
    }
    repo.commit("chore: prd", {"plan/prd.json": json.dumps(prd, indent=2)})
    repo.commit(
        "plan: US-001",
        {
            "db/migrate.py": "# US-001: priority column\nCOLUMN = 'priority'\n",
            "tests/test_migrate.py": (
                "from db.migrate import COLUMN\n\n\ndef test_us_001_adds_the_column():\n"
                "    assert COLUMN == 'priority'\n"
            ),
        },
    )
    done = validate("--repo", str(repo.root), "--spec", "plan")
    assert done.returncode == 0, done.stderr
    rows = statuses(repo, "plan")
    assert rows["US-001"][1] == ["db/migrate.py"]
    assert rows["US-002"] == ("FAIL", [])


def _feature_list_with_config(repo, validate, description: str) -> dict[str, dict]:
    features = [
        {
            "category": "functional",
            "description": description,
            "steps": ["Check export_cron_schedule"],
            "passes": True,
        },
        {
            "category": "functional",
            "description": "Exports are encrypted with kms_key_alias",
            "steps": [],
            "passes": False,
        },
    ]
    repo.commit("chore: features", {"feature_list.json": json.dumps(features, indent=2)})
    repo.commit("feature_list: schedule", {"deploy/export.yaml": "cron_schedule: '30 2 * * *'\n"})
    validate("--repo", str(repo.root), "--spec", "feature_list.json", "--format", "json")
    data = json.loads((repo.root / "validation-report.json").read_text())
    return {r["id"]: r for r in data["requirements"]}


def test_a_config_file_is_no_implementation_of_a_requirement_that_does_not_name_it(
    repo, validate
) -> None:
    rows = _feature_list_with_config(
        repo, validate, "Nightly export runs at 02:30 via cron_schedule"
    )
    assert rows["F1"]["implementation"] == []
    assert rows["F1"]["status"] == "FAIL"
    assert rows["F2"]["status"] == "FAIL"


def test_a_config_file_the_requirement_names_implements_it(repo, validate) -> None:
    rows = _feature_list_with_config(
        repo, validate, "Nightly export runs at 02:30 via cron_schedule in deploy/export.yaml"
    )
    assert rows["F1"]["implementation"] == [{"file": "deploy/export.yaml", "line": 1}]
    assert rows["F1"]["status"] == "UNKNOWN"
    assert rows["F2"]["status"] == "FAIL"


KIRO = """### Requirement 1

**User Story:** As a cashier, I want card payments refunded, so that customers get money back.

#### Acceptance Criteria

1. WHEN a refund is requested THEN the system SHALL call refund_card_payment

### Requirement 2

**User Story:** As a cashier, I want card payments voided before settlement.

#### Acceptance Criteria

1. WHEN a payment is unsettled THEN the system SHALL void it through VoidCardPayment
"""


def test_requirements_that_share_words_are_told_apart(repo, validate) -> None:
    repo.commit(
        "chore: spec",
        {"specs/pay/requirements.md": KIRO, "specs/pay/tasks.md": "- [ ] 1. FINAL gate\n"},
    )
    repo.commit(
        "pay: refunds",
        {
            "src/refunds/api.py": "def refund_card_payment(card, amount):\n    return amount\n",
            "src/refunds/messages.py": "TEXT = 'card payment refunded'\n",
            "src/common/cards.py": "def mask(card):\n    return card[-4:]\n",
        },
    )
    validate("--repo", str(repo.root), "--spec", "pay")
    rows = statuses(repo, "specs/pay")
    assert rows["1"] == ("UNKNOWN", ["src/refunds/api.py"])
    assert rows["2"] == ("FAIL", [])


def test_a_requirement_spread_over_several_files(repo, validate) -> None:
    repo.commit(
        "chore: spec",
        {"specs/pay/requirements.md": KIRO, "specs/pay/tasks.md": "- [ ] 1. FINAL gate\n"},
    )
    repo.commit(
        "pay: void",
        {
            "src/void/handler.ts": "export class VoidCardPayment {}\n",
            "src/void/route.ts": "// Requirement 2.1: void endpoint\nexport const path = '/v';\n",
        },
    )
    validate("--repo", str(repo.root), "--spec", "pay")
    assert statuses(repo, "specs/pay")["2"] == (
        "UNKNOWN",
        ["src/void/handler.ts", "src/void/route.ts"],
    )


def test_id_patterns() -> None:
    known = {"1", "1.1", "1.2", "2", "2.1", "US-001", "REQ-3"}
    assert ids_in_text("# Implements Requirement 1.2 and 2.1", known) == {"1.2", "2.1"}
    assert ids_in_text("uses lib version 1.2", known) == set()
    assert ids_in_text("see REQ-3", known) == {"REQ-3"}
    assert ids_in_text("_Requirements: 1.1-1.2_", known) == {"1.1", "1.2"}
    assert ids_in_test_name("test_req_1_2_rejects_short_names", known) == {"1.2"}
    assert ids_in_test_name("test_us_001_lists", known) == {"US-001"}
    assert ids_in_test_name("Requirement 2.1: voids unsettled payments", known) == {"2.1"}
