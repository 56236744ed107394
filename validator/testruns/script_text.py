"""Script text read as commands where no shell runs it: tox ``{posargs}`` filled, make's and
tox's line prefixes stripped, argv lines split like tox and nox split them."""

from __future__ import annotations

import re
import shlex
from dataclasses import replace

from ...extractors.runners.scripts import Script
from ...extractors.runners.shell import SimpleCommand


def with_posargs(script: Script, posargs: list[str] | None) -> Script:
    """A tox script with ``{posargs}`` replaced: by the words, by its default ``{posargs:x}``
    when there are none, or by nothing (None: the caller appends located words itself)."""
    text = re.sub(
        r"\{posargs(?::([^}]*))?\}",
        lambda m: "" if posargs is None else shlex.join(posargs) or (m.group(1) or ""),
        script.text,
    )
    return replace(script, text=text)


def line_prefix(words: list[str], dialect: str) -> tuple[list[str], bool]:
    """Make's ``@``/``-``/``+`` recipe prefixes and tox's leading ``-`` stripped; whether the
    line's errors are ignored."""
    if not words:
        return words, False
    first = words[0]
    prefixes = "@-+" if dialect == "make" else "-"
    ignore = False
    while first and first[0] in prefixes:
        ignore = ignore or first[0] == "-"
        first = first[1:]
    return ([first] if first else []) + words[1:], ignore


def argv_commands(text: str) -> tuple[SimpleCommand, ...]:
    """A line run without a shell: one command, its words split like tox and nox split them."""
    try:
        words = shlex.split(text)
    except ValueError:
        return (SimpleCommand(tuple(text.split()) or ("true",), 1, "", "", parsed=False),)
    return (SimpleCommand(tuple(words), 1, "", ""),) if words else ()


_EXPRESSION = re.compile(r"\$\{\{.*?\}\}")


def expressions_as_variables(text: str) -> str:
    """A CI expression (``${{ matrix.tox || format('py{0}', matrix.python) }}``) is expanded
    before the shell runs: it stands for one value the model does not know, like a variable,
    and the operators inside it are not the shell's."""
    return _EXPRESSION.sub("$CI_EXPRESSION", text)
