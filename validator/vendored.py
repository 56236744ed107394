"""Which tracked files are third-party or generated, and so not audited by default.

A repository that commits ``node_modules/``, a virtualenv or a build output holds
thousands of files nobody under audit wrote: auditing them costs minutes and reports
other people's code. Such files are skipped unless ``--include-vendored`` (or
``include-vendored = true`` in the settings) asks for them, and the report header counts
them by reason. A file is skipped when:

- git itself ignores it (tracked although a ``.gitignore`` lists it);
- a folder of its path is one that only tools fill or that says it is vendored:
  ``node_modules``, ``.venv``, ``site-packages``, ``.next``, ``third_party``,
  ``vendored*``, … anywhere; ``venv``, ``vendor``, ``dist``, ``build``,
  ``out``, ``coverage`` only where an output folder sits (the repository root, or beside a
  package manifest such as ``package.json``) and only when it is not itself a Python
  package (``src/build/__init__.py`` is the user's own module named ``build``);
- its name says it is a minified bundle (``app.min.js``);
- one of its first lines is a comment that says it is generated (``@generated``,
  ``Code generated … DO NOT EDIT``, ``auto-generated … do not edit``).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import PurePosixPath

from ..extractors.common.paths import has_minified_name, has_package_manifest, is_python_package

# Folders only package managers, virtualenvs and framework caches fill, wherever they sit.
_ALWAYS = frozenset(
    {
        "node_modules",
        "bower_components",
        "jspm_packages",
        ".venv",
        "site-packages",
        ".tox",
        ".nox",
        "__pycache__",
        ".next",
        ".nuxt",
        ".svelte-kit",
        ".turbo",
        ".yarn",
        ".pnpm-store",
        "third_party",
        "third-party",
        "thirdparty",
    }
)
# ``vendored/``, ``vendored_crates/``, ``vendored-deps/``: named for what they hold.
_VENDORED_PREFIX = "vendored"
# Output and dependency folders whose names users also give their own code: skipped only
# where a tool puts them.
_AT_PACKAGE_ROOT = frozenset({"venv", "vendor", "dist", "build", "out", "coverage"})
# How many leading lines may hold the generated-file header, and the comment openers of the
# languages audited (a marker inside a string or code is not a header).
_HEADER_LINES = 5
_COMMENT = re.compile(rb"^\s*(?://|#|/\*+|\*|<!--|--|;|\"\"\"|''')")
_GENERATED = re.compile(
    rb"@generated\b|\bDO NOT EDIT\b|\bauto-?generated\b.*\bdo not (?:edit|modify)\b",
    re.IGNORECASE,
)

REASON_IGNORED = ".gitignore"
REASON_MINIFIED = "minified bundle"
REASON_GENERATED = "generated"


@dataclass(frozen=True)
class Skipped:
    """The files left out of the audit as vendored or generated, each with its reason."""

    reasons: tuple[tuple[str, str], ...] = ()  # (path, reason), sorted by path

    def paths(self) -> frozenset[str]:
        """The skipped paths."""
        return frozenset(p for p, _ in self.reasons)

    def note(self) -> str | None:
        """The report header's line: how many files and why, reasons sorted; None for none."""
        if not self.reasons:
            return None
        counts = Counter(reason for _, reason in self.reasons)
        why = ", ".join(f"{reason}: {counts[reason]}" for reason in sorted(counts))
        return (
            f"{len(self.reasons)} vendored or generated file(s) skipped ({why}); "
            "--include-vendored audits them"
        )


def folder_reason(path: str, tracked: frozenset[str]) -> str | None:
    """The vendored folder a repo-relative path sits in (its name), or None."""
    parts = PurePosixPath(path).parts[:-1]
    for depth, name in enumerate(parts):
        if name in _ALWAYS:
            return name
        if name.lower().startswith(_VENDORED_PREFIX):
            return "vendored"
        if name not in _AT_PACKAGE_ROOT:
            continue
        if is_python_package("/".join(parts[: depth + 1]), tracked):
            continue
        if depth == 0 or has_package_manifest("/".join(parts[:depth]), tracked):
            return name
    return None


def is_generated(head: bytes) -> bool:
    """True when one of the first lines is a comment saying the file is generated."""
    for line in head.split(b"\n")[:_HEADER_LINES]:
        if _COMMENT.match(line) and _GENERATED.search(line):
            return True
    return False


def find_skipped(
    paths: Iterable[str],
    ignored: Iterable[str],
    read_head: Callable[[str], bytes | None],
) -> Skipped:
    """Which of ``paths`` (the tracked files) are vendored or generated. ``ignored`` are the
    tracked files git ignores; ``read_head`` gives a file's first bytes (None: unreadable)."""
    listed = sorted(set(paths))
    tracked = frozenset(listed)
    gitignored = set(ignored)
    out: list[tuple[str, str]] = []
    for path in listed:
        reason = REASON_IGNORED if path in gitignored else folder_reason(path, tracked)
        if reason is None and has_minified_name(path):
            reason = REASON_MINIFIED
        if reason is None:
            head = read_head(path)
            if head is not None and is_generated(head):
                reason = REASON_GENERATED
        if reason is not None:
            out.append((path, reason))
    return Skipped(tuple(out))
