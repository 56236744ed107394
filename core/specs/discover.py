"""Find a spec by name or path and read it into the one model.

``--spec NAME`` looks in ``.kiro/specs/NAME/``, ``specs/NAME/`` and
``.ralph/specs/NAME/``, in that order. ``--spec PATH`` takes a folder or a
file inside the repository. In a folder, Kiro files (``requirements.md``,
``tasks.md``) come first, then ``prd.json``, ``feature_list.json``,
``contract.md`` and ``.agent/tasks.json``. The spec's name is its folder's
name; for a file at the repository root it is the file's stem (``prd``,
``feature_list``) — the name the spec-prefix convention expects in commit
subjects (``<name>: ...``).
"""

from __future__ import annotations

from pathlib import Path

from ralph_validate.core.errors import InputError
from ralph_validate.core.specs.json_formats import parse_contract, parse_json_tasks
from ralph_validate.core.specs.kiro import parse_requirements, parse_tasks
from ralph_validate.core.specs.model import Spec, Task

SEARCH_ROOTS = (".kiro/specs", "specs", ".ralph/specs")
_JSON_FILES = ("prd.json", "feature_list.json", ".agent/tasks.json")


def _relative(repo: Path, path: Path) -> str:
    return path.relative_to(repo).as_posix()


def _inside(repo: Path, path: Path, shown: str) -> Path:
    resolved = path.resolve()
    if resolved != repo and repo not in resolved.parents:
        raise InputError(f"spec path {shown} is outside the repository")
    return resolved


def _read(path: Path, shown: str) -> bytes:
    try:
        return path.read_bytes()
    except OSError as err:
        raise InputError(f"cannot read {shown}: {err.strerror}") from None


def _name_for(repo: Path, folder: Path, file: Path | None) -> str:
    if folder != repo:
        return folder.name
    return file.stem if file is not None else repo.name


def _kiro(repo: Path, folder: Path) -> Spec:
    req_file = folder / "requirements.md"
    tasks_file = folder / "tasks.md"
    requirements = ()
    tasks: tuple[Task, ...] = ()
    if req_file.is_file():
        requirements = parse_requirements(_read(req_file, req_file.name), _relative(repo, req_file))
    if tasks_file.is_file():
        tasks = parse_tasks(_read(tasks_file, tasks_file.name), _relative(repo, tasks_file))
    return Spec(
        name=_name_for(repo, folder, None),
        path=_relative(repo, folder) if folder != repo else ".",
        format="kiro",
        requirements=requirements,
        tasks=tasks,
        tasks_file=_relative(repo, tasks_file) if tasks_file.is_file() else None,
        requirements_file=_relative(repo, req_file) if req_file.is_file() else None,
    )


def _json(repo: Path, folder: Path, file: Path) -> Spec:
    rel = _relative(repo, file)
    kind, requirements, tasks, scope = parse_json_tasks(_read(file, rel), rel)
    return Spec(
        name=_name_for(repo, folder, file),
        path=_relative(repo, folder) if folder != repo else ".",
        format=kind,
        requirements=requirements,
        tasks=tasks,
        tasks_file=rel,
        requirements_file=rel,
        scope=scope,
    )


def _contract(repo: Path, folder: Path, file: Path) -> Spec:
    rel = _relative(repo, file)
    requirements, front = parse_contract(_read(file, rel), rel)
    rejections = front.get("max_rejections")
    validator = front.get("validator")
    command = validator.get("command") if isinstance(validator, dict) else None
    return Spec(
        name=str(front.get("slug") or _name_for(repo, folder, file)),
        path=_relative(repo, folder) if folder != repo else ".",
        format="goalkeeper",
        requirements=requirements,
        tasks=(),
        tasks_file=None,
        requirements_file=rel,
        max_rejections=rejections if isinstance(rejections, int) else None,
        validator_command=command if isinstance(command, str) else None,
    )


def load_folder(repo: Path, folder: Path) -> Spec:
    """The spec in ``folder``; InputError when it holds no known spec file."""
    if (folder / "requirements.md").is_file() or (folder / "tasks.md").is_file():
        return _kiro(repo, folder)
    for name in _JSON_FILES:
        if (folder / name).is_file():
            return _json(repo, folder, folder / name)
    if (folder / "contract.md").is_file():
        return _contract(repo, folder, folder / "contract.md")
    shown = _relative(repo, folder) if folder != repo else "."
    raise InputError(
        f"{shown} holds no spec (requirements.md, tasks.md, prd.json, feature_list.json, "
        "contract.md or .agent/tasks.json)"
    )


def load_file(repo: Path, file: Path) -> Spec:
    """The spec a single file declares (its folder's Kiro pair, a JSON list, a contract)."""
    folder = file.parent
    if file.name in ("requirements.md", "tasks.md", "design.md"):
        return _kiro(repo, folder)
    if file.suffix == ".json":
        return _json(repo, folder, file)
    if file.suffix == ".md":
        head = _read(file, file.name)[:4]
        if head.lstrip(b"\xef\xbb\xbf").startswith(b"---"):
            return _contract(repo, folder, file)
        spec = _kiro(repo, folder)
        rel = _relative(repo, file)
        tasks = parse_tasks(_read(file, rel), rel)
        return Spec(
            spec.name, spec.path, "kiro", spec.requirements, tasks, rel, spec.requirements_file
        )
    raise InputError(f"{_relative(repo, file)} is not a spec file this tool reads")


def find_spec(repo: Path, spec: str) -> Spec:
    """The spec named or pointed at by ``spec`` (``--spec NAME|PATH``)."""
    repo = repo.resolve()
    given = Path(spec)
    candidate = given if given.is_absolute() else repo / given
    path_error: InputError | None = None
    if candidate.exists() or candidate.is_symlink():
        resolved = _inside(repo, candidate, spec)
        try:
            return load_folder(repo, resolved) if resolved.is_dir() else load_file(repo, resolved)
        except InputError as err:
            path_error = err  # a folder that merely shares the name: try the spec locations
    for root in SEARCH_ROOTS:
        folder = repo / root / spec
        if folder.is_dir():
            return load_folder(repo, _inside(repo, folder, f"{root}/{spec}"))
    if path_error is not None:
        raise path_error
    looked = ", ".join(f"{root}/{spec}/" for root in SEARCH_ROOTS)
    raise InputError(f"spec '{spec}' not found (looked in {looked})")


def read_tasks(repo: Path, tasks_file: Path) -> tuple[Task, ...]:
    """The tasks of one task file, Markdown or JSON."""
    repo = repo.resolve()
    path = tasks_file if tasks_file.is_absolute() else repo / tasks_file
    resolved = _inside(repo, path, str(tasks_file))
    rel = _relative(repo, resolved)
    data = _read(resolved, rel)
    if resolved.suffix == ".json":
        return parse_json_tasks(data, rel)[2]
    return parse_tasks(data, rel)
