"""CI entry points: GitHub Actions ``run:`` steps and GitLab CI job scripts, with their guards."""

from __future__ import annotations

import json

import yaml

from ...core.bounded import yaml_compose, yaml_load
from .scripts import Guard, Script, Trigger, unreadable


def _yaml_nodes(source: str) -> yaml.Node | None:
    """The composed YAML tree (it keeps line marks), or None when it does not parse."""
    try:
        return yaml_compose(source)
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
        value = json.dumps(yaml_load(yaml.serialize(value_node)), sort_keys=True)
    return Guard(key, value, file, key_node.start_mark.line + 1)


def _names(node: yaml.Node | None) -> tuple[str, ...] | None:
    """A scalar or a list of scalars as names; None for any other node."""
    if isinstance(node, yaml.ScalarNode):
        return (str(node.value),)
    if isinstance(node, yaml.SequenceNode) and all(
        isinstance(item, yaml.ScalarNode) for item in node.value
    ):
        return tuple(str(item.value) for item in node.value)
    return None


def _triggers(node: yaml.Node | None) -> tuple[Trigger, ...] | None:
    """The events of a workflow's ``on:`` (a name, a list of names, or a mapping of events to
    their settings, whose ``types`` restrict the activity types); None when it is absent or
    written in a form that says no list of events."""
    names = _names(node)
    if names is not None:
        return tuple(Trigger(name) for name in names)
    if not isinstance(node, yaml.MappingNode):
        return None
    found = []
    for event, (_, settings) in _mapping(node).items():
        types_node = _mapping(settings).get("types", (None, None))[1]
        types = _names(types_node) if types_node is not None else ()
        if types is None:
            return None
        found.append(Trigger(event, types))
    return tuple(found)


def github_scripts(path: str, source: str) -> tuple[Script, ...]:
    """Every ``run:`` step of a GitHub Actions workflow, with its job's and step's guards."""
    tree = _yaml_nodes(source)
    if tree is None:
        return unreadable(path)
    root = _mapping(tree)
    found: list[Script] = []
    triggers = _triggers(root.get("on", (None, None))[1])
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
                Script(
                    path,
                    f"jobs.{job_id}:{name}",
                    value,
                    lines,
                    dialect,
                    cwd,
                    tuple(guards),
                    triggers=triggers,
                )
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
