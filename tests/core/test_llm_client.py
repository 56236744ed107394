"""The LLM client over the real anthropic SDK and its HTTP library's MockTransport."""

from __future__ import annotations

import json
from pathlib import Path

import httpx2
import pytest

from ralph_validate.core.llm import LlmClient, cache_key, resolve_model, snippet_found

SCHEMA = {
    "type": "object",
    "properties": {
        "status": {"type": "string", "enum": ["PASS", "FAIL", "UNKNOWN"]},
        "reason": {"type": "string"},
    },
    "required": ["status", "reason"],
    "additionalProperties": False,
}
API_KEY = "sk-ant-test-secret-0123456789"


def message(text: str, stop_reason: str = "end_turn") -> httpx2.Response:
    """A Messages API response body with one text block."""
    return httpx2.Response(
        200,
        json={
            "id": "msg_test",
            "type": "message",
            "role": "assistant",
            "model": "claude-test",
            "content": [{"type": "text", "text": text}],
            "stop_reason": stop_reason,
            "stop_sequence": None,
            "usage": {"input_tokens": 11, "output_tokens": 7},
        },
    )


class Recorder:
    """A MockTransport handler that replays scripted responses and records requests."""

    def __init__(self, *responses: httpx2.Response | Exception) -> None:
        self.responses = list(responses)
        self.requests: list[httpx2.Request] = []

    def __call__(self, request: httpx2.Request) -> httpx2.Response:
        self.requests.append(request)
        nxt = self.responses.pop(0)
        if isinstance(nxt, Exception):
            raise nxt
        return nxt


def make_client(tmp_path: Path, recorder: Recorder, **kwargs: object) -> LlmClient:
    import anthropic  # heavy to import: only where a client is built, not at collection

    sdk = anthropic.Anthropic(
        api_key=API_KEY,
        max_retries=2,
        http_client=httpx2.Client(transport=httpx2.MockTransport(recorder)),
    )
    return LlmClient(model="claude-test", cache_dir=tmp_path / "cache", client=sdk, **kwargs)


def ask(client: LlmClient, prompt: str = "Is requirement 1 implemented?"):
    return client.ask(system="sys", prompt=prompt, schema=SCHEMA, files={"a.py": b"x = 1\n"})


def test_well_formed_answer_is_parsed_and_sent_with_a_json_schema(tmp_path: Path) -> None:
    recorder = Recorder(message('{"status": "FAIL", "reason": "no code"}'))
    reply = ask(make_client(tmp_path, recorder))
    assert reply.data == {"status": "FAIL", "reason": "no code"}
    body = json.loads(recorder.requests[0].content)
    assert body["output_config"] == {"format": {"type": "json_schema", "schema": SCHEMA}}
    assert body["model"] == "claude-test"
    assert "temperature" not in body


def test_second_identical_question_is_answered_from_cache_without_a_request(
    tmp_path: Path,
) -> None:
    recorder = Recorder(message('{"status": "PASS", "reason": "ok"}'))
    client = make_client(tmp_path, recorder)
    ask(client)
    again = ask(client)
    assert again.from_cache and again.data == {"status": "PASS", "reason": "ok"}
    assert len(recorder.requests) == 1


def test_cache_never_contains_the_api_key(tmp_path: Path) -> None:
    ask(make_client(tmp_path, Recorder(message('{"status": "PASS", "reason": "ok"}'))))
    stored = b"".join(p.read_bytes() for p in (tmp_path / "cache").iterdir())
    assert stored and API_KEY.encode() not in stored


def test_overloaded_529_then_success_is_retried(tmp_path: Path) -> None:
    overloaded = httpx2.Response(
        529,
        headers={"retry-after-ms": "10"},
        json={"type": "error", "error": {"type": "overloaded_error", "message": "busy"}},
    )
    recorder = Recorder(overloaded, message('{"status": "UNKNOWN", "reason": "unclear"}'))
    reply = ask(make_client(tmp_path, recorder))
    assert reply.data == {"status": "UNKNOWN", "reason": "unclear"}
    assert len(recorder.requests) == 2


@pytest.mark.reliability(cls="crash or hang", outcome="UNKNOWN")
def test_rate_limit_on_every_attempt_ends_as_a_reason_not_a_crash(tmp_path: Path) -> None:
    limited = [
        httpx2.Response(
            429,
            headers={"retry-after-ms": "10"},
            json={"type": "error", "error": {"type": "rate_limit_error", "message": "slow"}},
        )
        for _ in range(3)
    ]
    recorder = Recorder(*limited)
    reply = ask(make_client(tmp_path, recorder))
    assert reply.data is None
    assert reply.reason == "LLM API answered HTTP 429 after retries"
    assert len(recorder.requests) == 3


@pytest.mark.reliability(cls="crash or hang", outcome="UNKNOWN")
def test_timeout_ends_as_a_reason(tmp_path: Path) -> None:
    timeouts = [httpx2.ReadTimeout("slow") for _ in range(3)]
    reply = ask(make_client(tmp_path, Recorder(*timeouts)))
    assert reply.data is None and reply.reason == "LLM request timed out"


@pytest.mark.reliability(cls="crash or hang", outcome="UNKNOWN")
@pytest.mark.parametrize(
    ("text", "reason_start"),
    [
        ("this is not json", "the answer was not JSON"),
        ('{"status": "MAYBE", "reason": "?"}', "the answer did not fit the schema"),
        ('{"status": "PASS"}', "the answer did not fit the schema"),
    ],
)
def test_malformed_answers_are_refused(tmp_path: Path, text: str, reason_start: str) -> None:
    reply = ask(make_client(tmp_path, Recorder(message(text))))
    assert reply.data is None and reply.reason.startswith(reason_start)
    assert not (tmp_path / "cache").exists()


@pytest.mark.reliability(cls="crash or hang", outcome="UNKNOWN")
def test_refusal_is_not_an_answer(tmp_path: Path) -> None:
    reply = ask(make_client(tmp_path, Recorder(message("", stop_reason="refusal"))))
    assert reply.data is None and reply.reason == "the model refused to answer"


def test_replay_with_an_empty_cache_opens_no_connection(tmp_path: Path) -> None:
    recorder = Recorder()
    reply = ask(make_client(tmp_path, recorder, replay=True))
    assert reply.data is None and "--llm-replay" in reply.reason
    assert recorder.requests == []


def test_cache_key_changes_with_file_contents_and_model() -> None:
    base = cache_key("m", "s", "p", SCHEMA, {"a.py": b"1"})
    assert base == cache_key("m", "s", "p", SCHEMA, {"a.py": b"1"})
    assert base != cache_key("m", "s", "p", SCHEMA, {"a.py": b"2"})
    assert base != cache_key("m2", "s", "p", SCHEMA, {"a.py": b"1"})


def test_model_comes_from_flag_then_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RALPH_VALIDATE_MODEL", "from-env")
    assert resolve_model("from-flag") == "from-flag"
    assert resolve_model(None) == "from-env"


@pytest.mark.reliability(cls="forged evidence", outcome="refused")
def test_snippet_must_occur_near_the_cited_line() -> None:
    text = "a = 1\nb = 2\nc = 3\nd = 4\ne = 5\nf = 6\ng = 7\nh = 8\n"
    assert snippet_found(text, 3, "c = 3")
    assert snippet_found(text, 4, "c =   3")
    assert snippet_found(text, 2, "b = 2 c = 3")
    assert not snippet_found(text, 8, "a = 1")
    assert not snippet_found(text, 3, "z = 9")
    assert not snippet_found(text, 99, "a = 1")
    assert not snippet_found(text, 3, "   ")


DEEP_JSON = "[" * 100_000 + "]" * 100_000


@pytest.mark.reliability(cls="crash or hang", outcome="UNKNOWN")
@pytest.mark.parametrize(
    "body",
    [
        httpx2.Response(200, text='{"id": "msg_test", "type": "mess'),
        httpx2.Response(
            200, text="<html><body>Bad gateway</body></html>", headers={"content-type": "text/html"}
        ),
        httpx2.Response(200, json={"error": "not a message"}),
        httpx2.Response(200, json=[1, 2, 3]),
        httpx2.Response(200, text="plain words, no JSON"),
        httpx2.Response(200, text=DEEP_JSON, headers={"content-type": "application/json"}),
        httpx2.Response(200, json={"type": "message", "content": None, "stop_reason": "end_turn"}),
        httpx2.Response(
            200, json={"type": "message", "content": "a string", "stop_reason": "end_turn"}
        ),
        httpx2.Response(
            200,
            json={"type": "message", "content": [{"type": "tool_use"}], "stop_reason": "tool_use"},
        ),
        httpx2.Response(200, json={"type": "message", "content": [], "stop_reason": "end_turn"}),
        message(DEEP_JSON),
        message("", stop_reason="pause_turn"),
        message('{"status": "PASS", "reason": "ok"}', stop_reason="stop_sequence_unknown"),
    ],
    ids=[
        "truncated",
        "html",
        "json-not-message",
        "json-array",
        "text",
        "deep-body",
        "content-none",
        "content-string",
        "tool-use-only",
        "empty-content",
        "deep-answer",
        "pause-turn",
        "unknown-stop-reason",
    ],
)
def test_a_reply_that_is_not_a_usable_answer_is_a_reason_never_an_exception(
    tmp_path: Path, body: httpx2.Response
) -> None:
    reply = ask(make_client(tmp_path, Recorder(body)))
    assert reply.data is None
    assert reply.reason


class FakeClock:
    """A clock that only moves when the client sleeps, so waits are counted, not timed."""

    def __init__(self) -> None:
        self.now = 0.0
        self.waits: list[float] = []

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.waits.append(seconds)
        self.now += seconds


def too_busy(retry_after: str) -> httpx2.Response:
    return httpx2.Response(
        429,
        headers={"retry-after": retry_after},
        json={"type": "error", "error": {"type": "rate_limit_error", "message": "slow"}},
    )


@pytest.mark.reliability(cls="crash or hang", outcome="UNKNOWN")
def test_a_huge_retry_after_is_capped_not_obeyed(tmp_path: Path) -> None:
    from ralph_validate.core.llm import MAX_RETRY_WAIT

    clock = FakeClock()
    recorder = Recorder(*(too_busy("100000") for _ in range(3)))
    client = make_client(tmp_path, recorder, clock=clock, sleep=clock.sleep)
    reply = ask(client)
    assert reply.data is None
    assert reply.reason == "LLM API answered HTTP 429 after retries"
    assert len(recorder.requests) == 3  # the SDK's own retries are off: only the client's two
    assert clock.waits == [MAX_RETRY_WAIT, MAX_RETRY_WAIT]


@pytest.mark.reliability(cls="crash or hang", outcome="UNKNOWN")
def test_once_the_time_budget_is_used_up_no_more_requests_are_sent(tmp_path: Path) -> None:
    clock = FakeClock()
    answer = message('{"status": "PASS", "reason": "done"}')
    recorder = Recorder(too_busy("5"), too_busy("5"), answer)
    client = make_client(tmp_path, recorder, clock=clock, sleep=clock.sleep, time_budget=7.0)
    first = ask(client, "question one")
    assert first.data is None
    assert first.reason == "the LLM time budget (7 s) was used up"
    assert len(recorder.requests) == 2  # the second wait would pass the budget: not taken
    second = ask(client, "question two")
    assert second.data is None and second.reason == first.reason
    assert len(recorder.requests) == 2


def test_within_the_budget_a_retried_question_is_answered(tmp_path: Path) -> None:
    clock = FakeClock()
    answer = message('{"status": "PASS", "reason": "done"}')
    recorder = Recorder(too_busy("5"), answer)
    client = make_client(tmp_path, recorder, clock=clock, sleep=clock.sleep, time_budget=7.0)
    reply = ask(client)
    assert reply.data == {"status": "PASS", "reason": "done"}
    assert clock.waits == [5.0]


@pytest.mark.parametrize("value", ["0", "-5", "nan"])
def test_an_llm_time_limit_that_is_no_positive_number_is_a_usage_error(
    value: str, validate, tmp_path: Path
) -> None:
    done = validate("--repo", str(tmp_path), "--llm", f"--llm-time-limit={value}")
    assert done.returncode == 2
    assert "--llm-time-limit" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
