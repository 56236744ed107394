"""Promise tags: recognition, priority and exit codes."""

from __future__ import annotations

import doctest

import pytest

from ralph_validate.gate import completion, promise_tags
from ralph_validate.gate.promise_tags import Promise, exit_code_for, parse_promises


@pytest.mark.parametrize("module", [promise_tags, completion])
def test_module_examples_run(module: object) -> None:
    failed, attempted = doctest.testmod(module)  # type: ignore[arg-type]
    assert attempted > 0 and failed == 0


@pytest.mark.parametrize(
    ("output", "expected"),
    [
        ("done\n<promise>COMPLETE</promise>\n", Promise("COMPLETE")),
        (
            "<promise>BLOCKED:Missing API credentials</promise>",
            Promise("BLOCKED", "Missing API credentials"),
        ),
        (
            "<promise>DECIDE:Should we use REST or GraphQL?</promise>",
            Promise("DECIDE", "Should we use REST or GraphQL?"),
        ),
        ("<promise>\n  COMPLETE \n</promise>", Promise("COMPLETE")),
        ("The work is COMPLETE.", None),
        ("<promise>complete</promise>", None),
        ("<promise>TASK-1:DONE</promise>", None),
    ],
)
def test_decisive_tag(output: str, expected: Promise | None) -> None:
    assert parse_promises(output).decisive == expected


def test_priority_is_complete_then_blocked_then_decide_whatever_the_order() -> None:
    output = (
        "<promise>DECIDE:which db?</promise> <promise>BLOCKED:no key</promise>"
        " <promise>COMPLETE</promise>"
    )
    assert parse_promises(output).decisive == Promise("COMPLETE")
    assert parse_promises(output.replace("<promise>COMPLETE</promise>", "")).decisive == Promise(
        "BLOCKED", "no key"
    )


def test_tags_in_the_final_summary_count_too() -> None:
    found = parse_promises("streaming text without tags", "<promise>BLOCKED:disk full</promise>")
    assert found.decisive == Promise("BLOCKED", "disk full")


def test_task_done_tags_are_listed_but_never_decisive() -> None:
    found = parse_promises(
        "<promise>TASK-1:DONE</promise> x <promise>TASK-13:DONE</promise>"
        " <promise>TASK-1:DONE</promise>"
    )
    assert found.tasks_done == ("TASK-1", "TASK-13")
    assert found.decisive is None


@pytest.mark.parametrize(
    ("promise", "code"),
    [
        (Promise("COMPLETE"), 0),
        (None, 1),
        (Promise("BLOCKED", "x"), 2),
        (Promise("DECIDE", "y"), 3),
    ],
)
def test_ralph_exit_codes(promise: Promise | None, code: int) -> None:
    assert exit_code_for(promise) == code
