"""Project-tool entry points: package.json scripts, Makefile targets and justfile recipes."""

from __future__ import annotations

import json
import posixpath
import re

from ...core.bounded import json_loads
from .inifile import json_key_line
from .scripts import Guard, Script, unreadable


def package_scripts(path: str, source: str) -> tuple[Script, ...]:
    """``scripts`` of a package.json (npm runs each with ``sh -c``)."""
    try:
        document = json_loads(source)
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
