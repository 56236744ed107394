"""GitHub Actions expressions over the events a workflow runs on: always true, never true, or
depending on the event or on what only the run knows."""

from __future__ import annotations

import pytest

from ralph_validate.extractors.runners.scripts import Trigger
from ralph_validate.validator.testruns.ci_conditions import (
    UNKNOWN,
    ExpressionError,
    evaluate,
    over_triggers,
    parse,
)

PR = (Trigger("pull_request"),)
PUSH_PR = (Trigger("push"), Trigger("pull_request"))


@pytest.mark.parametrize(
    ("value", "triggers", "verdict"),
    [
        ("${{ github.event_name == 'pull_request' }}", PR, "always"),
        ("${{ github.event_name != 'pull_request' }}", PR, "never"),
        ("${{ github.event_name == 'Pull_Request' }}", PR, "always"),
        ("${{ github.event_name == 'pull_request' }}", PUSH_PR, "depends"),
        (
            "${{ github.event_name == 'push' || github.event_name == 'pull_request' }}",
            PUSH_PR,
            "always",
        ),
        (
            "${{ github.event_name == 'push' && github.event_name == 'pull_request' }}",
            PUSH_PR,
            "never",
        ),
        ("${{ !(github.event_name == 'schedule') }}", PUSH_PR, "always"),
        (
            '${{ contains(fromJSON(\'["push", "pull_request"]\'), github.event_name) }}',
            PUSH_PR,
            "always",
        ),
        ("${{ contains('push pull_request', github.event_name) }}", PUSH_PR, "always"),
        ("${{ startsWith(github.event_name, 'pull_') }}", PR, "always"),
        ("${{ endsWith(github.event_name, '_target') }}", PR, "never"),
        ("${{ github['event_name'] == 'pull_request' }}", PR, "always"),
        ("${{ format('{0}!', github.event_name) == 'pull_request!' }}", PR, "always"),
        # Unknown operands: three-valued && and ||.
        ("${{ matrix.experimental }}", PR, "depends"),
        ("${{ matrix.experimental && github.event_name == 'push' }}", PR, "never"),
        ("${{ matrix.experimental || github.event_name == 'pull_request' }}", PR, "always"),
        ("${{ matrix.experimental || github.event_name == 'push' }}", PR, "depends"),
        ("${{ github.ref == 'refs/heads/main' }}", PR, "depends"),
        ("${{ contains(github.event.pull_request.labels.*.name, 'flaky') }}", PR, "depends"),
        # The activity types a trigger lists, or GitHub's defaults for pull requests.
        ("${{ github.event.action == 'closed' }}", PR, "never"),
        (
            "${{ github.event.action == 'closed' }}",
            (Trigger("pull_request", ("closed",)),),
            "always",
        ),
        ("${{ github.event.action == 'labeled' }}", (Trigger("issues"),), "depends"),
        ("${{ github.event.action == 'closed' }}", (Trigger("push"),), "never"),
        # A called workflow sees its caller's event; no list of events at all says nothing.
        (
            "${{ github.event_name == 'push' }}",
            (Trigger("push"), Trigger("workflow_call")),
            "depends",
        ),
        ("${{ github.event_name == 'push' }}", None, "depends"),
        ("${{ github.event_name == 'push' }}", (), "depends"),
        # Text around the expression makes a string; a bare value is no expression here.
        ("x ${{ github.event_name == 'push' }}", PR, "depends"),
        ("github.event_name == 'pull_request'", PR, "depends"),
        ("${{ github.event_name == }}", PR, "depends"),
    ],
)
def test_a_setting_is_decided_over_the_workflow_triggers(value, triggers, verdict) -> None:
    assert over_triggers(value, triggers, bare_is_expression=False)[0] == verdict


def test_if_reads_its_bare_value_as_an_expression() -> None:
    assert over_triggers("github.event_name == 'push'", PR, bare_is_expression=True) == (
        "never",
        "pull_request",
    )
    assert over_triggers("success() && github.event_name == 'push'", PR, True)[0] == "never"
    assert over_triggers("always() || github.event_name == 'push'", PR, True)[0] == "always"
    assert over_triggers("failure()", PR, True)[0] == "depends"


def test_the_deciding_triggers_name_the_activity_types_only_when_the_expression_reads_them() -> (
    None
):
    assert over_triggers("github.event.action == 'closed'", PR, True) == (
        "never",
        "pull_request (opened, synchronize, reopened)",
    )
    assert over_triggers("github.event_name == 'push'", PUSH_PR, True)[1] == ""
    assert over_triggers("github.event_name != 'schedule'", PUSH_PR, True)[1] == (
        "push, pull_request"
    )


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("null == 0", True),
        ("'' == 0", True),
        ("'0x10' == 16", True),
        ("true == 1", True),
        ("'abc' == 'ABC'", True),
        ("'a' < 'B'", True),
        ("2 >= 3", False),
        ("'x' && 0", 0.0),
        ("'' || 'fallback'", "fallback"),
        ("fromJSON('[1, 2]')[1] == 2", UNKNOWN),
        ("join(fromJSON('[\"a\", \"b\"]'), '-')", "a-b"),
        ("'it''s'", "it's"),
    ],
)
def test_values_follow_the_documented_rules(text: str, value: object) -> None:
    assert evaluate(parse(text), {}) == value


@pytest.mark.parametrize("text", ["a ==", "(a", "a ] b", "f(a b)", "a.'b'", "#"])
def test_text_that_is_no_expression_does_not_parse(text: str) -> None:
    with pytest.raises(ExpressionError):
        parse(text)
