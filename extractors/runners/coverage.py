"""Coverage thresholds written in configuration files (coverage.py, Jest, Vitest, nyc, c8)."""

from __future__ import annotations

import json
import posixpath
from dataclasses import dataclass
from typing import Any, Literal

import yaml

from ...core.bounded import json_loads, yaml_load
from .inifile import read_ini, read_toml, toml_key_line
from .js_config import JsObject, Opaque, jest_config, json_object, vitest_config
from .view import RevisionView

_METRICS = ("lines", "branches", "functions", "statements")
# The tools whose coverage thresholds are read.
CoverageTool = Literal["coverage.py", "pytest-cov", "nyc", "c8", "jest", "vitest"]


@dataclass(frozen=True, order=True)
class Threshold:
    """One enforced minimum: tool, metric (scope), value (None when unreadable), where."""

    tool: CoverageTool
    scope: str
    value: float | None
    enforced: bool
    file: str
    line: int


def _number(value: Any) -> float | None:
    """A threshold's number, or None when it is not a literal number."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, str):
        try:
            return float(value)
        except ValueError:
            return None
    return None


def _coverage_py(view: RevisionView, path: str) -> list[Threshold]:
    """``fail_under`` of coverage.py in .coveragerc, setup.cfg, tox.ini or pyproject.toml."""
    source = view.text(path) or ""
    name = posixpath.basename(path)
    if name == "pyproject.toml":
        document = read_toml(source) or {}
        report = document.get("tool", {}).get("coverage", {}).get("report", {})
        if isinstance(report, dict) and "fail_under" in report:
            line = toml_key_line(source, "tool.coverage.report", "fail_under")
            return [
                Threshold(
                    "coverage.py", "fail_under", _number(report["fail_under"]), True, path, line
                )
            ]
        return []
    section = "report" if name == ".coveragerc" else "coverage:report"
    held = read_ini(source).get(section, {}).get("fail_under")
    if held is None:
        return []
    return [Threshold("coverage.py", "fail_under", _number(held.value), True, path, held.line)]


def _walk_thresholds(
    tool: CoverageTool, prefix: str, value: Any, file: str, line: int
) -> list[Threshold]:
    """Numbers inside a (nested) threshold object, named by their dotted key."""
    if isinstance(value, JsObject):
        found: list[Threshold] = []
        for key, inner, at in value.entries:
            found.extend(
                _walk_thresholds(tool, f"{prefix}.{key}" if prefix else key, inner, file, at)
            )
        for opaque in value.opaque:
            found.append(
                Threshold(tool, f"{prefix}.{opaque.source}", None, True, file, opaque.line)
            )
        return found
    if isinstance(value, bool):
        return []
    number = _number(value) if not isinstance(value, Opaque) else None
    return [Threshold(tool, prefix, number, True, file, line)]


def _nyc_like(tool: CoverageTool, settings: Any, file: str) -> list[Threshold]:
    """nyc / c8 settings: metric minimums, enforced only with check-coverage."""
    if not isinstance(settings, JsObject):
        return []
    check = settings.get("check-coverage") or settings.get("checkCoverage")
    enforced = bool(check and check[0] is True)
    found = []
    for metric in _METRICS:
        entry = settings.get(metric)
        if entry is not None:
            found.append(Threshold(tool, metric, _number(entry[0]), enforced, file, entry[1]))
    per_file = settings.get("per-file") or settings.get("perFile")
    if per_file is not None:
        found.append(
            Threshold(
                tool, "per-file", 1.0 if per_file[0] is True else 0.0, enforced, file, per_file[1]
            )
        )
    return found


def _rc_object(view: RevisionView, path: str) -> Any:
    """An rc file (.nycrc, .c8rc, with json/yml/yaml extensions) as a JsObject."""
    source = view.text(path) or ""
    try:
        value = json_loads(source)
    except json.JSONDecodeError:
        try:
            value = yaml_load(source)
        except yaml.YAMLError:
            return None
    return json_object(path, source, value) if isinstance(value, dict) else None


def config_thresholds(view: RevisionView) -> tuple[Threshold, ...]:
    """Every coverage threshold written in the revision's configuration files, sorted."""
    found: list[Threshold] = []
    folders: set[str] = set()
    for path in view.paths():
        if "node_modules/" in path:
            continue
        name = posixpath.basename(path)
        folder = posixpath.dirname(path)
        if name in (".coveragerc", "setup.cfg", "tox.ini", "pyproject.toml"):
            found.extend(_coverage_py(view, path))
        elif name in (".nycrc", ".nycrc.json", ".nycrc.yml", ".nycrc.yaml"):
            found.extend(_nyc_like("nyc", _rc_object(view, path), path))
        elif name in (".c8rc", ".c8rc.json", ".c8rc.yml", ".c8rc.yaml"):
            found.extend(_nyc_like("c8", _rc_object(view, path), path))
        elif name == "package.json":
            source = view.text(path) or ""
            try:
                document = json_loads(source)
            except json.JSONDecodeError:
                continue
            for key in ("nyc", "c8"):
                if isinstance(document, dict) and isinstance(document.get(key), dict):
                    found.extend(
                        _nyc_like(key, json_object(path, source, document[key], (key,)), path)
                    )
            folders.add(folder)
        elif name.startswith(("jest.config.", "vitest.config.", "vite.config.")):
            folders.add(folder)
    for folder in sorted(folders):
        jest = jest_config(view, folder)
        if isinstance(jest.value, JsObject) and jest.file:
            entry = jest.value.get("coverageThreshold")
            if entry is not None:
                found.extend(_walk_thresholds("jest", "", entry[0], jest.file, entry[1]))
        vitest = vitest_config(view, folder)
        if isinstance(vitest.value, JsObject) and vitest.file:
            coverage = vitest.value.get("coverage")
            if coverage is not None and isinstance(coverage[0], JsObject):
                thresholds = coverage[0].get("thresholds")
                if thresholds is not None:
                    found.extend(
                        _walk_thresholds("vitest", "", thresholds[0], vitest.file, thresholds[1])
                    )
                for metric in _METRICS:
                    entry = coverage[0].get(metric)
                    if entry is not None:
                        found.append(
                            Threshold(
                                "vitest", metric, _number(entry[0]), True, vitest.file, entry[1]
                            )
                        )
    return tuple(sorted(set(found)))
