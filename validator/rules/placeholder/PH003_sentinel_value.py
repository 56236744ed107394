"""PH003 sentinel-value: a pick-later value configures production as if it were final."""

from __future__ import annotations

import math
import re
from collections.abc import Iterator

from ....extractors.common.paths import is_sample_data_path
from ....extractors.facts import FileFacts
from ....extractors.facts.integrity import Binding
from ...findings import Finding
from ..rule import FileContext, FileRule
from .markers import todo_lines


class SentinelValue(FileRule):
    """## What it does
    Finds values that stand for "pick later", in production code, test code and
    the configuration files production reads (JSON, YAML, TOML, `.env`):

    - a number in placeholder shape — a run of four or more 9s (`9999`),
      `123456`-like counting runs, `0xDEADBEEF`-like hex words — or a value of
      1e9 or more written as a power of ten or as a largest integer
      (`2147483647`), `Number.MAX_SAFE_INTEGER`, `Infinity`, `sys.maxsize`,
      bound to a name or key that configures a limit (`MAX_*`, `*_LIMIT`,
      `THRESHOLD`, `TIMEOUT`, `BASELINE`, `*_MS`, `RETRIES`, `TTL`, `budget`, …,
      plus the `sentinel-names` you configure);
    - any configured value (a constant, keyword argument, property or config key)
      on the line of, or the line after, a comment that says it is not final (a comment
      ending another value's line speaks of that value only)
      (a TODO-style marker, "for now", "temporary value", "placeholder value", …),
      except a switch: a state or a diagnostic level (`'off'`, `'on'`, `'disabled'`,
      `'warn'`, `'error'`, `'none'`, `'allow'`, …, and booleans), a numeric level `0`/`1`/`2`
      in a table of checks (a `rules` mapping: ESLint flat and legacy configs, `.eslintrc.*`,
      `package.json`'s `eslintConfig`, stylelint, Biome's `linter.rules`) or a checked
      rule's options there (`quotes: ['error', {avoidEscape: true}]`). Turning a check off
      "for now" is a decision, not a value picked to be replaced; the comment itself is
      reported as a `placeholder.todo`;
    - placeholder strings (`"TBD"`, `"changeme"`, `"REPLACE_ME"`) bound to any
      name in production code and configuration.

    A large round number that is sample data is not a limit either: a value bound in a
    collection, or to a name, that says it is sample data (`mockAccount = {creditLimit:
    1000000000}`, `MOCK_BALANCE_LIMIT`, `FIXTURE_ROWS`), or written in a file of sample data
    (`__mocks__/`, `fixtures/`, `seed.ts`, `accounts.mock.json`); a placeholder shape
    (`9999`) there is still reported.

    `0`, `0.0`, `-1` and ordinary round numbers are never sentinels by
    themselves: empty-result defaults, running maxima, measured limits and
    ordinary timeouts are real values. Inside a test function a value is an
    input the test feeds on purpose (`maxAge: Infinity`), so tests are checked
    at module and class level (and next to a not-final comment) only, and
    placeholder strings not at all (mock data); nor are configuration templates (`.env.example`,
    `*.sample`), lock files and files over 256 KiB (data, not settings).

    ## Why is this bad?
    A limit of 9999 or a timeout of 1e9 disables the check it configures; a
    benchmark threshold "to be picked later" makes its test pass whatever the code does.

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
    summary = "A pick-later value: placeholder-shaped, unbounded, or marked as not final."
    message = "{name} = {value} looks like a pick-later value"

    def detect(self, facts: FileFacts, context: FileContext) -> Iterator[Finding]:
        """Bindings of placeholder-shaped values, of huge values to limit-like names, and
        of configured values next to a not-final comment."""
        todos = todo_lines(facts)
        bindings = list(facts.of_type(Binding))
        # A comment on a binding's own line ends that line: it speaks of that value only.
        bound = {b.line for b in bindings}
        for b in bindings:
            after_todo = b.line in todos or ((b.line - 1) in todos and (b.line - 1) not in bound)
            if _is_sentinel(b, context.sentinel_names, after_todo, is_sample_data_path(b.file)):
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


_HEX_WORDS = {"0xdeadbeef", "0xcafebabe", "0xbaadf00d", "0xfeedface", "0xdeadc0de", "0xc0ffee"}
# The largest signed and unsigned 32- and 64-bit integers: "no limit" spelled as a number.
_MAX_INTEGERS = {2**31 - 1, 2**32 - 1, 2**53 - 1, 2**63 - 1, 2**64 - 1}


def _placeholder_shape(value: float, text: str) -> bool:
    """9999, 123456, 0xDEADBEEF: a number nobody measured."""
    if text.replace("_", "").lower().lstrip("+-") in _HEX_WORDS:
        return True
    if not float(value).is_integer():
        return False
    digits = str(int(abs(value)))
    if len(digits) >= 4 and set(digits) == {"9"}:
        return True
    return len(digits) >= 6 and digits in "1234567890"


def _unbounded(value: float) -> bool:
    """1e9 and larger written as a power of ten, or a largest integer."""
    if abs(value) < 1e9 or not float(value).is_integer():
        return math.isinf(value)
    digits = str(int(abs(value)))
    return digits == "1" + "0" * (len(digits) - 1) or int(abs(value)) in _MAX_INTEGERS


def _configured(b: Binding) -> bool:
    """A value that configures something: a constant, argument, property or config key."""
    return b.form in ("", "constant", "keyword", "property")


# Words of a name that says its value is sample data, not a setting.
_SAMPLE_WORDS = frozenset(
    {"mock", "mocked", "fake", "stub", "dummy", "fixture", "fixtures", "sample", "seed"}
    | {"example", "demo", "mocks", "fakes", "samples"}
)


def _sample_data(b: Binding, in_sample_file: bool) -> bool:
    """The value is part of sample data: its file, its name or its collection says so."""
    return in_sample_file or any(
        w in _SAMPLE_WORDS for name in (b.name, b.container) for w in _words(name)
    )


# The states of a switch and the levels of a diagnostic: a check or a feature turned on or
# off, or graded (ESLint, Biome, stylelint, Roslyn, clippy spell them alike).
_SWITCH_STATES = frozenset(
    {"off", "on", "true", "false", "yes", "no", "enabled", "disabled", "enable", "disable"}
    | {"none", "error", "warn", "warning", "info", "information", "hint", "ignore", "silent"}
    | {"suggestion", "allow", "deny", "forbid"}
)
# The numeric levels of a check in a linter's rule table (ESLint, stylelint: 0 off, 1 warn,
# 2 error).
_SEVERITY_LEVELS = frozenset({0.0, 1.0, 2.0})
# The key of a table of checks: ESLint's and stylelint's ``rules``, Biome's ``linter.rules``.
_RULE_TABLE = "rules"


def _string_value(b: Binding) -> str:
    """A string value's text as the extractor read it, case folded."""
    return (b.text if b.text is not None else b.value).strip().lower()


def _switch_setting(b: Binding) -> bool:
    """The value turns a check or a feature on or off or grades it, or sets a checked rule's
    options: a decision, not a value that stands for one picked later."""
    if b.literal == "string" and _string_value(b) in _SWITCH_STATES:
        return True
    if _RULE_TABLE not in b.keys:
        return False
    inside_rule = len(b.keys) > b.keys.index(_RULE_TABLE) + 1  # ``quotes: ['error', {...}]``
    return inside_rule or (b.literal == "number" and b.number in _SEVERITY_LEVELS)


def _is_sentinel(
    b: Binding, extra: tuple[str, ...], after_todo: bool, in_sample_file: bool = False
) -> bool:
    # A switch or a rule's level "for now" is a decision the comment speaks of (reported as a
    # placeholder.todo); it has no value to replace.
    provisional = after_todo and _configured(b) and not _switch_setting(b)
    if provisional and b.literal in ("number", "string", "expression"):
        return True
    if b.in_test and not (b.form == "constant" or (b.form in ("", "property") and not b.symbol)):
        # Inside a test, `maxAge: Infinity` is an input the test feeds on purpose; only a
        # test module's own constants (a benchmark's threshold) configure the test.
        return False
    if b.literal == "string":
        return not b.in_test and _string_value(b) in _PLACEHOLDER_STRINGS
    if not threshold_like(b.name, extra):
        return False
    if b.literal == "number" and b.number is not None:
        if _placeholder_shape(b.number, b.value):
            return True
        return _unbounded(b.number) and not _sample_data(b, in_sample_file)
    if b.literal == "expression":
        # A running maximum starts at -inf and a parameter defaults to "unbounded" on
        # purpose: an infinity counts only where it configures something.
        return b.form in ("", "constant") and b.value.replace(" ", "") in {
            x.replace(" ", "") for x in _BIG
        }
    return False
