"""Whether a failure of a command reaches the build: shell rules (``||``, ``&&``, pipelines,
``set -e``) and the guards around a script (``continue-on-error``, ``allow_failure``, ``if``)."""

from __future__ import annotations

import json
import shlex

from ...core.bounded import json_loads
from ...extractors.runners.scripts import Script
from ...extractors.runners.shell import SimpleCommand
from .ci_conditions import over_triggers
from .model import Cause

# Shell dialect -> (errexit, pipefail) as a script starts.
DIALECTS = {
    "bash-e": (True, False),
    "bash-e-pipefail": (True, True),
    "sh-e": (True, False),
    "sh": (False, False),
    "make": (False, False),
    "argv": (False, False),
}
_FAILING = frozenset({"false", "exit", "return"})


def guard_effects(
    script: Script, masked: list[Cause], skipped: list[Cause], unknown: list[Cause]
) -> None:
    """Add a script's guards to the causes: a job that never runs, a failure that does not
    count, a guard whose effect is not literal."""
    for guard in script.guards:
        value = guard.value.strip()
        bare = value.removeprefix("${{").removesuffix("}}").strip().lower()
        cause = Cause(guard.what, value, guard.file, guard.line)
        if guard.what in ("continue-on-error", "allow_failure", "ignore_outcome", "ignore_errors"):
            if bare in ("true", "yes", "on", "1"):
                masked.append(cause)
            elif bare not in ("false", "no", "off", "0", ""):
                # True on some events only, or not known before the run: UNKNOWN.
                verdict, on = over_triggers(value, script.triggers, bare_is_expression=False)
                if verdict == "always":
                    masked.append(_decided(cause, "true", on))
                elif verdict == "depends":
                    unknown.append(cause)
        elif guard.what == "if":
            if bare in ("false", "0", "''", '""', "null"):
                skipped.append(cause)
                continue
            # True on some events only, or not known before the run: the step counts as run.
            verdict, on = over_triggers(value, script.triggers, bare_is_expression=True)
            if verdict == "never":
                skipped.append(_decided(cause, "false", on))
        elif guard.what == "when":
            if bare == "never":
                skipped.append(cause)
            elif bare == "manual":
                masked.append(cause)
        elif guard.what == "rules":
            rules = _json(value)
            if (
                isinstance(rules, list)
                and rules
                and all(isinstance(r, dict) and r.get("when") == "never" for r in rules)
            ):
                skipped.append(cause)
            elif isinstance(rules, list) and any(
                isinstance(r, dict) and (r.get("allow_failure") or r.get("when") == "manual")
                for r in rules
            ):
                unknown.append(cause)
        elif guard.what in (".IGNORE", "success_codes"):
            masked.append(cause)


def _decided(cause: Cause, value: str, triggers: str) -> Cause:
    """A guard whose expression has one value on every event its workflow runs on."""
    detail = f"{cause.detail} ({value} on every event the workflow runs on: {triggers})"
    return Cause(cause.setting, detail, cause.file, cause.line)


def _json(value: str) -> object:
    """A JSON value, or None."""
    try:
        return json_loads(value)
    except json.JSONDecodeError:
        return None


def _always_fails(command: SimpleCommand) -> bool:
    """``exit 1``, ``false``: a right-hand side of ``||`` that keeps the failure."""
    words = command.words
    if words[0] not in _FAILING:
        return False
    if words[0] == "false":
        return True
    return len(words) > 1 and words[1] not in ("0", "$?") and not words[1].startswith("$")


def propagation(
    commands: tuple[SimpleCommand, ...], index: int, errexit: bool, pipefail: bool
) -> list[str]:
    """Why a failure of ``commands[index]`` does not reach the script's exit status ([] if it
    does): shell rules for ``||``, ``&&`` lists, pipelines, ``;``, conditions and ``set``."""
    for command in commands[:index]:
        if command.words[0] == "set":
            for word in command.words[1:]:
                if word.startswith(("-", "+")) and "e" in word and word != "-o" and word != "+o":
                    errexit = word.startswith("-")
            words = list(command.words)
            for position, word in enumerate(words[:-1]):
                if word in ("-o", "+o") and words[position + 1] == "pipefail":
                    pipefail = word == "-o"
                if word in ("-o", "+o") and words[position + 1] == "errexit":
                    errexit = word == "-o"
    command = commands[index]
    if not command.parsed:
        return ["unparsed line"]
    if command.condition:
        return ["used as a condition"]
    if command.negated:
        return ["negated with !"]
    end = index
    while commands[end].after in ("|", "|&") and end + 1 < len(commands):
        if not pipefail:
            return [f"piped into {commands[end + 1].words[0]} without pipefail"]
        end += 1
    after = commands[end].after
    rest = commands[end + 1 :]
    if after == "&":
        return ["run in the background"]
    if after == "||":
        # ``|| exit 1`` and ``|| { echo failed; exit 1; }`` keep the failure.
        if rest and any(_always_fails(c) for c in rest if c.line == rest[0].line):
            return []
        return [f"|| {shlex.join(rest[0].words)}" if rest else "||"]
    if after == "&&":
        position = end + 1
        while position < len(commands) and commands[position].after in ("&&", "|", "|&"):
            position += 1
        if position < len(commands) and commands[position].after == "||":
            return [f"&& ... || {shlex.join(commands[position + 1].words)}"]
        if position + 1 < len(commands):
            return [f"not last of an && list, {shlex.join(commands[position + 1].words)} follows"]
        return []
    if rest and not errexit:
        if rest[0].words[0] == "exit" and rest[0].words[1:2] in ((), ("$?",)):
            return []
        return [f"{shlex.join(rest[0].words)} follows without set -e"]
    return []
