"""The report's closed-vocabulary fields hold only what their ``Literal`` types list, in
every pinned report of every fixture (the snapshots ``test_report_snapshots.py`` keeps)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import get_args

import pytest

from ralph_validate.validator.report.model import ChangeSetSource, DecidedBy, SuppressionSource

SNAPSHOTS = Path(__file__).resolve().parents[2] / "snapshots" / "reports"


def _reports() -> list[dict[str, object]]:
    return [
        json.loads(path.read_text(encoding="utf-8"))
        for path in sorted(SNAPSHOTS.glob("*/validation-report.json"))
    ]


def _values(field: str) -> set[object]:
    found: set[object] = set()
    for report in _reports():
        if field == "change_set.source":
            found.add(report["change_set"]["source"])  # type: ignore[index]
        elif field == "requirements.decided_by":
            found |= {r["decided_by"] for r in report["requirements"]}  # type: ignore[attr-defined]
        elif field == "suppressions.source":
            found |= {s["source"] for s in report.get("suppressions", [])}  # type: ignore[attr-defined]
    return found


@pytest.mark.parametrize(
    ("field", "allowed"),
    [
        ("change_set.source", ChangeSetSource),
        ("requirements.decided_by", DecidedBy),
        ("suppressions.source", SuppressionSource),
    ],
)
def test_pinned_reports_write_only_the_fields_literal_values(field: str, allowed: object) -> None:
    values = _values(field)
    assert values, f"no pinned report writes {field}"
    assert values <= set(get_args(allowed)), sorted(map(str, values))
