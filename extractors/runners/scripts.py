"""A script as the entry-point readers report it: its commands, lines, dialect and guards."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Guard:
    """A setting around a script that decides whether it runs or whether its failure counts."""

    what: str
    value: str
    file: str
    line: int


@dataclass(frozen=True)
class Trigger:
    """An event a CI workflow runs on, as its ``on:`` writes it: the event's name and the
    activity types it is restricted to (empty when ``types`` is not written)."""

    event: str
    types: tuple[str, ...] = ()


@dataclass(frozen=True)
class Script:
    """Commands written in one place, with the shell dialect that runs them and their guards."""

    file: str
    key: str
    text: str
    lines: tuple[int, ...]
    dialect: str
    cwd: str = ""
    guards: tuple[Guard, ...] = ()
    needs: tuple[str, ...] = ()
    # The events of the workflow the script belongs to; None where the file has no such
    # list or it cannot be read (every script but a CI workflow's).
    triggers: tuple[Trigger, ...] | None = None

    def file_line(self, script_line: int) -> int:
        """The file line of the script's ``script_line`` (1-based)."""
        if not self.lines:
            return 1
        index = min(max(script_line, 1), len(self.lines)) - 1
        return self.lines[index]


UNREADABLE = "(unreadable)"


def unreadable(path: str) -> tuple[Script, ...]:
    """The one script of a file that does not parse: what it runs cannot be known."""
    return (Script(path, UNREADABLE, "", (1,), "unknown"),)
