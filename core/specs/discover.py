"""Find a spec by name or path and read it into the one model.

``--spec PATH`` (relative to the repository, or absolute) takes a folder or a
file inside the repository; a path that resolves outside it, symlinks
followed, is refused. Otherwise ``--spec NAME`` looks in ``.kiro/specs/NAME/``,
``specs/NAME/``, ``.ralph/specs/NAME/`` and ``.specs/NAME/``, in that order
(``.ralph/specs/`` is a spec location although the rest of ``.ralph/`` is loop
state, never read).

In a folder the first of these wins: Kiro files (``requirements.md`` and/or
``tasks.md``; ``design.md`` is not read), ``prd.json``, ``feature_list.json``,
``contract.md``, ``.agent/tasks.json``. A file is read by its name, then its
content: ``*.json`` is a JSON task list, ``contract.md`` or front matter with
``definition_of_done`` a goalkeeper contract, any other ``*.md`` a Kiro-style
task list (with the ``requirements.md`` beside it, if any). Agent self-reports
(``progress.txt``, ``progress.md``, ``fix_plan.md``, ``.agent/logs/``, loop
state under ``.ralph/``) are refused: they state the conclusions the audit checks.

Naming: ``Spec.path`` is the spec's folder, repo-relative (``.`` for the
root); for ``.agent/tasks.json`` that is the folder holding ``.agent/``.
``Spec.name`` is that folder's name (a contract's ``slug`` when it declares
one); at the repository root it is the spec file's stem (``prd``,
``feature_list``, ``tasks``), the name the spec-prefix convention expects in
commit subjects (``<name>: ...``).
"""

from __future__ import annotations

from pathlib import Path, PurePosixPath

from ..errors import InputError
from .goalkeeper import has_front_matter, parse_contract
from .json_formats import read_json_tasks
from .kiro import parse_tasks, unread_tasks
from .kiro_requirements import parse_requirements, unread_requirements
from .model import Spec, Task, Unread

SEARCH_ROOTS = (".kiro/specs", "specs", ".ralph/specs", ".specs")
_FOLDER_FILES = ("prd.json", "feature_list.json", "contract.md", ".agent/tasks.json")
NOTHING_DECLARED = "the spec declares no requirement and no task: nothing was read to trace"
_SELF_REPORTS = frozenset({"progress.txt", "progress.md", "fix_plan.md"})
OTHER_FORMAT = "requirements written in a format this tool does not read (only requirements.md is)"


def _relative(repo: Path, path: Path) -> str:
    return path.relative_to(repo).as_posix() if path != repo else "."


def _inside(repo: Path, path: Path, shown: str) -> Path:
    """``path`` with symlinks resolved; InputError when that lies outside ``repo``."""
    resolved = path.resolve()
    if not resolved.is_relative_to(repo):
        raise InputError(f"spec path {shown} is outside the repository")
    return resolved


def _refuse_self_report(rel: str) -> None:
    posix = PurePosixPath(rel)
    state = rel.startswith(".ralph/") and not rel.startswith(".ralph/specs/")
    if posix.name in _SELF_REPORTS or state or "/.agent/logs/" in f"/{rel}":
        raise InputError(f"{rel} is an agent self-report, not a spec; point --spec at the spec")


def _read(repo: Path, path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as err:
        raise InputError(f"cannot read {_relative(repo, path)}: {err.strerror}") from None


def _spec_folder(file: Path) -> Path:
    """The folder a spec file belongs to (``.agent/tasks.json`` belongs to ``.agent``'s parent)."""
    folder = file.parent
    return folder.parent if folder.name == ".agent" and file.name == "tasks.json" else folder


def _name(repo: Path, folder: Path, file: Path | None) -> str:
    if folder != repo or file is None:
        return folder.name
    return file.stem


def _requirements_in_other_formats(repo: Path, folder: Path) -> tuple[Unread, ...]:
    """A requirements file beside the tasks in a format not read (``requirements.yaml``,
    ``.txt``, ``.rst``, ``.adoc``...) holds requirements nobody traced: each is unread. At
    the repository root ``requirements*.txt`` is a package manager's file, not a spec."""
    if folder == repo:
        return ()
    try:
        names = sorted(folder.iterdir())
    except OSError:
        return ()
    return tuple(
        Unread(_relative(repo, path), 1, OTHER_FORMAT)
        for path in names
        if path.name.lower().startswith("requirement")
        and path.name != "requirements.md"
        and path.is_file()
    )


def _kiro(repo: Path, folder: Path, tasks_file: Path | None) -> Spec:
    req_file = folder / "requirements.md"
    has_reqs = req_file.is_file()
    rel_reqs = _relative(repo, req_file) if has_reqs else None
    rel_tasks = _relative(repo, tasks_file) if tasks_file is not None else None
    req_data = _read(repo, req_file) if has_reqs else b""
    tasks_data = _read(repo, tasks_file) if tasks_file is not None else b""
    unread = unread_requirements(req_data, str(rel_reqs)) if has_reqs else ()
    if rel_tasks is not None:
        unread += unread_tasks(tasks_data, rel_tasks)
    requirements = parse_requirements(req_data, str(rel_reqs)) if has_reqs else ()
    tasks = parse_tasks(tasks_data, rel_tasks) if rel_tasks is not None else ()
    unread += _requirements_in_other_formats(repo, folder)
    if rel_reqs is not None and not (requirements or tasks or unread):
        # A requirements file holding only its title is no requirement section when the
        # tasks carry the work; with no task either, the spec declares nothing to check.
        unread = (Unread(rel_reqs, 1, NOTHING_DECLARED),)
    return Spec(
        name=_name(repo, folder, tasks_file or (req_file if has_reqs else None)),
        path=_relative(repo, folder),
        format="kiro",
        requirements=requirements,
        tasks=tasks,
        tasks_file=rel_tasks,
        requirements_file=rel_reqs,
        unread=unread,
    )


def _json(repo: Path, file: Path) -> Spec:
    rel = _relative(repo, file)
    folder = _spec_folder(file)
    read = read_json_tasks(_read(repo, file), rel)
    return Spec(
        name=_name(repo, folder, file),
        path=_relative(repo, folder),
        format=read.kind,
        requirements=read.requirements,
        tasks=read.tasks,
        tasks_file=rel,
        requirements_file=rel,
        scope=read.scope,
        unread=(read.empty,) if read.empty is not None else (),
    )


def _contract(repo: Path, file: Path) -> Spec:
    rel = _relative(repo, file)
    contract = parse_contract(_read(repo, file), rel)
    return Spec(
        name=contract.slug or _name(repo, file.parent, file),
        path=_relative(repo, file.parent),
        format="goalkeeper",
        requirements=contract.requirements,
        tasks=(),
        tasks_file=None,
        requirements_file=rel,
        max_rejections=contract.max_rejections,
        validator_command=contract.validator_command,
    )


def load_folder(repo: Path, folder: Path) -> Spec:
    """The spec in ``folder`` (resolved, inside ``repo``); InputError when it holds none."""
    tasks_md = folder / "tasks.md"
    if tasks_md.is_file() or (folder / "requirements.md").is_file():
        return _kiro(repo, folder, tasks_md if tasks_md.is_file() else None)
    for name in _FOLDER_FILES:
        if (folder / name).is_file():
            return load_file(repo, folder / name)
    raise InputError(
        f"{_relative(repo, folder)} holds no spec (looked for requirements.md, tasks.md, "
        "prd.json, feature_list.json, contract.md, .agent/tasks.json)"
    )


def load_file(repo: Path, file: Path) -> Spec:
    """The spec one file declares: a JSON task list, a contract, or a Markdown task list."""
    rel = _relative(repo, file)
    _refuse_self_report(rel)
    if file.name in ("requirements.md", "tasks.md", "design.md"):
        tasks_md = file.parent / "tasks.md"
        return _kiro(repo, file.parent, tasks_md if tasks_md.is_file() else None)
    if file.suffix == ".json":
        return _json(repo, file)
    if file.suffix == ".md":
        data = _read(repo, file)
        if file.name == "contract.md" or (has_front_matter(data) and b"definition_of_done" in data):
            return _contract(repo, file)
        return _kiro(repo, file.parent, file)
    raise InputError(f"{rel} is not a spec file (expected .md or .json)")


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
            if not resolved.is_dir():
                raise
            path_error = err  # a folder that merely shares the spec's name: try the spec roots
    if not given.is_absolute():
        for root in SEARCH_ROOTS:
            folder = repo / root / spec
            if folder.is_dir():
                return load_folder(repo, _inside(repo, folder, f"{root}/{spec}"))
    if path_error is not None:
        raise path_error
    looked = ", ".join(f"{root}/{spec}/" for root in SEARCH_ROOTS)
    raise InputError(f"spec '{spec}' not found (looked for the path {spec}, then in {looked})")


def read_task_file(repo: Path, tasks_file: Path) -> tuple[tuple[Task, ...], tuple[Unread, ...]]:
    """The tasks of one task file (Markdown or JSON, by suffix, else by content), and what
    was there but not read: lines of a Markdown list that looked like tasks, JSON entries
    whose done state is outside the vocabulary of ``done_states``."""
    repo = repo.resolve()
    path = tasks_file if tasks_file.is_absolute() else repo / tasks_file
    resolved = _inside(repo, path, str(tasks_file))
    rel = _relative(repo, resolved)
    _refuse_self_report(rel)
    data = _read(repo, resolved)
    looks_json = data.removeprefix(b"\xef\xbb\xbf").lstrip()[:1] in (b"{", b"[")
    if resolved.suffix == ".json" or (resolved.suffix != ".md" and looks_json):
        read = read_json_tasks(data, rel)
        return read.tasks, read.unread
    return parse_tasks(data, rel), unread_tasks(data, rel)


def read_tasks(repo: Path, tasks_file: Path) -> tuple[Task, ...]:
    """The tasks of one task file (Markdown or JSON, by suffix, else by content)."""
    return read_task_file(repo, tasks_file)[0]
