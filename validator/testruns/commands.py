"""From the places a revision invokes its tests to the runner calls they make, and whether a
failure of those calls can fail the build."""

from __future__ import annotations

import json
import posixpath
import re
import shlex
from dataclasses import dataclass, field

from ...extractors.runners.entrypoints import Script, revision_scripts
from ...extractors.runners.shell import SimpleCommand, split_script
from ...extractors.runners.view import RevisionView
from .model import Cause
from .pytest_args import Arg

# Programs that run the next words as a command.
_WRAPPERS = {
    "uv": ("run",),
    "poetry": ("run",),
    "pipenv": ("run",),
    "pdm": ("run",),
    "hatch": ("run",),
    "rye": ("run",),
    "npx": (),
    "bunx": (),
    "pnpx": (),
    "env": (),
    "time": (),
    "exec": (),
    "nice": (),
    "xvfb-run": (),
    "sudo": (),
    "dotenv": (),
}
_WRAPPER_VALUE_OPTIONS = frozenset(
    {
        "--with",
        "--python",
        "-p",
        "--group",
        "--extra",
        "-e",
        "--env",
        "--env-file",
        "--directory",
        "--project",
        "-a",
        "-s",
    }
)
DIALECTS = {
    "bash-e": (True, False),
    "bash-e-pipefail": (True, True),
    "sh-e": (True, False),
    "sh": (False, False),
    "make": (False, False),
    "argv": (False, False),
}
_TOX_FILES = ("tox.ini", "pyproject.toml", "tox.toml")
_FAILING = frozenset({"false", "exit", "return"})
_ENTRY_KEYS = (
    ("package.json", "scripts.test"),
    ("Makefile", "target test"),
    ("makefile", "target test"),
    ("GNUmakefile", "target test"),
    ("justfile", "recipe test"),
    ("Justfile", "recipe test"),
    (".justfile", "recipe test"),
)


@dataclass(frozen=True)
class RunnerCall:
    """One call of a test runner reached from an entry point, with what weakens it."""

    runner: str
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


_EXPRESSION = re.compile(r"\$\{\{.*?\}\}")


def _expressions_as_variables(text: str) -> str:
    """A CI expression (``${{ matrix.tox || format('py{0}', matrix.python) }}``) is expanded
    before the shell runs: it stands for one value the model does not know, like a variable,
    and the operators inside it are not the shell's."""
    return _EXPRESSION.sub("$CI_EXPRESSION", text)


def _guard_effects(script: Script, context: _Context) -> None:
    """Apply a script's guards: a job that never runs, a failure that does not count."""
    for guard in script.guards:
        value = guard.value.strip()
        bare = value.removeprefix("${{").removesuffix("}}").strip().lower()
        cause = Cause(guard.what, value, guard.file, guard.line)
        if guard.what in ("continue-on-error", "allow_failure", "ignore_outcome", "ignore_errors"):
            if bare in ("true", "yes", "on", "1"):
                context.masked.append(cause)
            elif bare not in ("false", "no", "off", "0", ""):
                context.unknown.append(cause)
        elif guard.what == "if":
            if bare in ("false", "0", "''", '""', "null"):
                context.skipped.append(cause)
        elif guard.what == "when":
            if bare == "never":
                context.skipped.append(cause)
            elif bare == "manual":
                context.masked.append(cause)
        elif guard.what == "rules":
            rules = _json(value)
            if (
                isinstance(rules, list)
                and rules
                and all(isinstance(r, dict) and r.get("when") == "never" for r in rules)
            ):
                context.skipped.append(cause)
            elif isinstance(rules, list) and any(
                isinstance(r, dict) and (r.get("allow_failure") or r.get("when") == "manual")
                for r in rules
            ):
                context.unknown.append(cause)
        elif guard.what in (".IGNORE", "success_codes"):
            context.masked.append(cause)


def _json(value: str) -> object:
    """A JSON value, or None."""
    try:
        return json.loads(value)
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


def strip_wrappers(words: list[str]) -> list[str]:
    """The command under env assignments, ``uv run``, ``npx`` and similar launchers."""
    changed = True
    while words and changed:
        changed = False
        while words and re.match(r"^[A-Za-z_]\w*=", words[0]):
            words = words[1:]
            changed = True
        if words and words[0] in _WRAPPERS:
            sub = _WRAPPERS[words[0]]
            if sub and len(words) > 1 and words[1] in sub:
                words = words[2:]
            elif not sub:
                words = words[1:]
            else:
                break
            while words and words[0].startswith("-"):
                option = words.pop(0)
                if option in _WRAPPER_VALUE_OPTIONS and words and "=" not in option:
                    words.pop(0)
            changed = True
    return words


def _runner_of(words: list[str]) -> tuple[str, list[str]] | None:
    """(runner, its arguments) when the words run pytest, jest or vitest."""
    if not words:
        return None
    program = posixpath.basename(words[0])
    if program in ("pytest", "py.test"):
        return "pytest", words[1:]
    if re.fullmatch(r"python[\d.]*|pypy[\d.]*", program):
        if words[1:3] == ["-m", "pytest"]:
            return "pytest", words[3:]
        if words[1:3] == ["-m", "coverage"]:
            return _runner_of(words[2:])
    if program == "coverage" and len(words) > 1 and words[1] == "run":
        rest = words[2:]
        while rest and rest[0].startswith("-") and rest[0] != "-m":
            rest = rest[1:]
        if rest[:2] == ["-m", "pytest"]:
            return "pytest", rest[2:]
    if program == "jest" or (program == "node" and len(words) > 1 and words[1].endswith("jest")):
        return "jest", words[1:] if program == "jest" else words[2:]
    if program in ("react-scripts", "craco") and words[1:2] == ["test"]:
        return "jest", words[2:]
    if program == "vitest":
        rest = words[1:]
        if rest and rest[0] in ("run", "watch", "dev", "related", "list", "bench"):
            rest = (["--list"] if rest[0] in ("list", "bench") else []) + rest[1:]
        return "vitest", rest
    return None


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
        _guard_effects(script, context)
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
                script = _with_posargs(script, None)
            else:
                script = _with_posargs(script, [])
                extra, extra_line = [], 0
        for need in script.needs:
            target = self.scripts.get(
                (script.file, ("target " if script.key.startswith("target") else "recipe ") + need)
            )
            if target is not None and (target.file, target.key) not in context.visited:
                self._script(target, context.child(target), [])
        if script.dialect in ("make", "argv"):
            groups = [
                (n, (split_script(text) if script.dialect == "make" else _argv(text)))
                for n, text in enumerate(script.text.splitlines(), 1)
            ]
        else:
            groups = [(0, split_script(_expressions_as_variables(script.text)))]
        cwd = script.cwd
        last_group = extra_line - 1 if extra_line else len(groups) - 1
        for group_index, (offset, raw_commands) in enumerate(groups):
            commands = list(raw_commands)
            ignore_line = False
            if script.dialect in ("make", "argv") and commands:
                first = commands[0]
                words, ignore_line = _line_prefix(list(first.words), script.dialect)
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
        found = _runner_of(words)
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


def _with_posargs(script: Script, posargs: list[str] | None) -> Script:
    """A tox script with ``{posargs}`` replaced: by the words, by its default ``{posargs:x}``
    when there are none, or by nothing (None: the caller appends located words itself)."""
    text = re.sub(
        r"\{posargs(?::([^}]*))?\}",
        lambda m: "" if posargs is None else shlex.join(posargs) or (m.group(1) or ""),
        script.text,
    )
    return Script(
        script.file,
        script.key,
        text,
        script.lines,
        script.dialect,
        script.cwd,
        script.guards,
        script.needs,
    )


def _line_prefix(words: list[str], dialect: str) -> tuple[list[str], bool]:
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


def _argv(text: str) -> tuple[SimpleCommand, ...]:
    """A line run without a shell: one command, its words split like tox and nox split them."""
    try:
        words = shlex.split(text)
    except ValueError:
        return (SimpleCommand(tuple(text.split()) or ("true",), 1, "", "", parsed=False),)
    return (SimpleCommand(tuple(words), 1, "", ""),) if words else ()


def runner_calls(view: RevisionView) -> list[RunnerCall]:
    """Every call of a test runner the revision's entry points make."""
    return Resolver(view).resolve()
