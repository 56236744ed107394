"""PH003 sentinel-value: a pick-later value configures production as if it were final."""

from __future__ import annotations

import re
from collections.abc import Iterator

from ....extractors.facts import FileFacts
from ....extractors.facts.integrity import Binding
from ...findings import Finding
from ..rule import FileContext, FileRule
from .markers import todo_lines


class SentinelValue(FileRule):
    """## What it does
    Finds values that stand for "pick later" — `9999`-like numbers, `-1`, `0`,
    `1e9` and larger powers of ten, `Number.MAX_SAFE_INTEGER`, `Infinity`,
    `sys.maxsize` — bound to threshold-like names (`MAX_*`, `*_LIMIT`,
    `THRESHOLD`, `TIMEOUT`, `BASELINE`, `*_MS`, `RETRIES`, `TTL`, …, plus the
    `sentinel-names` you configure), any value on the line after a TODO, and
    placeholder strings (`"TBD"`, `"changeme"`, `"REPLACE_ME"`) bound to any name.
    Test code is not checked.

    ## Why is this bad?
    A limit of 9999 or a timeout of 1e9 disables the check it configures.

    ## Example
    ```python
    MAX_ROWS_PER_BATCH = 9999
    ```

    Use instead:
    ```python
    MAX_ROWS_PER_BATCH = 500  # the loader's page size
    ```

    ## Options
    `sentinel-names` in `[tool.ralph-validate]` adds name fragments.

    ## How to suppress
    `# ralph-validate: ignore[PH003] <reason>` on the line or the line above.
    """

    id = "PH003"
    kind = "placeholder.sentinel"
    name = "sentinel-value"
    summary = "A pick-later value bound to a threshold-like name."
    message = "{name} = {value} looks like a pick-later value"

    def detect(self, facts: FileFacts, context: FileContext) -> Iterator[Finding]:
        """Bindings of placeholder-shaped values, or of huge values to limit-like names."""
        todos = todo_lines(facts)
        for b in facts.of_type(Binding):
            after_todo = b.line in todos or (b.line - 1) in todos
            if _is_sentinel(b, context.sentinel_names, after_todo):
                yield self.finding(b, name=b.name, value=b.value)


_THRESHOLD_WORDS = (
    "max",
    "min",
    "limit",
    "threshold",
    "timeout",
    "baseline",
    "ms",
    "millis",
    "seconds",
    "secs",
    "sec",
    "retries",
    "retry",
    "quota",
    "budget",
    "cap",
    "ttl",
    "size",
    "tolerance",
    "deadline",
    "interval",
    "delay",
    "attempts",
    "capacity",
    "ceiling",
    "floor",
    "rate",
    "expiry",
    "expires",
)
# 0 and -1 mean "no limit" only where a name says limit; elsewhere 0 is an honest default.
_LIMIT_WORDS = (
    "max",
    "limit",
    "threshold",
    "timeout",
    "baseline",
    "budget",
    "quota",
    "cap",
    "ttl",
    "ceiling",
    "deadline",
    "tolerance",
    "expiry",
    "expires",
)
_PLACEHOLDER_STRINGS = {
    "tbd",
    "changeme",
    "change-me",
    "change_me",
    "replace_me",
    "replace-me",
    "xxx",
    "placeholder",
    "todo",
    "fixme",
    "your-key-here",
    "<todo>",
}
_BIG = {
    "Number.MAX_SAFE_INTEGER",
    "Number.MAX_VALUE",
    "Number.POSITIVE_INFINITY",
    "Infinity",
    "sys.maxsize",
    "math.inf",
    "float('inf')",
    'float("inf")',
    "np.inf",
    "numpy.inf",
}


def _words(name: str) -> list[str]:
    spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name)
    return [w for w in re.split(r"[^a-z0-9]+", spaced.lower()) if w]


def threshold_like(name: str, extra: tuple[str, ...]) -> bool:
    """A name that configures a limit: MAX_ROWS, timeoutMs, retry_limit, BASELINE, …"""
    words = _words(name)
    fragments = tuple(e.lower() for e in extra)
    return any(w in _THRESHOLD_WORDS for w in words) or any(f in "_".join(words) for f in fragments)


def _sentinel_number(value: float, name: str) -> bool:
    words = _words(name)
    if value in (0, -1):
        return any(w in _LIMIT_WORDS for w in words)
    digits = str(int(abs(value))) if float(value).is_integer() else ""
    if len(digits) >= 3 and set(digits) == {"9"}:
        return True
    if abs(value) >= 1e9:
        log = len(digits) - 1 if digits else 0
        return digits == "1" + "0" * log
    return False


def _is_sentinel(b: Binding, extra: tuple[str, ...], after_todo: bool) -> bool:
    if b.in_test:
        return False
    # A running maximum starts at 0 and a parameter defaults to "unbounded" on purpose:
    # 0, -1 and infinities count only where they configure something (constants, keyword
    # arguments, object properties). 9999-like numbers count wherever they are bound.
    configured = b.form in ("", "constant", "keyword", "property")
    if b.literal == "string":
        return b.value.strip("'\"`").strip().lower() in _PLACEHOLDER_STRINGS
    if not (after_todo or threshold_like(b.name, extra)):
        return False
    if b.literal == "number" and b.number is not None:
        if b.number in (0, -1) and not configured:
            return False
        return _sentinel_number(b.number, b.name)
    if b.literal == "expression":
        return b.form in ("", "constant") and b.value.replace(" ", "") in {
            x.replace(" ", "") for x in _BIG
        }
    return False
