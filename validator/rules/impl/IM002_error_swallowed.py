"""IM002 error-swallowed: a broad handler that discards the error hides the failure the
requirement's tests should have seen."""

from __future__ import annotations

from collections.abc import Iterator
from types import MappingProxyType

from ....extractors.facts import FileFacts
from ....extractors.facts.impl import ErrorHandler
from ...findings import Finding, Status
from ..rule import FileContext, FileRule

# Exception types that catch every error.
BROAD = frozenset(
    {"Exception", "BaseException", "builtins.Exception", "builtins.BaseException", "object"}
)
# Handler steps that let the error go: nothing, a default, a skip, a quiet log line.
_DISCARDING = frozenset(
    {
        "pass",
        "return:none",
        "return:literal",
        "return:name",
        "continue",
        "break",
        "assign:literal",
        "log:debug",
        "log:info",
        "log:trace",
        "log:log",
        "log:print",
    }
)


# What a try-parse's handler may do: give back the input it could not convert, or a value
# that says "not parseable" (nothing, a literal).
_PARSE_FALLBACKS = frozenset(
    {"pass", "return:none", "return:literal", "return:name", "assign:literal", "assign:name"}
)


def _try_parse(handler: ErrorHandler) -> bool:
    """The try guards one conversion of a held value (``JSON.parse(value)``, ``int(text)``)
    and the handler falls back to that value or to a "not parseable" literal: the only error
    it can discard is the input being malformed, which is the answer it gives."""
    return (
        bool(handler.converts)
        and set(handler.steps) <= _PARSE_FALLBACKS
        and all(name == handler.converts for name in handler.hands_back)
    )


def _how(steps: tuple[str, ...]) -> str:
    """What the handler does instead of letting the error through."""
    if not steps or set(steps) == {"pass"}:
        return "empty body"
    if any(s.startswith("log:") for s in steps):
        return "logs it quietly and goes on"
    if any(s.startswith("return:") for s in steps):
        return "returns a default"
    return "skips it"


class ErrorSwallowed(FileRule):
    """## What it does
    Finds error handlers in production code that catch every error and discard it:
    `except Exception: pass`, `except: return None`, `except BaseException: return []`,
    `catch {}`, `catch (e) { return null }`, `.catch(() => {})`, `.catch(() => undefined)`,
    `contextlib.suppress(Exception)`, and handlers that only log at debug/info level (or
    print) and return a default. Only handlers the change set added are reported: one
    that already existed at BASE is pre-existing. Without a BASE to compare with
    (`--all` without `--base`) the finding is `UNKNOWN`.

    Not reported: narrow exception types (`except KeyError: return default`,
    `suppress(FileNotFoundError)`), handlers that raise or throw on some path
    (`catch (e) { if (!(e instanceof NotFound)) throw e; }`), that wrap and re-raise,
    that log at warning or error level (or print to standard error), that hand the error
    on (`return {error: e}`, `Err(e)`), that fall back to another computation
    (`return fallback(x)`), cleanup in `finally`, handlers in `__del__` (whose errors
    reach no caller), and catches in tests (the test family reports those).

    Nor is the try-parse idiom: a `try` whose whole body is one conversion of a value the
    code holds (a name, an attribute, an entry at a constant key), a call that fails only
    on malformed input (`JSON.parse(value)`, `Number(x)`, `parseInt(s, 10)`,
    `new URL(raw, base)`, `json.loads(text)`, `int(s)`, `Decimal(s)`,
    `datetime.fromisoformat(s)`, `ipaddress.ip_address(s)`, …), returned or assigned,
    whose handler gives back that input, a literal that says "not parseable"
    (`null`, `None`, `{}`) or nothing (the variable keeps the value it had). A broad catch
    around anything else (a fetch, a computation, a conversion of what a call returns,
    `JSON.parse(await read(path))`) that returns a default is still reported.

    ## Why is this bad?
    The feature fails silently: the caller gets a plausible default, the tests that
    check only the happy path stay green, and nobody sees the error.

    ## Example
    ```python
    def load_profile(user_id):
        try:
            return fetch_profile(user_id)
        except Exception:
            return None
    ```

    Use instead: catch the errors you expect and can handle, let the rest propagate, or
    log them at error level and re-raise.

    ## How to suppress
    `# ralph-validate: ignore[IM002] <reason>` on the `except`/`catch` line or the line
    above.
    """

    id = "IM002"
    kind = "impl.error-swallowed"
    name = "error-swallowed"
    summary = "A production error handler that catches every error and discards it."
    message = MappingProxyType(
        {
            "": "`{text}` in {function} discards every error ({how})",
            "no-base": "`{text}` in {function} discards every error ({how}); no BASE to tell "
            "whether the change set added it",
        }
    )

    def detect(self, facts: FileFacts, context: FileContext) -> Iterator[Finding]:
        """Broad handlers that neither raise, nor hand on, nor loudly log the error."""
        for handler in facts.of_type(ErrorHandler):
            broad = not handler.caught or any(t in BROAD for t in handler.caught)
            if handler.form == "suppress":
                broad = any(t in BROAD for t in handler.caught)
            if not broad or handler.raises or handler.symbol.endswith(".__del__"):
                continue  # an error raised in ``__del__`` reaches no caller anyway
            if handler.form != "suppress" and not set(handler.steps) <= _DISCARDING:
                continue
            if _try_parse(handler):
                continue  # try-parse: a malformed input is answered, not hidden
            if handler.only_raised:
                continue  # the fallback only details an error raised next: it surfaces
            function = handler.symbol.rsplit("::", 1)[-1] or "module code"
            how = "suppresses it" if handler.form == "suppress" else _how(handler.steps)
            args = {"text": handler.text, "function": function, "how": how}
            if context.base_known:
                yield self.finding(handler, variant="", **args)
            else:
                yield self.finding(handler, variant="no-base", status=Status.UNKNOWN, **args)
