"""Where a revision invokes its tests: CI jobs, package.json scripts, make, just, tox, nox.

Each reader turns one kind of file into :class:`Script` facts (``ci_scripts``, ``build_scripts``,
``tox_nox_scripts``); this module picks the reader for every file of a revision.
"""

from __future__ import annotations

import json
import posixpath
from typing import Any

from ...core.bounded import json_loads
from .build_scripts import justfile_scripts, makefile_scripts, package_scripts
from .ci_scripts import github_scripts, gitlab_scripts
from .inifile import json_key_line
from .scripts import UNREADABLE, Guard, Script, unreadable
from .tox_nox_scripts import nox_scripts, tox_scripts, tox_toml_scripts
from .view import RevisionView

__all__ = [
    "UNREADABLE",
    "Guard",
    "Script",
    "github_scripts",
    "gitlab_scripts",
    "json_key_line",
    "justfile_scripts",
    "load_json",
    "makefile_scripts",
    "nox_scripts",
    "package_scripts",
    "revision_scripts",
    "tox_scripts",
    "tox_toml_scripts",
    "unreadable",
]


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
        return json_loads(source)
    except json.JSONDecodeError:
        return None
