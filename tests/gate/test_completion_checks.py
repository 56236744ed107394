"""CompletionCheck implementations against real files, processes and databases."""

from __future__ import annotations

import json
import sqlite3
import sys
from pathlib import Path

import httpx2
import pytest

from ralph_validate.core.llm import LlmClient
from ralph_validate.gate.completion import (
    AlwaysComplete,
    CompletionCheck,
    FeatureListCheck,
    LoopState,
    QuestionAnsweredCheck,
    SqlResultCheck,
    TerminationPolicy,
    TestSuiteCheck,
    failure_summary,
)


def state(repo: Path, **kwargs: object) -> LoopState:
    return LoopState(repo=repo, **kwargs)  # type: ignore[arg-type]


def test_every_check_satisfies_the_protocol(tmp_path: Path) -> None:
    checks = [
        AlwaysComplete(),
        FeatureListCheck(),
        TestSuiteCheck(["true"]),
        SqlResultCheck(lambda: sqlite3.connect(":memory:"), "select 1"),
    ]
    assert all(isinstance(check, CompletionCheck) for check in checks)
    assert all(check.description() for check in checks)


def test_feature_list_names_the_features_that_do_not_pass(tmp_path: Path) -> None:
    features = [
        {"category": "functional", "description": "New chat button", "steps": [], "passes": True},
        {"category": "style", "description": "Dark mode toggle", "steps": [], "passes": False},
        {"category": "functional", "description": "Export to PDF", "steps": []},
    ]
    (tmp_path / "feature_list.json").write_text(json.dumps(features))
    reason = FeatureListCheck().check(state(tmp_path))
    assert reason == "features not passing:\n- Dark mode toggle\n- Export to PDF"
    for feature in features:
        feature["passes"] = True
    (tmp_path / "feature_list.json").write_text(json.dumps(features))
    assert FeatureListCheck().check(state(tmp_path)) is None


def test_feature_list_that_cannot_be_read_is_not_complete(tmp_path: Path) -> None:
    (tmp_path / "feature_list.json").write_text("{not json")
    assert FeatureListCheck().check(state(tmp_path)).startswith("feature_list.json cannot be read")


def test_test_suite_check_runs_pytest_and_reports_the_failing_test(tmp_path: Path) -> None:
    (tmp_path / "test_sample.py").write_text(
        "def test_ok():\n    assert 1 + 1 == 2\n\n\ndef test_broken():\n    assert 2 * 2 == 5\n"
    )
    check = TestSuiteCheck([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"])
    reason = check.check(state(tmp_path))
    assert reason is not None and reason.startswith("tests failed (exit 1):")
    assert "FAILED test_sample.py::test_broken" in reason
    assert "1 failed, 1 passed" in reason
    (tmp_path / "test_sample.py").write_text("def test_ok():\n    assert 1 + 1 == 2\n")
    assert check.check(state(tmp_path)) is None


def test_test_suite_check_reports_a_missing_command_and_a_timeout(tmp_path: Path) -> None:
    missing = TestSuiteCheck(["no-such-test-runner-here"]).check(state(tmp_path))
    assert missing == "test command not found: no-such-test-runner-here"
    slow = TestSuiteCheck([sys.executable, "-c", "import time; time.sleep(5)"], timeout=0.5)
    assert slow.check(state(tmp_path)).startswith("test command timed out after 0.5 s")


def test_failure_summary_reads_jest_vitest_and_go_output() -> None:
    jest = (
        "PASS a.test.js\nFAIL b.test.js\n  ● sums › adds\n"
        "Tests:       1 failed, 3 passed, 4 total\n"
    )
    assert failure_summary(jest) == (
        "FAIL b.test.js\n  ● sums › adds\nTests:       1 failed, 3 passed, 4 total"
    )
    go = "=== RUN   TestAdd\n--- FAIL: TestAdd (0.00s)\nFAIL\texample.com/calc\t0.01s\n"
    assert failure_summary(go) == "--- FAIL: TestAdd (0.00s)\nFAIL\texample.com/calc\t0.01s"
    vitest = " ✓ ok\n × sums > adds\n Tests  1 failed | 2 passed (3)\n"
    assert failure_summary(vitest) == " × sums > adds\n Tests  1 failed | 2 passed (3)"
    plain = "\n".join(f"line {i}" for i in range(40))
    assert failure_summary(plain) == "\n".join(f"line {i}" for i in range(20, 40))


def test_sql_result_check_wants_columns_and_rows(tmp_path: Path) -> None:
    db = tmp_path / "app.db"
    with sqlite3.connect(db) as conn:
        conn.execute("create table orders (id integer, total real)")
    check = SqlResultCheck(
        lambda: sqlite3.connect(db),
        "select id, total from orders",
        expected_columns=["id", "total"],
    )
    assert check.check(state(tmp_path)) == "query returned 0 row(s), expected at least 1"
    with sqlite3.connect(db) as conn:
        conn.execute("insert into orders values (1, 9.5)")
    assert check.check(state(tmp_path)) is None
    wrong = SqlResultCheck(
        lambda: sqlite3.connect(db), "select id from orders", expected_columns=["total"]
    )
    assert wrong.check(state(tmp_path)) == "query result lacks column(s) total (has id)"
    broken = SqlResultCheck(lambda: sqlite3.connect(db), "select nope from orders")
    assert broken.check(state(tmp_path)).startswith("query failed: OperationalError")


class FakeCheck:
    """A completion check with a scripted answer, counting how often it is asked."""

    def __init__(self, answer: str | None) -> None:
        self.answer = answer
        self.calls = 0

    def check(self, state: LoopState) -> str | None:
        self.calls += 1
        return self.answer

    def description(self) -> str:
        return "scripted"


def test_policy_runs_the_completion_check_only_when_the_agent_claims_done(tmp_path: Path) -> None:
    check = FakeCheck("2 tasks open")
    policy = TerminationPolicy(check, max_iterations=5)
    quiet = policy.decide(state(tmp_path, iteration=1, output="working"))
    assert (quiet.stop, quiet.verdict, check.calls) == (False, "CONTINUE", 0)
    claimed = policy.decide(state(tmp_path, iteration=2, output="<promise>COMPLETE</promise>"))
    assert (claimed.stop, claimed.reason, check.calls) == (False, "2 tasks open", 1)


def test_policy_checks_budgets_before_anything_else(tmp_path: Path) -> None:
    check = FakeCheck(None)
    policy = TerminationPolicy(check, max_seconds=60, sensors=[lambda s: "stalled"])
    over = policy.decide(state(tmp_path, elapsed_seconds=61, output="<promise>COMPLETE</promise>"))
    assert (over.verdict, over.exit_code, check.calls) == ("MAX_ITERATIONS", 1, 0)
    sensed = policy.decide(state(tmp_path, elapsed_seconds=1, output="<promise>COMPLETE</promise>"))
    assert (sensed.verdict, sensed.exit_code, sensed.reason, check.calls) == (
        "BLOCKED",
        2,
        "stalled",
        0,
    )


def test_policy_maps_tags_to_verdicts_and_exit_codes(tmp_path: Path) -> None:
    policy = TerminationPolicy(FakeCheck(None), max_iterations=3)
    done = policy.decide(state(tmp_path, iteration=1, output="<promise>COMPLETE</promise>"))
    assert (done.verdict, done.exit_code) == ("COMPLETE", 0)
    blocked = policy.decide(
        state(tmp_path, iteration=1, output="<promise>BLOCKED:no key</promise>")
    )
    assert (blocked.verdict, blocked.exit_code, blocked.reason) == ("BLOCKED", 2, "no key")
    decide = policy.decide(
        state(tmp_path, iteration=1, output="<promise>DECIDE:pick one</promise>")
    )
    assert (decide.verdict, decide.exit_code) == ("DECIDE", 3)
    last = policy.decide(state(tmp_path, iteration=3, output="still going"))
    assert (last.verdict, last.exit_code) == ("MAX_ITERATIONS", 1)
    tokens = TerminationPolicy(FakeCheck(None), max_tokens=100)
    assert tokens.decide(state(tmp_path, tokens=101)).verdict == "MAX_ITERATIONS"


def judge(tmp_path: Path, answer: dict) -> QuestionAnsweredCheck:
    def handler(request: httpx2.Request) -> httpx2.Response:
        return httpx2.Response(
            200,
            json={
                "id": "msg_1",
                "type": "message",
                "role": "assistant",
                "model": "claude-test",
                "content": [{"type": "text", "text": json.dumps(answer)}],
                "stop_reason": "end_turn",
                "stop_sequence": None,
                "usage": {"input_tokens": 5, "output_tokens": 5},
            },
        )

    import anthropic  # heavy to import: only where a client is built, not at collection

    sdk = anthropic.Anthropic(
        api_key="sk-test", http_client=httpx2.Client(transport=httpx2.MockTransport(handler))
    )
    client = LlmClient(model="claude-test", cache_dir=None, client=sdk)
    return QuestionAnsweredCheck(
        "Does the README document the --strict flag?", ["README.md"], client
    )


def test_question_answered_needs_a_citation_the_file_backs(tmp_path: Path) -> None:
    (tmp_path / "README.md").write_text("# Tool\n\nUse `--strict` to exit 3 on gaps.\n")
    good = {
        "status": "PASS",
        "reason": "documented",
        "evidence": [{"file": "README.md", "line": 3, "snippet": "Use `--strict` to exit 3"}],
    }
    assert judge(tmp_path, good).check(state(tmp_path)) is None
    forged = dict(
        good, evidence=[{"file": "README.md", "line": 3, "snippet": "--strict is the default"}]
    )
    assert judge(tmp_path, forged).check(state(tmp_path)) == (
        "the judge's citation README.md:3 is not backed by the file"
    )
    bare = dict(good, evidence=[])
    assert judge(tmp_path, bare).check(state(tmp_path)) == (
        "the judge answered PASS without citing the files"
    )
    no = {"status": "FAIL", "reason": "not mentioned", "evidence": []}
    assert judge(tmp_path, no).check(state(tmp_path)) == "not answered (FAIL): not mentioned"


def test_feature_list_reads_every_shape_the_gate_reads(tmp_path: Path) -> None:
    features = {
        "project": "notes",
        "features": [
            {"id": "F-1", "name": "add", "status": "passing"},
            {"id": "F-2", "name": "search", "state": "done"},
            {"id": "F-3", "name": "export", "status": "blocked"},
        ],
    }
    (tmp_path / "feature_list.json").write_text(json.dumps(features))
    reason = FeatureListCheck().check(state(tmp_path))
    assert reason == (
        "features not passing:\n"
        "- export (done state not read: 'status' = \"blocked\" is neither a done nor an open state)"
    )
    features["features"][2]["status"] = "complete"
    (tmp_path / "feature_list.json").write_text(json.dumps(features))
    assert FeatureListCheck().check(state(tmp_path)) is None


@pytest.mark.reliability(cls="forged evidence", outcome="refused")
def test_the_validation_gate_check_never_reads_or_writes_a_facts_cache(
    repo, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The check that decides FINAL for the loop and the Python API runs the validator with
    --no-cache: a cache an agent could write is neither read nor filled."""
    from ralph_validate.gate.completion import ValidationGateCheck

    cache = tmp_path / "user-cache"
    cache.mkdir()
    monkeypatch.setenv("RALPH_VALIDATE_CACHE", str(cache))
    repo.commit("chore: spec", {"specs/shop/tasks.md": "- [x] 1. Price orders\n"})
    repo.commit("shop: price orders (task 1)", {"src/price.py": "def price(n):\n    return n\n"})
    reason = ValidationGateCheck("shop").check(state(repo.root))
    assert reason is None or "could not run" not in reason
    assert list(cache.rglob("*")) == []
