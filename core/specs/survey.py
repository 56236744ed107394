"""Every spec of a repository, read as the validator and the gate read it.

A spec is a Kiro-style folder (``requirements.md`` and/or ``tasks.md`` in a folder of
``.kiro/specs/``, ``specs/`` or ``.ralph/specs/``), or one of these files anywhere:
``prd.json``, ``feature_list.json``, ``.agent/tasks.json``, a goalkeeper
``contract.md`` under a spec root. Each is read with ``find_spec`` and its task file
with ``read_task_file``, so what ``ralph-validate formats`` prints is exactly what an
audit and the gate would see: a file no reader takes is *refused* with the reader's
one-line reason.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from ..errors import InputError
from .discover import SEARCH_ROOTS, find_spec, read_task_file
from .model import Requirement, Spec, Task, Unread

_JSON_NAMES = frozenset({"prd.json", "feature_list.json"})
_KIRO_NAMES = frozenset({"requirements.md", "tasks.md"})


@dataclass(frozen=True)
class SpecReading:
    """What was read from one spec: its requirements and tasks, what was not read, or why
    it was refused as a whole."""

    path: str  # the spec's folder (Kiro) or file, repo-relative
    format: str | None
    requirements_file: str | None
    requirements: tuple[Requirement, ...]
    tasks_file: str | None
    tasks: tuple[Task, ...]
    unread: tuple[Unread, ...]
    refused: str | None = None


def _under_spec_root(path: PurePosixPath) -> bool:
    """True for ``<root>/<name>/<file>``, the root one of ``SEARCH_ROOTS``."""
    folder = path.parent.parent.as_posix()
    return any(folder == root or folder.endswith(f"/{root}") for root in SEARCH_ROOTS)


def spec_paths(files: list[str]) -> list[str]:
    """The specs among a repository's files: Kiro folders and spec files, sorted."""
    found: set[str] = set()
    for name in files:
        path = PurePosixPath(name)
        agent_tasks = path.name == "tasks.json" and path.parent.name == ".agent"
        if path.name in _JSON_NAMES or agent_tasks:
            found.add(name)
        elif path.name in _KIRO_NAMES and _under_spec_root(path):
            found.add(path.parent.as_posix())
        elif path.name == "contract.md" and _under_spec_root(path):
            found.add(name)
    return sorted(found)


def _unread_of(spec: Spec, task_unread: tuple[Unread, ...]) -> tuple[Unread, ...]:
    combined = dict.fromkeys((*spec.unread, *task_unread))
    return tuple(sorted(combined, key=lambda u: (u.file, u.line, u.what)))


def read_spec(repo: Path, path: str) -> SpecReading:
    """One spec read whole; a spec no reader takes is returned refused, with the reason."""
    try:
        spec = find_spec(repo, path)
        tasks, task_unread = spec.tasks, ()
        if spec.tasks_file is not None:
            tasks, task_unread = read_task_file(repo, Path(spec.tasks_file))
    except InputError as err:
        return SpecReading(path, None, None, (), None, (), (), refused=err.message)
    return SpecReading(
        path=path,
        format=spec.format,
        requirements_file=spec.requirements_file,
        requirements=spec.requirements,
        tasks_file=spec.tasks_file,
        tasks=tasks,
        unread=_unread_of(spec, task_unread),
    )


def read_all(repo: Path, files: list[str]) -> list[SpecReading]:
    """Every spec among ``files`` (the repository's), in path order."""
    return [read_spec(repo, path) for path in spec_paths(files)]
