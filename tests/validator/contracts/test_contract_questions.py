"""The four contract questions: their numbers, their kinds, and the rows they answer with."""

from __future__ import annotations

import json

from ralph_validate.validator.contracts.answer import Question, answer_row
from ralph_validate.validator.findings import Status
from ralph_validate.validator.report.model import FieldRef, Location


def test_the_questions_are_numbered_as_the_report_numbers_them() -> None:
    assert [(q.name, int(q)) for q in Question] == [
        ("MOCK_DRIFT", 1),
        ("MISSING_FIELD", 2),
        ("UNCONSUMED_FIELD", 3),
        ("NAMING_DRIFT", 4),
    ]


def test_each_question_carries_its_finding_kind() -> None:
    assert {int(q): q.kind for q in Question} == {
        1: "contract.mock-drift",
        2: "contract.missing-field",
        3: "contract.unconsumed-field",
        4: "contract.naming-drift",
    }


def test_a_question_prints_and_serialises_as_its_number() -> None:
    assert f"Q{Question.NAMING_DRIFT}" == "Q4"
    assert json.dumps({"question": Question.MOCK_DRIFT}) == '{"question": 1}'


def test_a_failing_answer_is_located_and_kinded_and_a_passing_one_is_not() -> None:
    read = FieldRef("app/use.py", 7, "user.id")
    failing = answer_row(
        question=Question.MISSING_FIELD,
        boundary="app/get.py::get -> app/use.py::use",
        consumer=read,
        status=Status.FAIL,
        reason="reads user.id; app/get.py::get does not write id",
        at=read,
        files={"app/use.py", "app/get.py", ""},
    )
    passing = answer_row(
        question=Question.MISSING_FIELD,
        boundary="app/get.py::get -> app/use.py::use",
        consumer=read,
        status=Status.PASS,
        reason="written by the producer",
        at=read,
        files={"app/use.py"},
    )
    assert (failing.row.kind, failing.row.location) == (
        "contract.missing-field",
        Location("app/use.py", 7),
    )
    assert failing.files == frozenset({"app/use.py", "app/get.py"})
    assert (passing.row.kind, passing.row.location) == (None, None)
