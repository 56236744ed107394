"""A small, cautious client for asking a model structured questions (DESIGN §8).

The model only ever answers through a JSON schema whose status is an enum of
PASS, FAIL and UNKNOWN. Everything that can go wrong — no key, rate limits,
overload, timeouts, refusals, answers that do not parse or do not fit the
schema — ends as an ``LlmReply`` with ``data=None`` and a reason, never as an
exception. Answers are cached by a hash of (model, system prompt, prompt,
schema, contents of the files the prompt quotes), so a re-run is free and
reproducible, and ``replay`` answers from that cache only, without ever
creating an HTTP client. The API key is never written anywhere.

Shared by the validator's LLM pass and the gate's ``QuestionAnsweredCheck``,
which is why it lives in ``core``.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .atomic import atomic_write_text

if TYPE_CHECKING:
    import anthropic

# anthropic and jsonschema are imported where a question is asked, not here: an audit
# without --llm (the default) and the gate's other checks never pay for loading them.

DEFAULT_MODEL = "claude-sonnet-4-5"
MODEL_ENV = "RALPH_VALIDATE_MODEL"
# 408/409/429/5xx (529 overloaded included), timeouts and lost connections are retried
# twice by this client (the SDK's own retries are off: it would honour any retry-after,
# even 100,000 seconds). Each wait is capped, and all questions of one run share a
# total time budget, after which the remaining cells stay UNKNOWN with the reason.
MAX_RETRIES = 2
MAX_RETRY_WAIT = 10.0
DEFAULT_TIME_BUDGET = 600.0
RETRYABLE_STATUS = frozenset({408, 409, 429})
# Seconds for one request; a slow gateway makes a cell UNKNOWN rather than stall the audit.
REQUEST_TIMEOUT = 60.0

STATUS_WORDS = ("PASS", "FAIL", "UNKNOWN")


@dataclass(frozen=True)
class LlmReply:
    """A parsed, schema-valid answer (``data``) or the reason there is none."""

    data: dict[str, Any] | None
    reason: str
    from_cache: bool = False
    input_tokens: int = 0
    output_tokens: int = 0


def resolve_model(explicit: str | None) -> str:
    """``--llm-model``, else ``RALPH_VALIDATE_MODEL``, else the default model."""
    return explicit or os.environ.get(MODEL_ENV) or DEFAULT_MODEL


def api_key_available() -> bool:
    """True when the SDK will find a key in the environment."""
    return bool(os.environ.get("ANTHROPIC_API_KEY"))


def cache_key(
    model: str, system: str, prompt: str, schema: Mapping[str, Any], files: Mapping[str, bytes]
) -> str:
    """The hash that identifies one question: model, prompts, schema and quoted file contents."""
    material = {
        "model": model,
        "system": system,
        "prompt": prompt,
        "schema": schema,
        "files": {path: hashlib.sha256(data).hexdigest() for path, data in sorted(files.items())},
    }
    encoded = json.dumps(material, sort_keys=True, ensure_ascii=False).encode("utf-8")
    return hashlib.sha256(encoded).hexdigest()


class LlmClient:
    """Ask one structured question at a time; cache every valid answer."""

    def __init__(
        self,
        *,
        model: str,
        cache_dir: Path | None,
        replay: bool = False,
        client: anthropic.Anthropic | None = None,
        max_tokens: int = 1024,
        time_budget: float = DEFAULT_TIME_BUDGET,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.model = model
        self.cache_dir = cache_dir
        self.replay = replay
        self.max_tokens = max_tokens
        self._client = None if client is None else client.with_options(max_retries=0)
        self.time_budget = time_budget
        self._clock = clock
        self._sleep = sleep
        self._started: float | None = None
        self._spent = False
        self.requests_sent = 0
        self.tokens_used = 0

    def _sdk(self) -> anthropic.Anthropic:
        if self._client is None:
            import anthropic

            # Reads ANTHROPIC_API_KEY and ANTHROPIC_BASE_URL from the environment itself.
            self._client = anthropic.Anthropic(max_retries=0, timeout=REQUEST_TIMEOUT)
        return self._client

    def _cache_path(self, key: str) -> Path | None:
        return None if self.cache_dir is None else self.cache_dir / f"{key}.json"

    def _read_cache(self, key: str, schema: Mapping[str, Any]) -> dict[str, Any] | None:
        path = self._cache_path(key)
        if path is None or not path.is_file():
            return None
        import jsonschema

        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            jsonschema.validate(data, schema)
        except (OSError, ValueError, jsonschema.ValidationError):
            return None  # a damaged entry is as good as none
        return data if isinstance(data, dict) else None

    def _write_cache(self, key: str, data: dict[str, Any]) -> None:
        path = self._cache_path(key)
        if path is None:
            return
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(path, json.dumps(data, sort_keys=True, ensure_ascii=False) + "\n")

    def _budget_left(self) -> float:
        if self._started is None:
            self._started = self._clock()
        if self._spent:
            return 0.0
        return self.time_budget - (self._clock() - self._started)

    def _budget_reason(self) -> LlmReply:
        """Once a wait would pass the budget, the run asks no more: every later cell stays
        UNKNOWN with this reason (a waiting API is not asked again and again)."""
        self._spent = True
        return LlmReply(None, f"the LLM time budget ({self.time_budget:g} s) was used up")

    def _send(self, system: str, prompt: str, schema: Mapping[str, Any]) -> object:
        """The SDK's response, or an LlmReply saying why there is none (retries bounded)."""
        import anthropic

        for attempt in range(MAX_RETRIES + 1):
            left = self._budget_left()
            if left <= 0:
                return self._budget_reason()
            try:
                return self._sdk().messages.create(
                    model=self.model,
                    max_tokens=self.max_tokens,
                    system=system,
                    messages=[{"role": "user", "content": prompt}],
                    output_config={"format": {"type": "json_schema", "schema": dict(schema)}},
                    timeout=min(REQUEST_TIMEOUT, left),
                )
            except anthropic.APITimeoutError as err:
                failure, last = LlmReply(None, "LLM request timed out"), err
            except anthropic.APIStatusError as err:
                reason = f"LLM API answered HTTP {err.status_code} after retries"
                failure, last = LlmReply(None, reason), err
                if err.status_code not in RETRYABLE_STATUS and err.status_code < 500:
                    return LlmReply(None, f"LLM API answered HTTP {err.status_code}")
            except anthropic.APIConnectionError as err:
                failure, last = LlmReply(None, "LLM API could not be reached"), err
            except anthropic.AnthropicError as err:
                return LlmReply(None, f"LLM client error: {type(err).__name__}")
            except (RecursionError, ValueError, TypeError, AttributeError) as err:
                # A body the SDK cannot read as a Message (too deep, not JSON, wrong shape).
                reason = f"the LLM reply was not a readable message: {type(err).__name__}"
                return LlmReply(None, reason)
            if attempt == MAX_RETRIES:
                return failure
            wait = _retry_wait(last, attempt)
            if wait >= self._budget_left():
                return self._budget_reason()
            self._sleep(wait)
        return failure

    def ask(
        self,
        *,
        system: str,
        prompt: str,
        schema: Mapping[str, Any],
        files: Mapping[str, bytes],
    ) -> LlmReply:
        """The model's schema-valid answer to ``prompt``, from the cache when it has one."""
        key = cache_key(self.model, system, prompt, schema, files)
        cached = self._read_cache(key, schema)
        if cached is not None:
            return LlmReply(cached, "answered from the LLM cache", from_cache=True)
        if self.replay:
            return LlmReply(None, "no cached LLM answer (--llm-replay never calls the API)")
        outcome = self._send(system, prompt, schema)
        if isinstance(outcome, LlmReply):
            return outcome
        response = outcome
        self.requests_sent += 1
        reply = _answer_from(response, schema)
        self.tokens_used += reply.input_tokens + reply.output_tokens
        if reply.data is not None:
            self._write_cache(key, reply.data)
        return reply


def _retry_wait(err: Exception, attempt: int) -> float:
    """The capped wait before retrying after ``err``: its retry-after when given, else backoff."""
    wait = 0.5 * 2.0**attempt
    response = getattr(err, "response", None)
    headers = getattr(response, "headers", None)
    if headers is not None:
        for name, scale in (("retry-after-ms", 0.001), ("retry-after", 1.0)):
            try:
                wait = float(headers.get(name, "")) * scale
                break
            except ValueError:
                continue
    return min(max(wait, 0.0), MAX_RETRY_WAIT)


def _token_count(usage: object, name: str) -> int:
    value = getattr(usage, name, 0)
    return value if isinstance(value, int) and value >= 0 else 0


def _answer_from(response: object, schema: Mapping[str, Any]) -> LlmReply:
    """The schema-valid answer in a Messages API reply, or why there is none.

    The SDK does not validate a reply's shape, so every field is checked here: a body
    that is not a Message, content that is not a list of blocks, a stop reason other
    than the end of a turn, no text, text that is not JSON (or too deeply nested to
    read) or does not fit the schema all end as a reason.
    """
    import jsonschema

    usage = getattr(response, "usage", None)
    tokens_in = _token_count(usage, "input_tokens")
    tokens_out = _token_count(usage, "output_tokens")

    def refused(reason: str) -> LlmReply:
        return LlmReply(None, reason, False, tokens_in, tokens_out)

    stop_reason = getattr(response, "stop_reason", None)
    content = getattr(response, "content", None)
    if getattr(response, "type", None) != "message" or not isinstance(content, list):
        return refused("the LLM reply was not a message")
    if stop_reason == "refusal":
        return refused("the model refused to answer")
    if stop_reason == "max_tokens":
        return refused("the answer was cut off (max tokens)")
    if stop_reason not in ("end_turn", "stop_sequence"):
        return refused(f"the answer ended unexpectedly (stop reason {str(stop_reason)[:40]!r})")
    texts = [
        getattr(block, "text", None) for block in content if getattr(block, "type", "") == "text"
    ]
    text = "".join(t for t in texts if isinstance(t, str))
    if not text.strip():
        return refused("the answer had no text")
    try:
        data = json.loads(text)
        jsonschema.validate(data, schema)
    except (ValueError, RecursionError):
        return refused("the answer was not JSON")
    except jsonschema.ValidationError as err:
        return refused(f"the answer did not fit the schema: {err.message}")
    if not isinstance(data, dict):
        return refused("the answer was not a JSON object")
    return LlmReply(data, "answered by the model", False, tokens_in, tokens_out)


def snippet_found(text: str, line: int, snippet: str, window: int = 3) -> bool:
    """True when ``snippet`` (whitespace-insensitive) occurs within ``window`` lines of ``line``.

    This is the evidence check: a citation the file does not back turns a model's
    answer into UNKNOWN.
    """
    wanted = " ".join(snippet.split())
    if not wanted or line < 1:
        return False
    lines = text.splitlines()
    if line > len(lines):
        return False
    start = max(0, line - 1 - window)
    stop = min(len(lines), line + window)
    for first in range(start, stop):
        # A quote may span a few lines: join the cited neighbourhood line by line.
        for last in range(first, min(stop, first + 2 * window + 1)):
            joined = " ".join(" ".join(lines[first : last + 1]).split())
            if wanted in joined:
                return True
    return False
