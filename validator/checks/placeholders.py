"""Placeholders (DESIGN §6 ``placeholder.*``): TODO markers, stub bodies, sentinel values."""

from __future__ import annotations

import re

from ...extractors.facts import FileFacts
from ...extractors.facts.integrity import Binding, Comment, StubBody
from ..baseline import compare_with_base, subtract_base
from ..context import AnalysisContext, CheckOutput
from ..findings import Finding, Status

_MARKER = r"(?<![\w-])(TODO|FIXME|XXX|HACK|TBD)(?![\w-])"
# A marker starts the comment (after bullets, boxes or comment leaders) or is followed by
# ":" / "(" / " -": "TODO: x", "# FIXME(jo)", "<!-- TBD -->". "the TODO list" is prose.
_MARKER_LEADING = re.compile(r"^[\s\-*+>#/!<\[\]x]*" + _MARKER + r"(?:\b|$)")
_MARKER_TAGGED = re.compile(_MARKER + r"\s*(?::|\(|-\s)")
_SUPPRESSION = re.compile(r"ralph-validate:\s*ignore\[")
_UNSUPPORTED = re.compile(
    r"unsupported|not supported|only .* (?:is|are) supported|does not support|doesn't support"
    r"|cannot|can't|invalid|unknown|not available|no support",
    re.IGNORECASE,
)
_NOT_DONE = re.compile(
    r"not (?:yet )?implemented|todo|fixme|stub|unimplemented|placeholder", re.IGNORECASE
)
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


_QUOTED = re.compile(r"`[^`]*`|\"[^\"]*\"|“[^”]*”|‘[^’]*’|(?<![\w])'[^']*'(?![\w])")


def is_marker(text: str) -> bool:
    """True when a comment line is itself a TODO-style placeholder (quoted patterns aside)."""
    if _SUPPRESSION.search(text):
        return False
    bare = _QUOTED.sub(" ", text)
    # A table cell starts afresh: "| Rollback | TBD |" has a marker cell.
    cells = bare.split("|")
    return any(_MARKER_LEADING.search(cell) for cell in cells) or bool(_MARKER_TAGGED.search(bare))


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


_ABSTRACT_NAME = re.compile(r"^(Base|Abstract)|(Base|Mixin|Interface|ABC)$")


def _meaningful_bases(bases: tuple[str, ...]) -> bool:
    return any(b.rsplit(".", 1)[-1] not in ("object", "Generic") for b in bases)


def _stub_message(stub: StubBody, comments_near: bool) -> str | None:
    """Why a stub body is a placeholder, or None when it is not one."""
    if stub.in_test_file or stub.abstract or stub.protocol or stub.overload or stub.declaration:
        return None
    if (
        stub.body in ("pass", "ellipsis")
        and stub.owner
        and (stub.owner_subclassed or _meaningful_bases(stub.owner_bases))
    ):
        return None  # a hook a subclass overrides, or a deliberate no-op override
    if stub.body in ("pass", "ellipsis"):
        return f"body is only `{'pass' if stub.body == 'pass' else '...'}`"
    if stub.body == "not-implemented":
        if (
            stub.message
            and _UNSUPPORTED.search(stub.message)
            and not _NOT_DONE.search(stub.message)
        ):
            return None
        if stub.owner and (
            stub.owner_subclassed
            or _ABSTRACT_NAME.search(stub.owner)
            or stub.documented
            or _meaningful_bases(stub.owner_bases)
        ):
            # The pre-abc way to declare an abstract method (a documented method, or one a
            # subclass overrides), or an override that refuses an operation on purpose.
            return None
        return "raises NotImplementedError" + (f" ({stub.message})" if stub.message else "")
    if stub.body == "throw-not-implemented":
        if _NOT_DONE.search(stub.message or ""):
            return f"throws {stub.message}"
        return None
    if stub.body in ("empty", "return-null") and comments_near:
        return (
            "empty body next to a TODO" if stub.body == "empty" else "returns null next to a TODO"
        )
    return None


def detect_placeholders(facts: FileFacts, sentinel_names: tuple[str, ...]) -> list[Finding]:
    """Every placeholder finding of one file version."""
    findings: list[Finding] = []
    todo_lines: dict[int, str] = {}
    for c in facts.of_type(Comment):
        if is_marker(c.text):
            todo_lines[c.line] = c.symbol
            marker = re.search(_MARKER, c.text)
            word = marker.group(1) if marker else "TODO"
            findings.append(
                Finding(
                    kind="placeholder.todo",
                    rule="PH001",
                    status=Status.FAIL,
                    file=c.file,
                    line=c.line,
                    message=f"{word} left in place: {c.text.strip()[:120]}",
                    symbol=c.symbol,
                )
            )
    for stub in facts.of_type(StubBody):
        # The TODO is on the line above, on the signature line, or inside the body.
        near = any(
            line in (stub.line - 1, stub.line) or (symbol == stub.symbol and line > stub.line)
            for line, symbol in todo_lines.items()
        )
        why = _stub_message(stub, near)
        if why is not None:
            name = stub.symbol.split("::", 1)[-1]
            findings.append(
                Finding(
                    kind="placeholder.stub",
                    rule="PH002",
                    status=Status.FAIL,
                    file=stub.file,
                    line=stub.line,
                    message=f"{name}: {why}",
                    symbol=stub.symbol,
                )
            )
    for b in facts.of_type(Binding):
        after_todo = b.line in todo_lines or (b.line - 1) in todo_lines
        if _is_sentinel(b, sentinel_names, after_todo):
            findings.append(
                Finding(
                    kind="placeholder.sentinel",
                    rule="PH003",
                    status=Status.FAIL,
                    file=b.file,
                    line=b.line,
                    message=f"{b.name} = {b.value} looks like a pick-later value",
                    symbol=b.symbol,
                )
            )
    return findings


class PlaceholderCheck:
    """TODO markers, stubs and sentinels in the files of the change set."""

    name = "placeholders"

    def run(self, ctx: AnalysisContext) -> CheckOutput:
        """Placeholder findings; those present at BASE are marked pre-existing."""
        out = CheckOutput()
        compare = compare_with_base(ctx)
        extra = ctx.config.sentinel_names
        for path in ctx.change_set.files:
            head = ctx.facts.head(path)
            if head is None:
                continue
            found = detect_placeholders(head, extra)
            if compare and found:
                found = subtract_base(
                    found, ctx.facts.base(path), lambda facts: detect_placeholders(facts, extra)
                )
            out.findings.extend(found)
        return out
