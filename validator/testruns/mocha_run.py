"""Which JS/TS tests one Mocha run collects, from its rc file, package.json and command line.

Mocha loads the files its ``spec`` names (command-line words, else the configuration, else
``./test``): a glob's files whatever their extension, a file, or a folder's files with one of
the ``extension`` list (its own folder only unless ``recursive``); ``ignore`` globs drop
files, ``--file`` adds them, ``grep``/``fgrep`` filter tests by name. An rc file is read before
package.json's ``mocha`` key, each setting from the first place that has it.
"""

from __future__ import annotations

import json
import posixpath
import re
from typing import Any

from ...core.bounded import json_loads
from ...extractors.runners.js_config import (
    JsObject,
    Opaque,
    json_object,
)
from ...extractors.runners.mocha_config import MOCHARC_NAMES, mocharc_settings
from ...extractors.runners.view import RevisionView
from .globs import micromatch
from .js_run import _candidates, _finish, _JsOptions
from .model import Cause, Suite
from .pytest_args import Arg

DEFAULT_SPEC = "./test"
# Mocha's own default ``--extension`` list (its documented setting, not the files we read).
DEFAULT_EXTENSIONS = ("js", "cjs", "mjs")
# Options that take the next word as their value (when not written ``--name=value``).
_VALUED = frozenset(
    {
        "--config",
        "--package",
        "--extension",
        "--spec",
        "--ignore",
        "--exclude",
        "--grep",
        "-g",
        "--fgrep",
        "-f",
        "--file",
        "--require",
        "-r",
        "--reporter",
        "-R",
        "--reporter-option",
        "--reporter-options",
        "-O",
        "--timeout",
        "-t",
        "--slow",
        "-s",
        "--ui",
        "-u",
        "--jobs",
        "-j",
        "--retries",
        "--watch-files",
        "--watch-ignore",
        "--node-option",
        "-n",
        "--import",
        "--loader",
    }
)
_ALIASES = {"-g": "--grep", "-f": "--fgrep", "--exclude": "--ignore", "-i": "--invert"}
# Settings read from configuration, by their command-line name.
_LISTS = ("spec", "extension", "ignore", "exclude", "file")
_GLOB = re.compile(r"[*?\[{]")


def parse_mocha_args(args: tuple[Arg, ...]) -> _JsOptions:
    """Mocha's options as the JS option record: spec words, valued options and flags."""
    options = _JsOptions()
    index = 0
    while index < len(args):
        word = args[index]
        index += 1
        value = word.value
        if not value.startswith("-") or value == "--":
            if value != "--":
                options.positional.append(Cause("spec", value, word.file, word.line))
            continue
        name, has_value, attached = value.partition("=")
        name = _ALIASES.get(name, name)
        if name in _VALUED:
            if not has_value and index < len(args):
                attached = args[index].value
                index += 1
            for item in attached.split(",") if name == "--extension" else [attached]:
                options.values.setdefault(name, []).append(Cause(name, item, word.file, word.line))
            continue
        options.flags.append(Cause(name, attached, word.file, word.line))
    return options


def _configs(
    view: RevisionView, folder: str, options: _JsOptions
) -> list[tuple[str, JsObject | Opaque]]:
    """The configuration sources of the run, first read first: rc file, package.json."""

    def at(name: str) -> str:
        return posixpath.normpath(f"{folder}/{name}").lstrip("./") if folder else name

    names = {c.setting for c in options.flags}
    found: list[tuple[str, JsObject | Opaque]] = []
    explicit = options.values.get("--config", [])
    if "--no-config" not in names:
        candidates = [at(explicit[-1].detail)] if explicit else [at(n) for n in MOCHARC_NAMES]
        for path in candidates:
            value = mocharc_settings(view, path)
            if value is not None:
                found.append((path, value))
                break
    package = options.values.get("--package", [])
    path = at(package[-1].detail) if package else at("package.json")
    source = view.text(path) if "--no-package" not in names else None
    if source is not None:
        try:
            document = json_loads(source)
        except json.JSONDecodeError:
            document = None
        if isinstance(document, dict) and isinstance(document.get("mocha"), dict):
            found.append((path, json_object(path, source, document["mocha"], ("mocha",))))
    return found


def _setting(
    configs: list[tuple[str, JsObject | Opaque]], name: str, unknown: list[Cause]
) -> tuple[tuple[Any, ...], Cause] | None:
    """A setting's values and the cause to cite, from the first source that has it."""
    for file, value in configs:
        if isinstance(value, Opaque):
            unknown.append(Cause("config", value.source, file, value.line))
            continue
        entry = value.get(name)
        if entry is None:
            for spread in value.opaque:
                unknown.append(Cause("spread", spread.source, file, spread.line))
            continue
        raw, at = entry
        items = raw if isinstance(raw, tuple) else (raw,)
        shown = ", ".join(str(i.source if isinstance(i, Opaque) else i) for i in items)
        for item in items:
            if not isinstance(item, (str, bool, int, float)):
                unknown.append(Cause(name, shown, file, at))
        return tuple(i for i in items if isinstance(i, (str, bool, int, float))), Cause(
            name, shown, file, at
        )
    return None


def _selected(relative: str, spec: str, extensions: tuple[str, ...], recursive: bool) -> bool:
    """Whether one spec entry loads the file: a glob, the file itself, or its folder."""
    clean = posixpath.normpath(spec).lstrip("./") if spec not in (".", "./") else ""
    if _GLOB.search(clean):
        return micromatch(relative, clean)
    stem, extension = posixpath.splitext(relative)
    if relative == clean or stem == clean:
        return True
    if clean and not relative.startswith(clean + "/"):
        return False
    inside = relative[len(clean) + 1 :] if clean else relative
    return extension.lstrip(".") in extensions and (recursive or "/" not in inside)


def mocha_suite(
    view: RevisionView,
    folder: str = "",
    args: tuple[Arg, ...] = (),
    *,
    invocation: str = "command",
    site: tuple[str, int] | None = None,
) -> Suite:
    """The tests one Mocha run in ``folder`` collects."""
    options = parse_mocha_args(args)
    configs = _configs(view, folder, options)
    unknown: list[Cause] = []
    where = site or (configs[0][0] if configs else "", 1 if configs else 0)
    settings: dict[str, tuple[tuple[Any, ...], Cause] | None] = {}
    for name in (*_LISTS, "recursive", "grep", "fgrep", "invert"):
        cli = options.values.get(f"--{name}", [])
        flag = [c for c in options.flags if c.setting == f"--{name}"]
        if cli:
            settings[name] = (tuple(c.detail for c in cli), cli[0])
        elif flag:
            settings[name] = ((True,), flag[0])
        else:
            settings[name] = _setting(configs, name, unknown)
    if options.positional:
        specs = tuple(c.detail for c in options.positional) + tuple(
            c.detail for c in options.values.get("--spec", [])
        )
        spec_cause = options.positional[0]
    elif settings["spec"] is not None:
        specs, spec_cause = settings["spec"]
    else:
        specs, spec_cause = (DEFAULT_SPEC,), Cause("spec", f"{DEFAULT_SPEC} (default)", *where)
    written = settings["extension"][0] if settings["extension"] else ()
    # A written list may replace the defaults or add to them (Mocha versions differ): both
    # are read as loaded, so that no file is taken for dropped on a version's reading.
    extensions = DEFAULT_EXTENSIONS + tuple(str(e).lstrip(".") for e in written)
    recursive = bool(settings["recursive"] and settings["recursive"][0][:1] == (True,))
    ignores = [s for s in (settings["ignore"], settings["exclude"]) if s is not None]
    always = tuple(str(f) for f in settings["file"][0]) if settings["file"] else ()
    if settings["invert"] is not None and settings["invert"][0][:1] == (True,):
        unknown.append(settings["invert"][1])
    for name in ("grep", "fgrep"):
        setting = settings[name]
        if setting is not None and setting[0]:
            pattern = str(setting[0][-1])
            pattern = re.escape(pattern) if name == "fgrep" else pattern
            cause = setting[1]
            options.values.setdefault("--testNamePattern", []).append(
                Cause(cause.setting, pattern, cause.file, cause.line)
            )
    files: dict[str, tuple[list[Cause], list[Cause]]] = {}
    for path in _candidates(view, folder):
        relative = path[len(folder) + 1 :] if folder else path
        drops: list[Cause] = []
        if "node_modules/" in relative:
            continue
        loaded = any(_selected(relative, str(s), extensions, recursive) for s in specs)
        if not loaded and not any(_selected(relative, f, (), False) for f in always):
            drops.append(spec_cause)
        for values, cause in ignores:
            hit = [str(g) for g in values if micromatch(relative, posixpath.normpath(str(g)))]
            if hit:
                drops.append(Cause(cause.setting, ", ".join(hit), cause.file, cause.line))
        files[path] = (drops, list(unknown))
    return _finish("mocha", view, files, options, invocation, where)
