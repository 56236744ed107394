"""Helpers of the gate tests: the spec folder, a report of a commit, a work tree's bytes."""

from __future__ import annotations

from pathlib import Path

SPEC = ".kiro/specs/shop"


def report_text(head: str, statuses: tuple[str, ...] = ("PASS",), cell: str = "thing") -> str:
    """A Markdown report recording ``head``, one row per status."""
    rows = "\n".join(f"| {i} | {cell} {i} | a.py:{i} | {s} |" for i, s in enumerate(statuses, 1))
    return (
        f"# Validation report: shop\n\n- **Spec:** shop\n- **HEAD:** `{head}`\n\n"
        "## Requirements traceability\n\n"
        f"| Req | Requirement | Implementation | Status |\n|---|---|---|---|\n{rows}\n"
    )


def files_of(root: Path) -> dict[str, bytes]:
    """Every file of the work tree (``.git`` left out) and its bytes; symlinks as their target."""
    found: dict[str, bytes] = {}
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root).as_posix()
        if rel == ".git" or rel.startswith(".git/"):
            continue
        if path.is_symlink():
            found[rel] = b"-> " + str(path.readlink()).encode()
        elif path.is_file():
            found[rel] = path.read_bytes()
    return found
