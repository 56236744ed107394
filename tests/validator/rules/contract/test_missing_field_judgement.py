"""CT002 decides a read from what the engine observed: written, guarded, unknown or missing."""

from __future__ import annotations

from ralph_validate.validator.contracts.observations import (
    AmbiguousRead,
    EnumComparison,
    FieldRead,
    ModelRead,
    UnknownModel,
    UnreadablePath,
)
from ralph_validate.validator.contracts.shape import Presence
from ralph_validate.validator.findings import Status
from ralph_validate.validator.report.model import FieldRef, Location
from ralph_validate.validator.rules.contract.CT002_missing_field import MissingField
from ralph_validate.validator.rules.contract.rows import ContractTable

READ = FieldRef("web/show.ts", 12, "order.total")
FILES = frozenset({"web/show.ts", "api/orders.py"})


def _read(**changes: object) -> FieldRead:
    seen = {
        "boundary": "api/orders.py::get_order -> web/show.ts::show",
        "files": FILES,
        "consumer": READ,
        "path": "order.total",
        "producer": "api/orders.py::get_order",
        "presence": Presence.ABSENT,
        "written": FieldRef("api/orders.py", 30, "order"),
    }
    seen.update(changes)
    return FieldRead(**seen)  # type: ignore[arg-type]


def _judge(*seen: object) -> tuple[ContractTable, list]:
    table = ContractTable()
    findings = table.run(MissingField(), list(seen))
    return table, findings


def test_a_field_the_producer_does_not_write_fails_at_the_read() -> None:
    table, findings = _judge(_read())
    (answer,) = table.answers
    assert (answer.row.status, answer.row.question, answer.row.kind) == (
        Status.FAIL,
        2,
        "contract.missing-field",
    )
    assert answer.row.location == Location("web/show.ts", 12)
    assert answer.row.reason == "reads order.total; api/orders.py::get_order does not write order"
    assert answer.files == FILES
    assert [(f.rule, f.file, f.line, f.status) for f in findings] == [
        ("CT002", "web/show.ts", 12, Status.FAIL)
    ]
    # The reason names the field read, so the message does not repeat it.
    assert findings[0].message == (
        "api/orders.py::get_order -> web/show.ts::show: "
        "reads order.total; api/orders.py::get_order does not write order"
    )
    assert answer.finding == findings[0]


def test_the_same_read_of_a_written_field_passes_without_a_finding() -> None:
    written = FieldRef("api/orders.py", 31, "order.total")
    table, findings = _judge(_read(presence=Presence.PRESENT, written=written))
    (answer,) = table.answers
    assert (answer.row.status, answer.row.reason) == (Status.PASS, "written by the producer")
    assert (answer.row.kind, answer.row.location, answer.row.producer) == (None, None, written)
    assert findings == []
    assert answer.finding is None


def test_a_missing_field_read_under_an_existence_check_passes() -> None:
    table, findings = _judge(_read(guarded=True))
    assert [a.row.status for a in table.answers] == [Status.PASS]
    assert table.answers[0].row.reason == "missing, but only read under an existence check"
    assert findings == []


def test_a_producer_that_may_or_may_not_write_the_field_is_unknown() -> None:
    table, findings = _judge(_read(presence=Presence.UNKNOWN))
    assert [(a.row.status, a.row.reason) for a in table.answers] == [
        (Status.UNKNOWN, "api/orders.py::get_order may or may not write order.total")
    ]
    assert [f.status for f in findings] == [Status.UNKNOWN]


def test_an_unresolved_producer_is_unknown_and_says_why() -> None:
    unresolved = _read(
        producer="CountRows",
        unresolved="the function name is computed",
        presence=Presence.UNKNOWN,
    )
    table, _ = _judge(unresolved)
    assert table.answers[0].row.status is Status.UNKNOWN
    assert table.answers[0].row.reason == (
        "the producer behind CountRows is not known: the function name is computed"
    )
    assert table.answers[0].row.producer is None


def test_an_absence_in_the_known_part_of_an_unresolved_producer_fails() -> None:
    # Only a known part (a Lambda invoke's fixed envelope) can answer "absent" for a
    # producer whose code is not known; the handler's own value answers UNKNOWN above.
    envelope_typo = _read(
        path="Paylod", producer="CountRows", unresolved="the function name is computed"
    )
    table, _ = _judge(envelope_typo)
    assert table.answers[0].row.status is Status.FAIL


def test_the_execution_input_is_unknown_even_where_a_field_is_found() -> None:
    table, _ = _judge(_read(execution_input=True, presence=Presence.PRESENT))
    assert [(a.row.status, a.row.reason) for a in table.answers] == [
        (Status.UNKNOWN, "reads the execution input, whose schema is not known")
    ]


def test_a_guard_whose_path_is_not_understood_makes_a_missing_read_unknown() -> None:
    table, _ = _judge(_read(guard_understood=False))
    assert [(a.row.status, a.row.reason) for a in table.answers] == [
        (Status.UNKNOWN, "read under an existence check whose path is not understood")
    ]
    # A written field needs no guard: the same misunderstood guard passes.
    table, _ = _judge(_read(guard_understood=False, presence=Presence.PRESENT))
    assert [a.row.status for a in table.answers] == [Status.PASS]


def test_a_field_written_elsewhere_fails_naming_where_the_producer_writes_it() -> None:
    elsewhere = FieldRef("api/orders.py", 33, "order.details.total")
    table, _ = _judge(_read(elsewhere=elsewhere, same_name=True))
    (answer,) = table.answers
    assert (answer.row.status, answer.row.producer) == (Status.FAIL, elsewhere)


def test_a_value_several_producers_may_give_is_never_a_fail() -> None:
    seen = AmbiguousRead(
        boundary="GET /a (a.py:1), GET /a (b.py:1) -> web/use.ts::use",
        files=FILES,
        consumer=READ,
        path="order.total",
        producers=("GET /a (a.py:1)", "GET /a (b.py:1)"),
        presences=frozenset({Presence.ABSENT}),
        written=None,
        guarded=False,
    )
    table, _ = _judge(seen)
    assert [(a.row.status, a.row.reason) for a in table.answers] == [
        (
            Status.UNKNOWN,
            "none of GET /a (a.py:1), GET /a (b.py:1) writes order.total; "
            "which one answers is not known",
        )
    ]
    both = FieldRef("a.py", 2, "order.total")
    honest = AmbiguousRead(**{**seen.__dict__, "presences": frozenset({Presence.PRESENT})})
    honest = AmbiguousRead(**{**honest.__dict__, "written": both})
    table, _ = _judge(honest)
    assert [(a.row.status, a.row.producer) for a in table.answers] == [(Status.PASS, both)]
    differ = AmbiguousRead(
        **{**seen.__dict__, "presences": frozenset({Presence.ABSENT, Presence.PRESENT})}
    )
    table, _ = _judge(differ)
    assert table.answers[0].row.reason.endswith("they differ on order.total")


def test_a_read_the_sdk_model_lacks_fails_and_lists_the_structure_fields() -> None:
    model = FieldRef("botocore:glue/GetJobRun", 0, "JobRun")
    seen = ModelRead(
        boundary="botocore glue.get_job_run -> app.py::f",
        files=frozenset({"app.py"}),
        consumer=FieldRef("app.py", 4, "JobRun.state"),
        path="JobRun.state",
        model="glue GetJobRun",
        in_model=False,
        written=model,
        missing="state",
        inside="JobRun",
        members=("Id", "JobName", "JobRunState"),
        near=None,
        guarded=False,
    )
    table, findings = _judge(seen)
    assert [(a.row.status, a.row.reason) for a in table.answers] == [
        (
            Status.FAIL,
            "reads JobRun.state; the glue GetJobRun output has no state in JobRun "
            "(its fields are Id, JobName, JobRunState)",
        )
    ]
    assert [(f.file, f.line) for f in findings] == [("app.py", 4)]
    honest = ModelRead(**{**seen.__dict__, "in_model": True, "missing": "", "members": ()})
    table, findings = _judge(honest)
    assert [(a.row.status, a.row.reason) for a in table.answers] == [
        (Status.PASS, "in the glue GetJobRun output")
    ]
    assert findings == []


def test_a_comparison_with_a_value_outside_the_enum_fails_and_suggests_the_spelling() -> None:
    seen = EnumComparison(
        boundary="botocore athena.get_query_execution -> app.py::wait",
        files=frozenset({"app.py"}),
        consumer=FieldRef("app.py", 9, "QueryExecution.Status.State"),
        path="QueryExecution.Status.State",
        model="athena GetQueryExecution",
        field=FieldRef("botocore:athena/GetQueryExecution", 0, "QueryExecution.Status.State"),
        values=("SUCCEEDED", "SUCCESS"),
        allowed=("QUEUED", "RUNNING", "SUCCEEDED", "FAILED", "CANCELLED"),
    )
    table, _ = _judge(seen)
    assert table.answers[0].row.status is Status.FAIL
    assert table.answers[0].row.reason == (
        "compares QueryExecution.Status.State with 'SUCCESS'; the athena GetQueryExecution "
        "model allows only QUEUED, RUNNING, SUCCEEDED, FAILED, CANCELLED "
        "(did you mean SUCCEEDED?)"
    )
    honest = EnumComparison(**{**seen.__dict__, "values": ("SUCCEEDED", "FAILED")})
    table, _ = _judge(honest)
    assert [a.row.status for a in table.answers] == [Status.PASS]


def test_an_unreadable_path_and_an_unknown_service_are_unknown_reads() -> None:
    at = FieldRef("infra/machine.asl.json", 14, "a[?(@.b)]")
    unreadable = UnreadablePath(
        boundary="? -> Check",
        files=frozenset({"infra/machine.asl.json"}),
        consumer=at,
        expression="$.a[?(@.b)]",
    )
    call = FieldRef("app.py", 3, "client")
    service = UnknownModel(
        boundary="botocore nosuch.get -> app.py",
        files=frozenset({"app.py"}),
        at=call,
        service="nosuch",
        mocked=False,
    )
    stubbed = UnknownModel(**{**service.__dict__, "mocked": True})
    table, _ = _judge(unreadable, service, stubbed)
    assert [(a.row.status, a.row.reason) for a in table.answers] == [
        (Status.UNKNOWN, "path $.a[?(@.b)] is not understood"),
        (Status.UNKNOWN, "botocore has no service model named 'nosuch'"),
    ]
