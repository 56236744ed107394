"""Where a revision invokes its tests: CI jobs, package.json scripts, make, just, tox, nox."""

from __future__ import annotations

import json
import posixpath
import re
import shlex
from dataclasses import dataclass
from typing import Any

import yaml

from .inifile import read_ini, read_toml, toml_key_line
from .syntax import line, parse, py_string, text, walk
from .view import RevisionView


@dataclass(frozen=True)
class Guard:
    """A setting around a script that decides whether it runs or whether its failure counts."""

    what: str
    value: str
    file: str
    line: int


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

    def file_line(self, script_line: int) -> int:
        """The file line of the script's ``script_line`` (1-based)."""
        if not self.lines:
            return 1
        index = min(max(script_line, 1), len(self.lines)) - 1
        return self.lines[index]


def _yaml_nodes(source: str) -> yaml.Node | None:
    """The composed YAML tree (it keeps line marks), or None when it does not parse."""
    try:
        return yaml.compose(source, Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        return None


def _mapping(node: yaml.Node | None) -> dict[str, tuple[yaml.Node, yaml.Node]]:
    """A mapping node's entries: key -> (key node, value node)."""
    if not isinstance(node, yaml.MappingNode):
        return {}
    return {str(k.value): (k, v) for k, v in node.value if isinstance(k, yaml.ScalarNode)}


def _scalar(node: yaml.Node | None) -> str | None:
    """A scalar node's text, None for other nodes."""
    return str(node.value) if isinstance(node, yaml.ScalarNode) else None


def _script_lines(node: yaml.ScalarNode) -> tuple[str, tuple[int, ...]]:
    """A YAML scalar's text and the file line of each of its lines."""
    value = str(node.value)
    count = max(1, len(value.splitlines()))
    first = node.start_mark.line + (2 if node.style in ("|", ">") else 1)
    return value, tuple(range(first, first + count))


def _guard(entries: dict[str, tuple[yaml.Node, yaml.Node]], key: str, file: str) -> Guard | None:
    """A guard read from ``key`` when it is set (any value: the caller judges it)."""
    if key not in entries:
        return None
    key_node, value_node = entries[key]
    value = _scalar(value_node)
    if value is None:
        value = json.dumps(yaml.safe_load(yaml.serialize(value_node)), sort_keys=True)
    return Guard(key, value, file, key_node.start_mark.line + 1)


UNREADABLE = "(unreadable)"


def unreadable(path: str) -> tuple[Script, ...]:
    """The one script of a file that does not parse: what it runs cannot be known."""
    return (Script(path, UNREADABLE, "", (1,), "unknown"),)


def github_scripts(path: str, source: str) -> tuple[Script, ...]:
    """Every ``run:`` step of a GitHub Actions workflow, with its job's and step's guards."""
    tree = _yaml_nodes(source)
    if tree is None:
        return unreadable(path)
    root = _mapping(tree)
    found: list[Script] = []
    defaults = _mapping(_mapping(root.get("defaults", (None, None))[1]).get("run", (None, None))[1])
    jobs = _mapping(root.get("jobs", (None, None))[1])
    for job_id, (_, job_node) in sorted(jobs.items()):
        job = _mapping(job_node)
        job_defaults = _mapping(
            _mapping(job.get("defaults", (None, None))[1]).get("run", (None, None))[1]
        )
        job_guards = [g for k in ("continue-on-error", "if") if (g := _guard(job, k, path))]
        steps = job.get("steps", (None, None))[1]
        if not isinstance(steps, yaml.SequenceNode):
            continue
        for index, step_node in enumerate(steps.value):
            step = _mapping(step_node)
            run = step.get("run", (None, None))[1]
            if not isinstance(run, yaml.ScalarNode):
                continue
            shell = (
                _scalar(step.get("shell", (None, None))[1])
                or _scalar(job_defaults.get("shell", (None, None))[1])
                or _scalar(defaults.get("shell", (None, None))[1])
                or ""
            )
            cwd = (
                _scalar(step.get("working-directory", (None, None))[1])
                or _scalar(job_defaults.get("working-directory", (None, None))[1])
                or _scalar(defaults.get("working-directory", (None, None))[1])
                or ""
            )
            dialect = {"": "bash-e", "bash": "bash-e-pipefail", "sh": "sh-e"}.get(
                shell.strip(), "unknown"
            )
            guards = job_guards + [
                g for k in ("continue-on-error", "if") if (g := _guard(step, k, path))
            ]
            value, lines = _script_lines(run)
            name = _scalar(step.get("name", (None, None))[1]) or f"step {index + 1}"
            found.append(
                Script(path, f"jobs.{job_id}:{name}", value, lines, dialect, cwd, tuple(guards))
            )
    return tuple(found)


_GITLAB_RESERVED = frozenset(
    {
        "stages",
        "variables",
        "default",
        "include",
        "workflow",
        "image",
        "services",
        "cache",
        "before_script",
        "after_script",
        "pages",
    }
)


def _script_items(node: yaml.Node | None) -> list[yaml.ScalarNode]:
    """The scalar lines of a GitLab ``script`` (a string or nested lists of strings)."""
    if isinstance(node, yaml.ScalarNode):
        return [node]
    if isinstance(node, yaml.SequenceNode):
        return [item for child in node.value for item in _script_items(child)]
    return []


def gitlab_scripts(path: str, source: str) -> tuple[Script, ...]:
    """The ``script`` of every GitLab CI job that runs (hidden ``.jobs`` are templates)."""
    tree = _yaml_nodes(source)
    if tree is None:
        return unreadable(path)
    root = _mapping(tree)
    found: list[Script] = []
    for name, (_, job_node) in sorted(root.items()):
        if name in _GITLAB_RESERVED or name.startswith("."):
            continue
        job = _mapping(job_node)
        if "script" not in job:
            continue
        texts: list[str] = []
        lines: list[int] = []
        for item in _script_items(job["script"][1]):
            value, item_lines = _script_lines(item)
            texts.append(value)
            lines.extend(item_lines[: max(1, len(value.splitlines()))])
        guards = [g for k in ("allow_failure", "when", "rules") if (g := _guard(job, k, path))]
        found.append(
            Script(
                path,
                f"job {name}",
                "\n".join(texts),
                tuple(lines),
                "bash-e-pipefail",
                "",
                tuple(guards),
            )
        )
    return tuple(found)


def json_key_line(source: str, keys: tuple[str, ...]) -> int:
    """The line of the nested key ``keys`` in a JSON text (searched in order), else 1."""
    position = 0
    for key in keys:
        found = re.compile(r'"' + re.escape(key) + r'"\s*:').search(source, position)
        if found is None:
            return 1
        position = found.start()
    return source.count("\n", 0, position) + 1


def package_scripts(path: str, source: str) -> tuple[Script, ...]:
    """``scripts`` of a package.json (npm runs each with ``sh -c``)."""
    try:
        document = json.loads(source)
    except json.JSONDecodeError:
        return unreadable(path)
    scripts = document.get("scripts") if isinstance(document, dict) else None
    if not isinstance(scripts, dict):
        return ()
    folder = posixpath.dirname(path)
    return tuple(
        Script(
            path,
            f"scripts.{name}",
            value,
            (json_key_line(source, ("scripts", name)),),
            "sh",
            folder,
        )
        for name, value in sorted(scripts.items())
        if isinstance(value, str)
    )


_MAKE_ASSIGN = re.compile(
    r"^(?:export\s+|override\s+)?([A-Za-z_][\w.]*)\s*(?::{1,3}|\?|\+|!)?=\s*(.*)$"
)
_MAKE_RULE = re.compile(r"^([^:=#\t][^:=#]*?)\s*::?(?!=)\s*(.*)$")
_MAKE_VAR = re.compile(r"\$[({]([A-Za-z_][\w.]*)[)}]")


def makefile_scripts(path: str, source: str) -> tuple[Script, ...]:
    """Recipes of a Makefile by target, variables expanded where they are plain assignments."""
    variables: dict[str, str] = {}
    recipes: dict[str, tuple[list[str], list[int], list[str]]] = {}
    current: list[str] = []
    ignored: set[str] = set()
    for number, raw in enumerate(source.splitlines(), 1):
        if raw.startswith("\t") and current:
            for target in current:
                recipes[target][0].append(raw[1:])
                recipes[target][1].append(number)
            continue
        stripped = raw.split("#", 1)[0].rstrip()
        if not stripped.strip():
            continue
        assign = _MAKE_ASSIGN.match(stripped)
        if assign and ":" not in stripped.split("=", 1)[0].rstrip(":"):
            variables[assign.group(1)] = assign.group(2).strip()
            current = []
            continue
        rule = _MAKE_RULE.match(stripped)
        if rule:
            targets = rule.group(1).split()
            prereqs, _, inline = rule.group(2).partition(";")
            if ".IGNORE" in targets:
                ignored.update(prereqs.split() or ["*"])
            current = [t for t in targets if not t.startswith(".")]
            for target in current:
                recipes[target] = ([], [], prereqs.split())
                if inline.strip():
                    recipes[target][0].append(inline.strip())
                    recipes[target][1].append(number)
            continue
        current = []

    def expand(value: str, depth: int = 0) -> str:
        if depth > 8:
            return value
        return _MAKE_VAR.sub(
            lambda m: (
                expand(variables[m.group(1)], depth + 1) if m.group(1) in variables else m.group(0)
            ),
            value,
        )

    found = []
    folder = posixpath.dirname(path)
    for index, (target, (lines, numbers, needs)) in enumerate(recipes.items()):
        guards = []
        if "*" in ignored or target in ignored:
            guards.append(Guard(".IGNORE", target, path, numbers[0] if numbers else 1))
        found.append(
            Script(
                path,
                f"target {target}",
                "\n".join(expand(x).replace("$$", "$") for x in lines),
                tuple(numbers),
                "make",
                folder,
                tuple(guards),
                tuple(needs),
            )
        )
        if index == 0:
            found.append(
                Script(
                    path,
                    "target (default)",
                    "",
                    (numbers[0] if numbers else 1,),
                    "make",
                    folder,
                    (),
                    (target,),
                )
            )
    return tuple(sorted(found, key=lambda s: s.key))


_JUST_RECIPE = re.compile(r"^@?([A-Za-z_][\w-]*)([^:=]*):(?!=)\s*(.*)$")


def justfile_scripts(path: str, source: str) -> tuple[Script, ...]:
    """Recipes of a justfile (each line runs in its own ``sh -cu``)."""
    found = []
    current: tuple[str, list[str], list[int], list[str]] | None = None
    first: str | None = None

    def close() -> None:
        if current is not None:
            name, lines, numbers, needs = current
            found.append(
                Script(
                    path,
                    f"recipe {name}",
                    "\n".join(lines),
                    tuple(numbers),
                    "make",
                    posixpath.dirname(path),
                    (),
                    tuple(needs),
                )
            )

    for number, raw in enumerate(source.splitlines(), 1):
        if raw[:1] in (" ", "\t") and current is not None:
            if raw.strip() and not raw.strip().startswith("#"):
                current[1].append(raw.strip())
                current[2].append(number)
            continue
        recipe = _JUST_RECIPE.match(raw)
        if recipe and not raw.startswith(("#", "set ", "export ", "alias ")):
            close()
            current = (recipe.group(1), [], [], recipe.group(3).split())
            first = first or recipe.group(1)
        elif raw.strip():
            close()
            current = None
    close()
    if first is not None:
        found.append(
            Script(
                path, "recipe (default)", "", (1,), "make", posixpath.dirname(path), (), (first,)
            )
        )
    return tuple(sorted(found, key=lambda s: s.key))


def tox_scripts(path: str, source: str) -> tuple[Script, ...]:
    """``commands`` of every tox environment (run without a shell; a leading ``-`` ignores)."""
    sections = read_ini(source)
    found = []
    base = sections.get("testenv", {})
    for name, section in sorted(sections.items()):
        if name != "testenv" and not name.startswith("testenv:"):
            continue
        merged = {**base, **section}
        commands = merged.get("commands")
        if commands is None:
            continue
        lines = commands.value.splitlines()
        numbers = tuple(commands.value_line + i for i in range(len(lines)))
        guards = tuple(
            Guard(k, merged[k].value, path, merged[k].line)
            for k in ("ignore_outcome", "ignore_errors")
            if k in merged
        )
        env = name.partition(":")[2] or "(default)"
        found.append(
            Script(
                path, f"env {env}", commands.value, numbers, "argv", posixpath.dirname(path), guards
            )
        )
    return tuple(found)


def _toml_command(words: list[Any]) -> str:
    """One tox TOML command as a line: words quoted, ``posargs`` replacements as placeholders."""
    parts = []
    for word in words:
        if isinstance(word, str):
            parts.append(shlex.quote(word))
        elif isinstance(word, dict) and word.get("replace") == "posargs":
            default = word.get("default") or []
            joined = " ".join(shlex.quote(str(d)) for d in default)
            parts.append(f"{{posargs:{joined}}}" if joined else "{posargs}")
        else:
            parts.append("{unreadable}")
    return " ".join(parts)


def tox_toml_scripts(path: str, source: str) -> tuple[Script, ...]:
    """tox 4's native TOML (``tox.toml``, or ``[tool.tox]`` in pyproject.toml): env commands."""
    document = read_toml(source) or {}
    prefix = "tool.tox." if posixpath.basename(path) == "pyproject.toml" else ""
    tox = document.get("tool", {}).get("tox") if prefix else document
    if not isinstance(tox, dict):
        return ()
    legacy = tox.get("legacy_tox_ini")
    if isinstance(legacy, str):
        shift = toml_key_line(source, prefix.rstrip(".") or "tox", "legacy_tox_ini")
        return tuple(
            Script(
                s.file,
                s.key,
                s.text,
                tuple(n + shift for n in s.lines),
                s.dialect,
                s.cwd,
                tuple(Guard(g.what, g.value, g.file, g.line + shift) for g in s.guards),
            )
            for s in tox_scripts(path, legacy)
        )
    base = tox.get("env_run_base") if isinstance(tox.get("env_run_base"), dict) else {}
    envs = {"(default)": ("env_run_base", base)}
    for name, env in sorted((tox.get("env") or {}).items()):
        if isinstance(env, dict):
            envs[name] = (f"env.{name}", {**base, **env})
    found = []
    lines = source.splitlines()
    for name, (table, env) in envs.items():
        commands = env.get("commands")
        if not isinstance(commands, list):
            continue
        own = "commands" in (base if table == "env_run_base" else tox["env"][name])
        start = toml_key_line(source, prefix + (table if own else "env_run_base"), "commands")
        texts: list[str] = []
        numbers: list[int] = []
        cursor = start
        for command in commands:
            if not isinstance(command, list) or not command:
                continue
            texts.append(_toml_command(command))
            first = json.dumps(command[0]) if isinstance(command[0], str) else "{"
            cursor = next(
                (n for n in range(cursor, len(lines) + 1) if first in lines[n - 1]), cursor
            )
            numbers.append(cursor)
        guards = tuple(
            Guard(k, str(env[k]).lower(), path, toml_key_line(source, prefix + table, k))
            for k in ("ignore_outcome", "ignore_errors")
            if k in env
        )
        found.append(
            Script(
                path,
                f"env {name}",
                "\n".join(texts),
                tuple(numbers),
                "argv",
                posixpath.dirname(path),
                guards,
            )
        )
    return tuple(found)


def nox_scripts(path: str, source: str) -> tuple[Script, ...]:
    """``session.run(...)`` calls of every nox session, literal words kept, others marked."""
    root = parse("python", source.encode())
    found = []
    for node in root.named_children:
        function = (
            node.child_by_field_name("definition") if node.type == "decorated_definition" else None
        )
        if function is None or "session" not in text(node).split("def", 1)[0]:
            continue
        name = text(function.child_by_field_name("name"))
        lines: list[str] = []
        numbers: list[int] = []
        guards: list[Guard] = []
        for call in walk(function):
            if call.type != "call" or not text(call.child_by_field_name("function")).endswith(
                ".run"
            ):
                continue
            words = []
            arguments = call.child_by_field_name("arguments")
            for argument in arguments.named_children if arguments else ():
                if argument.type == "keyword_argument":
                    key = text(argument.child_by_field_name("name"))
                    if key == "success_codes":
                        guards.append(
                            Guard(
                                "success_codes",
                                text(argument.child_by_field_name("value")),
                                path,
                                line(argument),
                            )
                        )
                    continue
                if argument.type in ("list_splat", "dictionary_splat"):
                    if "posargs" not in text(argument):
                        words.append("{unreadable}")
                    continue
                value = py_string(argument)
                words.append("{unreadable}" if value is None else value)
            lines.append(shlex.join(words))
            numbers.append(line(call))
        found.append(
            Script(
                path,
                f"session {name}",
                "\n".join(lines),
                tuple(numbers),
                "argv",
                posixpath.dirname(path),
                tuple(guards),
            )
        )
    return tuple(found)


def revision_scripts(view: RevisionView) -> tuple[Script, ...]:
    """Every script of the revision that may run tests, sorted by file and key."""
    found: list[Script] = []
    for path in view.paths():
        name = posixpath.basename(path)
        source = view.text(path)
        if source is None or "node_modules/" in path:
            continue
        if path.startswith(".github/workflows/") and name.endswith((".yml", ".yaml")):
            found.extend(github_scripts(path, source))
        elif path == ".gitlab-ci.yml":
            found.extend(gitlab_scripts(path, source))
        elif name == "package.json":
            found.extend(package_scripts(path, source))
        elif name in ("Makefile", "makefile", "GNUmakefile"):
            found.extend(makefile_scripts(path, source))
        elif name in ("justfile", "Justfile", ".justfile"):
            found.extend(justfile_scripts(path, source))
        elif name == "tox.ini":
            found.extend(tox_scripts(path, source))
        elif name == "tox.toml" or (name == "pyproject.toml" and "[tool.tox" in source):
            found.extend(tox_toml_scripts(path, source))
        elif name == "noxfile.py":
            found.extend(nox_scripts(path, source))
    return tuple(sorted(found, key=lambda s: (s.file, s.key)))


def load_json(view: RevisionView, path: str) -> Any:
    """A JSON file's value, or None when absent or invalid."""
    source = view.text(path)
    if source is None:
        return None
    try:
        return json.loads(source)
    except json.JSONDecodeError:
        return None
