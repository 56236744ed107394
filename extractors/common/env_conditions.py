"""Skip conditions that read only an environment variable, and which way they skip.

``not os.environ.get("RUN_SLOW")``, ``"CI" in os.environ``, ``!process.env.RUN_SLOW`` and
``process.env.CI === "true"`` say where a test runs: only where the variable is set, or
only where it is not. Read from the condition's source text (Python or JS/TS alike); a
condition that reads anything else as well is none of these.
"""

from __future__ import annotations

import re

from ..facts.integrity import PlatformWhere, SkipWhere

_NAME = r"""['"]?([A-Za-z_][A-Za-z0-9_]*)['"]?"""
_READS = (
    re.compile(rf"""os\.environ\.get\(\s*{_NAME}\s*(?:,[^()]*)?\)"""),
    re.compile(rf"""os\.getenv\(\s*{_NAME}\s*(?:,[^()]*)?\)"""),
    re.compile(rf"""os\.environ\[\s*{_NAME}\s*\]"""),
    re.compile(r"""(?:process\.env|import\.meta\.env)\??\.([A-Za-z_][A-Za-z0-9_]*)"""),
    re.compile(rf"""(?:process\.env|import\.meta\.env)\[\s*{_NAME}\s*\]"""),
)
_MEMBERSHIP = re.compile(rf"""^{_NAME}\s+(not\s+in|in)\s+os\.environ$""")
_COMPARED = re.compile(r"""^(.+?)\s*(===|!==|==|!=)\s*(['"][^'"]*['"]|true|false|True|False)$""")
_NEGATION = re.compile(r"""^(not\s+|!)(.*)$""", re.S)


def _unwrap(text: str) -> str:
    text = text.strip()
    while text.startswith("(") and text.endswith(")") and _balanced(text[1:-1]):
        text = text[1:-1].strip()
    return text


def _balanced(text: str) -> bool:
    depth = 0
    for char in text:
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth < 0:
            return False
    return depth == 0


def _read(text: str) -> str | None:
    """The variable a whole expression reads, or None."""
    for pattern in _READS:
        found = pattern.fullmatch(text)
        if found is not None:
            return found.group(1)
    return None


def env_condition(text: str) -> tuple[str, SkipWhere]:
    """(variable, "set" | "unset"): the condition holds where the variable is set (or is
    not); ("", "") when the condition reads anything but one environment variable."""
    text = _unwrap(text)
    holds_when_set = True
    negation = _NEGATION.match(text)
    while negation is not None:
        holds_when_set = not holds_when_set
        text = _unwrap(negation.group(2))
        negation = _NEGATION.match(text)
    membership = _MEMBERSHIP.match(text)
    if membership is not None:
        inside = membership.group(2) == "in"
        return membership.group(1), "set" if inside == holds_when_set else "unset"
    compared = _COMPARED.match(text)
    if compared is not None:
        name = _read(_unwrap(compared.group(1)))
        if name is None:
            return "", ""
        value = compared.group(3).strip("'\"").lower()
        equal = compared.group(2) in ("==", "===")
        if value in ("", "false", "0"):
            equal = not equal
        return name, "set" if equal == holds_when_set else "unset"
    name = _read(text)
    if name is None:
        return "", ""
    return name, "set" if holds_when_set else "unset"


def skip_env(condition: str, skips_when_true: bool = True) -> tuple[tuple[str, ...], SkipWhere]:
    """(variables, where the test is skipped: "set" | "unset") of a skip condition;
    ``skips_when_true`` is False for ``runIf``/``skipUnless``, which run when it holds."""
    name, holds = env_condition(condition)
    if not name:
        return (), ""
    if skips_when_true:
        return (name,), holds
    return (name,), "unset" if holds == "set" else "set"


# The operating system as a program reads it: Python's ``sys.platform``, ``os.name``,
# ``platform.system()``; Node's ``process.platform``, ``os.platform()``.
_PLATFORM = r"(?:sys\.platform|os\.name|platform\.system\(\)|process\.platform|os\.platform\(\))"
_STRING = r"""['"]([^'"]+)['"]"""
_PLATFORM_COMPARED = re.compile(rf"^{_PLATFORM}\s*(===|!==|==|!=)\s*{_STRING}$")
_PLATFORM_COMPARED_BACK = re.compile(rf"^{_STRING}\s*(===|!==|==|!=)\s*{_PLATFORM}$")
_PLATFORM_PREFIX = re.compile(rf"^{_PLATFORM}\.(?:startswith|startsWith)\(\s*{_STRING}\s*\)$")
_PLATFORM_IN = re.compile(rf"^{_PLATFORM}\s+(not\s+in|in)\s*[(\[]([^()\[\]]*)[)\]]$")


def _platform_condition(text: str) -> tuple[tuple[str, ...], bool]:
    """(platform names, holds on them): the condition holds on the named platforms (True) or
    everywhere but them (False); ((), False) when it reads anything but the platform."""
    text = _unwrap(text)
    holds_on = True
    negation = _NEGATION.match(text)
    while negation is not None:
        holds_on = not holds_on
        text = _unwrap(negation.group(2))
        negation = _NEGATION.match(text)
    compared = _PLATFORM_COMPARED.match(text)
    back = _PLATFORM_COMPARED_BACK.match(text)
    if compared is not None or back is not None:
        operator, value = (
            (compared.group(1), compared.group(2))
            if compared is not None
            else (back.group(2), back.group(1))  # type: ignore[union-attr]
        )
        return (value,), holds_on == (operator in ("==", "==="))
    prefix = _PLATFORM_PREFIX.match(text)
    if prefix is not None:
        return (prefix.group(1),), holds_on
    member = _PLATFORM_IN.match(text)
    if member is not None:
        values = tuple(re.findall(_STRING, member.group(2)))
        if values and not re.sub(rf"{_STRING}|[\s,]", "", member.group(2)):
            return values, holds_on == (member.group(1) == "in")
    return (), False


def skip_platform(
    condition: str, skips_when_true: bool = True
) -> tuple[tuple[str, ...], PlatformWhere]:
    """(platform names, where the test is skipped: "on" them | "off" them) of a skip
    condition that compares the operating system alone; ((), "") for any other condition."""
    names, holds_on = _platform_condition(condition)
    if not names:
        return (), ""
    return names, "on" if holds_on == skips_when_true else "off"
