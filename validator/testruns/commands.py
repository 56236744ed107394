"""From the places a revision invokes its tests to the runner calls they make, and whether a
failure of those calls can fail the build.

The resolver follows scripts into the scripts they run (npm, make, just, tox, nox); which words
run a runner is ``launchers``' job, whether a failure counts is ``propagation``'s.
"""

from __future__ import annotations

import posixpath
import shlex
from dataclasses import dataclass, field

from ...extractors.runners.entrypoints import revision_scripts
from ...extractors.runners.scripts import Script
from ...extractors.runners.shell import SimpleCommand, split_script
from ...extractors.runners.view import RevisionView
from .launchers import runner_of, strip_wrappers
from .model import Cause, Runner
from .propagation import DIALECTS, guard_effects, propagation
from .pytest_args import Arg
from .script_text import argv_commands, expressions_as_variables, line_prefix, with_posargs

# Names the comparison and the rules import from here.
__all__ = ["DIALECTS", "Resolver", "RunnerCall", "propagation", "runner_calls", "strip_wrappers"]

_TOX_FILES = ("tox.ini", "pyproject.toml", "tox.toml")
_ENTRY_KEYS = (
    ("package.json", "scripts.test"),
    ("Makefile", "target test"),
    ("makefile", "target test"),
    ("GNUmakefile", "target test"),
    # GNU's standard target for running a package's tests (GNU Coding Standards, "check").
    ("Makefile", "target check"),
    ("makefile", "target check"),
    ("GNUmakefile", "target check"),
    ("justfile", "recipe test"),
    ("Justfile", "recipe test"),
    (".justfile", "recipe test"),
)


@dataclass(frozen=True)
class RunnerCall:
    """One call of a test runner reached from an entry point, with what weakens it."""

    runner: Runner
    args: tuple[Arg, ...]
    cwd: str
    invocation: str
    file: str
    line: int
    masked: tuple[Cause, ...] = ()
    skipped: tuple[Cause, ...] = ()
    unknown: tuple[Cause, ...] = ()


@dataclass
class _Context:
    """What the chain from the entry point to here carries."""

    invocation: str
    masked: list[Cause] = field(default_factory=list)
    skipped: list[Cause] = field(default_factory=list)
    unknown: list[Cause] = field(default_factory=list)
    depth: int = 0
    visited: frozenset[tuple[str, str]] = frozenset()

    def child(self, script: Script) -> _Context:
        """The context inside ``script`` called from here."""
        return _Context(
            f"{self.invocation} > {script.file}:{script.key}",
            list(self.masked),
            list(self.skipped),
            list(self.unknown),
            self.depth + 1,
            self.visited | {(script.file, script.key)},
        )


class Resolver:
    """Follows the test entry points of one revision down to runner calls."""

    def __init__(self, view: RevisionView) -> None:
        self.view = view
        self.scripts = {(s.file, s.key): s for s in revision_scripts(view)}
        self.calls: list[RunnerCall] = []

    def entry_points(self) -> list[Script]:
        """CI jobs, every package's test script, make/just test targets, tox envs, nox sessions."""
        entries = []
        for (file, key), script in sorted(self.scripts.items()):
            name = posixpath.basename(file)
            if (
                file.startswith(".github/")
                or file == ".gitlab-ci.yml"
                or (name, key) in _ENTRY_KEYS
                or (name in _TOX_FILES and key.startswith("env "))
                or name == "noxfile.py"
            ):
                entries.append(script)
        return entries

    def resolve(self) -> list[RunnerCall]:
        """Every runner call reached from an entry point, numbered per entry point."""
        for script in self.entry_points():
            context = _Context(
                f"{script.file}:{script.key}", visited=frozenset({(script.file, script.key)})
            )
            self._script(script, context, [])
        counts: dict[tuple[str, str], int] = {}
        numbered = []
        for call in self.calls:
            key = (call.invocation, call.runner)
            counts[key] = counts.get(key, 0) + 1
            numbered.append(
                RunnerCall(
                    call.runner,
                    call.args,
                    call.cwd,
                    f"{call.invocation} #{call.runner}.{counts[key]}",
                    call.file,
                    call.line,
                    call.masked,
                    call.skipped,
                    call.unknown,
                )
            )
        return numbered

    def _script(self, script: Script, context: _Context, extra: list[Arg]) -> None:
        """Walk one script's commands; ``extra`` words go to its last command (npm's ``--``)."""
        guard_effects(script, context.masked, context.skipped, context.unknown)
        if script.dialect not in DIALECTS:
            context.unknown.append(Cause("shell", script.dialect, script.file, script.file_line(1)))
        errexit, pipefail = DIALECTS.get(script.dialect, (True, False))
        extra_line = 0
        if posixpath.basename(script.file) in _TOX_FILES:
            # ``tox -- args`` fill ``{posargs}``; the words keep the file and line they come from.
            extra_line = next(
                (n for n, t in enumerate(script.text.splitlines(), 1) if "{posargs" in t), 0
            )
            if extra and extra_line:
                script = with_posargs(script, None)
            else:
                script = with_posargs(script, [])
                extra, extra_line = [], 0
        for need in script.needs:
            target = self.scripts.get(
                (script.file, ("target " if script.key.startswith("target") else "recipe ") + need)
            )
            if target is not None and (target.file, target.key) not in context.visited:
                self._script(target, context.child(target), [])
        if script.dialect in ("make", "argv"):
            groups = [
                (n, (split_script(text) if script.dialect == "make" else argv_commands(text)))
                for n, text in enumerate(script.text.splitlines(), 1)
            ]
        else:
            groups = [(0, split_script(expressions_as_variables(script.text)))]
        cwd = script.cwd
        last_group = extra_line - 1 if extra_line else len(groups) - 1
        for group_index, (offset, raw_commands) in enumerate(groups):
            commands = list(raw_commands)
            ignore_line = False
            if script.dialect in ("make", "argv") and commands:
                first = commands[0]
                words, ignore_line = line_prefix(list(first.words), script.dialect)
                commands[0] = SimpleCommand(
                    tuple(words) or ("true",),
                    first.line,
                    first.before,
                    first.after,
                    first.negated,
                    first.condition,
                    first.parsed,
                )
            if extra and group_index == last_group and commands:
                last = commands[-1]
                commands[-1] = SimpleCommand(
                    (*last.words, *(a.value for a in extra)),
                    last.line,
                    last.before,
                    last.after,
                    last.negated,
                    last.condition,
                    last.parsed,
                )
            line_cwd = cwd
            frozen = tuple(commands)
            for index, command in enumerate(frozen):
                file_line = script.file_line(offset or command.line)
                if command.words[0] == "cd" and len(command.words) > 1:
                    line_cwd = (
                        posixpath.normpath(posixpath.join(line_cwd, command.words[1])).lstrip("./")
                        if command.words[1] not in ("-", "~")
                        else line_cwd
                    )
                    if script.dialect not in ("make", "argv"):
                        cwd = line_cwd
                    continue
                reasons = propagation(frozen, index, errexit, pipefail)
                local = _Context(
                    context.invocation,
                    list(context.masked),
                    list(context.skipped),
                    list(context.unknown),
                    context.depth,
                    context.visited,
                )
                for reason in reasons:
                    local.masked.append(Cause("shell", reason, script.file, file_line))
                if ignore_line:
                    local.masked.append(
                        Cause(
                            "ignore errors (-)", shlex.join(command.words), script.file, file_line
                        )
                    )
                self._command(
                    script,
                    command,
                    file_line,
                    line_cwd,
                    local,
                    extra
                    if (extra and group_index == last_group and index == len(frozen) - 1)
                    else [],
                )

    def _command(
        self,
        script: Script,
        command: SimpleCommand,
        file_line: int,
        cwd: str,
        context: _Context,
        extra: list[Arg],
    ) -> None:
        """One simple command: a runner call, or a script it runs (npm, make, just, tox, nox)."""
        words = strip_wrappers(list(command.words))
        if not words:
            return
        found = runner_of(words)
        if found is not None:
            runner, args = found
            tail = len(extra) if 0 < len(extra) <= len(args) else 0
            located = [Arg(a, script.file, file_line) for a in args[: len(args) - tail]]
            located.extend(extra[len(extra) - tail :] if tail else [])
            self.calls.append(
                RunnerCall(
                    runner,
                    tuple(located),
                    cwd,
                    context.invocation,
                    script.file,
                    file_line,
                    tuple(context.masked),
                    tuple(context.skipped),
                    tuple(context.unknown),
                )
            )
            return
        if context.depth > 8:
            return
        program = posixpath.basename(words[0])
        if program in ("npm", "yarn", "pnpm", "bun"):
            self._package_script(words, cwd, context, script.file, file_line)
        elif program in ("make", "gmake"):
            self._make(words[1:], cwd, context, "target ")
        elif program == "just":
            self._make(words[1:], cwd, context, "recipe ")
        elif program == "tox":
            self._tox(words[1:], cwd, context, (script.file, file_line))
        elif program == "nox":
            self._nox(words[1:], cwd, context)

    def _follow(self, file: str, key: str, context: _Context, extra: list[Arg]) -> bool:
        """Run the script ``file``/``key`` in a child context; False when there is none."""
        script = self.scripts.get((file, key))
        if script is None:
            return False
        if (file, key) in context.visited:
            return True
        self._script(script, context.child(script), extra)
        return True

    def _package_script(
        self, words: list[str], cwd: str, context: _Context, file: str, line: int
    ) -> None:
        """``npm test``, ``npm run x -- args``, ``yarn x args``, ``pnpm run x``, ``bun run x``."""
        program = posixpath.basename(words[0])
        rest = words[1:]
        folder = cwd
        while rest and rest[0].startswith("-"):
            option = rest.pop(0)
            if option in ("--prefix", "-C", "--cwd", "--dir") and rest:
                folder = posixpath.normpath(posixpath.join(cwd, rest.pop(0))).lstrip("./")
        if not rest:
            return
        if rest[0] in ("test", "t", "tst") and program != "bun":
            name, args = "test", rest[1:]
        elif rest[0] in ("run", "run-script", "rum", "urn"):
            if len(rest) < 2:
                return
            name, args = rest[1], rest[2:]
        elif program in ("yarn", "pnpm") and rest[0] not in ("install", "add", "exec", "dlx"):
            name, args = rest[0], rest[1:]
        else:
            if program == "pnpm" and rest[0] in ("exec", "dlx"):
                self._command(
                    Script(file, "", "", (line,), "sh"),
                    SimpleCommand(tuple(rest[1:]), 1, "", ""),
                    line,
                    cwd,
                    context,
                    [],
                )
            return
        if program == "npm" and args and args[0] == "--":
            args = args[1:]
        elif program == "npm":
            args = [a for a in args if a == "--" or not a.startswith("--")]
        if args and args[0] == "--":
            args = args[1:]
        package = f"{folder}/package.json" if folder else "package.json"
        extra = [Arg(a, file, line) for a in args]
        self._follow(package, f"scripts.{name}", context, extra)

    def _make(self, args: list[str], cwd: str, context: _Context, prefix: str) -> None:
        """``make [-C dir] [-i] targets`` and ``just recipe``."""
        folder = cwd
        targets: list[str] = []
        masked: list[str] = []
        rest = list(args)
        while rest:
            word = rest.pop(0)
            if (
                word in ("-C", "--directory", "-f", "--justfile", "--working-directory", "-d")
                and rest
            ):
                value = rest.pop(0)
                if word in ("-C", "--directory", "--working-directory", "-d"):
                    folder = posixpath.normpath(posixpath.join(cwd, value)).lstrip("./")
            elif word in ("-i", "--ignore-errors"):
                masked.append(word)
            elif word.startswith("-") or "=" in word:
                continue
            else:
                targets.append(word)
        names = (
            ("justfile", "Justfile", ".justfile")
            if prefix == "recipe "
            else ("Makefile", "makefile", "GNUmakefile")
        )
        files = {f for f, _ in self.scripts}
        file = next((p for n in names if (p := f"{folder}/{n}" if folder else n) in files), None)
        if file is None:
            return
        local = _Context(
            context.invocation,
            list(context.masked) + [Cause("make", m, file, 1) for m in masked],
            list(context.skipped),
            list(context.unknown),
            context.depth,
            context.visited,
        )
        for target in targets or ["(default)"]:
            self._follow(file, prefix + target, local, [])

    def _tox(self, args: list[str], cwd: str, context: _Context, origin: tuple[str, int]) -> None:
        """``tox [-e envs] [-- posargs]``: the commands of the chosen environments."""
        present = {f for f, _ in self.scripts}
        file = next(
            (p for n in _TOX_FILES if (p := f"{cwd}/{n}" if cwd else n) in present), "tox.ini"
        )
        envs: list[str] = []
        posargs: list[str] = []
        rest = list(args)
        while rest:
            word = rest.pop(0)
            if word == "--":
                posargs = rest
                break
            if word in ("-e", "--env") and rest:
                envs.extend(rest.pop(0).split(","))
            elif word.startswith("-e") and len(word) > 2:
                envs.extend(word[2:].split(","))
        keys = [k for f, k in self.scripts if f == file]
        chosen = [f"env {e}" for e in envs] if envs else keys
        for key in chosen:
            script = self.scripts.get((file, key)) or self.scripts.get((file, "env (default)"))
            if script is None:
                continue
            if (file, key) not in context.visited:
                self._script(script, context.child(script), [Arg(a, *origin) for a in posargs])

    def _nox(self, args: list[str], cwd: str, context: _Context) -> None:
        """``nox [-s sessions]``: the ``session.run`` calls of the chosen sessions."""
        file = f"{cwd}/noxfile.py" if cwd else "noxfile.py"
        sessions: list[str] = []
        rest = list(args)
        while rest:
            word = rest.pop(0)
            if word in ("-s", "--session", "--sessions", "-e") and rest:
                sessions.append(rest.pop(0))
        for f, key in sorted(self.scripts):
            if f == file and (not sessions or key.removeprefix("session ") in sessions):
                self._follow(f, key, context, [])


def runner_calls(view: RevisionView) -> list[RunnerCall]:
    """Every call of a test runner the revision's entry points make."""
    return Resolver(view).resolve()
