"""The contract check runs every contract rule over the engine's observations."""

from __future__ import annotations

from ralph_validate.validator.checks.contracts import finding_for, judge
from ralph_validate.validator.contracts.observations import FieldRead, Holder, UnreadField
from ralph_validate.validator.contracts.shape import Presence
from ralph_validate.validator.findings import Status
from ralph_validate.validator.report.model import FieldRef

FILES = frozenset({"app/use.py", "app/get.py"})


def _read(presence: Presence, elsewhere: FieldRef | None = None) -> FieldRead:
    return FieldRead(
        boundary="app/get.py::get -> app/use.py::use",
        files=FILES,
        consumer=FieldRef("app/use.py", 7, "user.userId"),
        path="user.userId",
        producer="app/get.py::get",
        presence=presence,
        written=FieldRef("app/get.py", 3, "user"),
        elsewhere=elsewhere,
    )


def test_one_observation_is_answered_by_every_rule_whose_question_it_bears_on() -> None:
    drift = _read(Presence.ABSENT, FieldRef("app/get.py", 4, "user.user_id"))
    unread = UnreadField(
        boundary="app/get.py::get -> app/use.py::use",
        files=FILES,
        written=FieldRef("app/get.py", 4, "user.user_id"),
        holder=Holder.CODE,
        escapes=(),
    )
    answers = judge([drift, unread])
    assert sorted((a.row.question, a.row.status.value) for a in answers) == [
        (2, "FAIL"),
        (3, "FAIL"),
        (4, "FAIL"),
    ]
    assert sorted(a.finding.rule for a in answers if a.finding) == ["CT002", "CT003", "CT004"]
    # The stateless wording the pipeline uses after suppression agrees with the table.
    assert all(finding_for(a.row) == a.finding for a in answers)


def test_a_written_field_is_one_pass_row_and_no_finding() -> None:
    answers = judge([_read(Presence.PRESENT)])
    assert [(a.row.question, a.row.status, a.finding) for a in answers] == [(2, Status.PASS, None)]
    assert finding_for(answers[0].row) is None
