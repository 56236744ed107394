"""Skip conditions that read only an environment variable, or only the operating system,
and which way they skip.

``not os.environ.get("RUN_SLOW")``, ``"CI" in os.environ``, ``!process.env.RUN_SLOW`` and
``process.env.CI === "true"`` say where a test runs: only where the variable is set, or
only where it is not; ``sys.platform == "win32"`` or ``process.platform !== "darwin"``,
on which operating systems. Each language lowers its condition's syntax tree to the few
shapes read here (``Cond``: ``python/conditions.py``, ``javascript/conditions.py``), so
parentheses, comments and line breaks inside a condition change nothing; a condition
that reads anything else as well is none of these.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..facts.integrity import PlatformWhere, SkipWhere

CondKind = Literal["not", "compare", "call", "name", "index", "string", "bool", "sequence", "other"]


@dataclass(frozen=True)
class Cond:
    """A condition lowered from a syntax tree: ``not`` (parts: the operand), ``compare``
    (text: the operator ``==``/``!=``/``===``/``!==``/``in``/``not in``; parts: both sides),
    ``call`` (text: the callee's dotted name; parts: the positional arguments), ``name``
    (text: a dotted name, ``a.b().c`` with calls in it), ``index`` (text: the indexed
    object's dotted name; parts: the key), ``string`` and ``bool`` (text: the value),
    ``sequence`` (parts: the elements), ``other`` for anything else."""

    kind: CondKind
    text: str = ""
    parts: tuple[Cond, ...] = ()


# Where the environment is read: ``os.environ.get("X")``, ``os.environ["X"]``,
# ``process.env.X``, ``import.meta.env["X"]``.
_GETTERS = frozenset({"os.environ.get", "os.getenv"})
_ENVIRONMENTS = frozenset({"os.environ", "process.env", "import.meta.env"})
_EQUALITY = {"==": True, "===": True, "!=": False, "!==": False}
# The operating system as a program reads it: Python's ``sys.platform``, ``os.name``,
# ``platform.system()``; Node's ``process.platform``, ``os.platform()``.
_PLATFORM_NAMES = frozenset({"sys.platform", "os.name", "process.platform"})
_PLATFORM_CALLS = frozenset({"platform.system", "os.platform"})
_PREFIX_METHODS = ("startswith", "startsWith")


def _key(cond: Cond) -> str | None:
    """The variable name a key spells: a string, or a bare name standing for it."""
    if cond.kind == "string" or (cond.kind == "name" and cond.text.isidentifier()):
        return cond.text if cond.text.isidentifier() else None
    return None


def _negations(cond: Cond) -> tuple[Cond, bool]:
    """The condition under its negations, and whether they leave it as it is (True)."""
    holds = True
    while cond.kind == "not" and cond.parts:
        cond, holds = cond.parts[0], not holds
    return cond, holds


def _read(cond: Cond) -> str | None:
    """The variable a whole expression reads, or None."""
    if cond.kind == "call" and cond.text in _GETTERS and cond.parts:
        return _key(cond.parts[0])
    if cond.kind == "index" and cond.text in _ENVIRONMENTS and len(cond.parts) == 1:
        return _key(cond.parts[0])
    if cond.kind == "name":
        head, _, last = cond.text.rpartition(".")
        if head in _ENVIRONMENTS - {"os.environ"} and last.isidentifier():
            return last
    return None


def env_condition(cond: Cond) -> tuple[str, SkipWhere]:
    """(variable, "set" | "unset"): the condition holds where the variable is set (or is
    not); ("", "") when the condition reads anything but one environment variable."""
    cond, holds_when_set = _negations(cond)
    if cond.kind == "compare" and len(cond.parts) == 2:
        left, right = cond.parts
        if cond.text in ("in", "not in"):
            name = _key(left) if right.kind == "name" and right.text in _ENVIRONMENTS else None
            if name is None:
                return "", ""
            inside = cond.text == "in"
            return name, "set" if inside == holds_when_set else "unset"
        name = _read(left)
        if name is None or cond.text not in _EQUALITY or right.kind not in ("string", "bool"):
            return "", ""
        equal = _EQUALITY[cond.text]
        if right.text.lower() in ("", "false", "0"):
            equal = not equal
        return name, "set" if equal == holds_when_set else "unset"
    name = _read(cond)
    if name is None:
        return "", ""
    return name, "set" if holds_when_set else "unset"


def skip_env(condition: Cond, skips_when_true: bool = True) -> tuple[tuple[str, ...], SkipWhere]:
    """(variables, where the test is skipped: "set" | "unset") of a skip condition;
    ``skips_when_true`` is False for ``runIf``/``skipUnless``, which run when it holds."""
    name, holds = env_condition(condition)
    if not name:
        return (), ""
    if skips_when_true:
        return (name,), holds
    return (name,), "unset" if holds == "set" else "set"


def _is_platform(cond: Cond) -> bool:
    if cond.kind == "call":
        return cond.text in _PLATFORM_CALLS and not cond.parts
    return cond.kind == "name" and (
        cond.text in _PLATFORM_NAMES or cond.text in {f"{c}()" for c in _PLATFORM_CALLS}
    )


def _platform_condition(cond: Cond) -> tuple[tuple[str, ...], bool]:
    """(platform names, holds on them): the condition holds on the named platforms (True) or
    everywhere but them (False); ((), False) when it reads anything but the platform."""
    cond, holds_on = _negations(cond)
    if cond.kind == "compare" and len(cond.parts) == 2:
        left, right = cond.parts
        if cond.text in _EQUALITY:
            if _is_platform(right):
                left, right = right, left
            if _is_platform(left) and right.kind == "string" and right.text:
                return (right.text,), holds_on == _EQUALITY[cond.text]
        if cond.text in ("in", "not in") and _is_platform(left) and right.kind == "sequence":
            values = tuple(p.text for p in right.parts if p.kind == "string" and p.text)
            if values and len(values) == len(right.parts):
                return values, holds_on == (cond.text == "in")
        return (), False
    if cond.kind == "call" and len(cond.parts) == 1 and cond.parts[0].kind == "string":
        head, _, method = cond.text.rpartition(".")
        if method in _PREFIX_METHODS and _is_platform(Cond("name", head)) and cond.parts[0].text:
            return (cond.parts[0].text,), holds_on
    return (), False


def skip_platform(
    condition: Cond, skips_when_true: bool = True
) -> tuple[tuple[str, ...], PlatformWhere]:
    """(platform names, where the test is skipped: "on" them | "off" them) of a skip
    condition that compares the operating system alone; ((), "") for any other condition."""
    names, holds_on = _platform_condition(condition)
    if not names:
        return (), ""
    return names, "on" if holds_on == skips_when_true else "off"
