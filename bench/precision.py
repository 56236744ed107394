"""FAIL counts and requirement rows on real repositories, and a sheet to label them by hand.

    python bench/precision.py [--all] [--base REF] [--spec NAME] [--sample N] REPO[:SPEC]...
    python bench/precision.py --repos repos.toml
    python bench/precision.py --labels OUTPUT

Audits each repository in this process (as ``ralph-validate --no-llm`` would), each with
its own spec: ``REPO:SPEC`` on the command line, or a TOML list of repositories::

    [[repo]]
    path = "serious-trader-ralph"   # relative to the list's folder
    spec = "prd.json"               # optional: --spec, else no spec
    base = "b18c7a5f67"             # optional: --base, else the tool's rule
    all = true                      # optional: --all

Then prints:

- per repository, its FAILs counted by rule and kind (goal-caused ones only: a FAIL that
  already existed at BASE is not the agent's), and its requirement rows counted by status;
- the labelling sheet: one tab-separated line per FAIL, ``repo file:line rule kind message
  label``, then one per sampled requirement PASS row (rule ``REQ``, kind
  ``requirement.pass``; at most ``--sample`` per repository, chosen by a hash of the
  repository and the requirement id, so the same rows on every run). The label is left as
  ``?``. Save the output, write ``true`` or ``false`` in the last column (a reviewer
  looked: is the FAIL right, is the PASS deserved?), and ``--labels`` the file to get the
  precision per FAIL kind, of all FAILs and of requirement PASSes. Lines that are not sheet
  lines (the counts, the header) are skipped; unlabelled sheet lines are counted apart.

Output is sorted and the same for the same repositories at the same commits, so two
sheets of one corpus can be diffed to see which rows a change of the tool added or removed.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import tomllib
from collections import Counter
from pathlib import Path
from typing import NamedTuple

from ralph_validate.core.errors import InputError
from ralph_validate.validator.findings import Finding, Status
from ralph_validate.validator.pipeline import AuditOptions, run_audit
from ralph_validate.validator.report.model import Report, RequirementRow

LABELS = ("true", "false")
HEADER = ("repo", "file:line", "rule", "kind", "message", "label")
REQ_RULE, REQ_KIND = "REQ", "requirement.pass"
STATUSES = ("PASS", "FAIL", "UNKNOWN")


class Target(NamedTuple):
    """One repository to audit, with its own spec and BASE."""

    path: Path
    spec: str | None
    base: str | None
    all_files: bool

    @property
    def name(self) -> str:
        """How the sheet names it: the folder, and the spec when one is given."""
        folder = self.path.resolve().name
        return f"{folder}:{self.spec}" if self.spec else folder


def parse_target(text: str, opts: argparse.Namespace) -> Target:
    """``REPO`` or ``REPO:SPEC``; an existing path that holds a colon is a path."""
    path, colon, spec = text.rpartition(":")
    if not colon or not path or Path(text).exists():
        path, spec = text, ""
    return Target(Path(path), spec or opts.spec, opts.base, opts.all)


def read_targets(file: Path, opts: argparse.Namespace) -> list[Target]:
    """The ``[[repo]]`` entries of a TOML list, paths relative to the list's folder."""
    try:
        data = tomllib.loads(file.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as err:
        raise InputError(f"{file}: not valid TOML ({err})") from None
    entries = data.get("repo")
    if not isinstance(entries, list) or not entries:
        raise InputError(f"{file}: expected [[repo]] entries")
    out: list[Target] = []
    for number, entry in enumerate(entries, 1):
        if not isinstance(entry, dict) or not isinstance(entry.get("path"), str):
            raise InputError(f"{file}: repo {number} needs a path")
        unknown = sorted(set(entry) - {"path", "spec", "base", "all"})
        if unknown:
            raise InputError(f"{file}: repo {number}: unknown key(s) {', '.join(unknown)}")
        out.append(
            Target(
                file.parent / entry["path"],
                entry.get("spec", opts.spec),
                entry.get("base", opts.base),
                bool(entry.get("all", opts.all)),
            )
        )
    return out


def audit(target: Target, opts: argparse.Namespace) -> Report:
    """The report of one repository, as ``ralph-validate --no-llm`` builds it."""
    return run_audit(
        AuditOptions(
            repo=target.path,
            spec=target.spec,
            base=target.base,
            all_files=target.all_files,
            include_vendored=opts.include_vendored,
        )
    )


def goal_fails(report: Report) -> list[Finding]:
    """The goal-caused FAIL findings of one audit, sorted."""
    found = [f for f in report.findings if f.status is Status.FAIL and not f.pre_existing]
    return sorted(found, key=Finding.sort_key)


def _flat(text: str) -> str:
    return " ".join(text.split())


def sheet_line(name: str, f: Finding) -> str:
    """One FAIL as a line of the labelling sheet (tabs and newlines of the message flattened)."""
    return "\t".join((name, f"{f.file}:{f.line}", f.rule, f.kind, _flat(f.message), "?"))


def requirement_line(name: str, row: RequirementRow) -> str:
    """One requirement PASS row as a sheet line: what a person needs to judge it."""
    code = ", ".join(f"{loc.file}:{loc.line}" for loc in row.implementation) or "-"
    tests = ", ".join(f"{t.file}::{t.name}" for t in row.tests) or "-"
    message = f"{row.id} {row.title} | implementation: {code} | tests: {tests} | {row.reason}"
    return "\t".join((name, f"{row.file}:{row.line}", REQ_RULE, REQ_KIND, _flat(message), "?"))


def sample_passes(name: str, rows: list[RequirementRow], size: int) -> list[RequirementRow]:
    """At most ``size`` PASS rows, picked by a hash of the repository and the id (the same
    rows on every run, spread over the spec rather than its first requirements), by id."""

    def rank(row: RequirementRow) -> str:
        return hashlib.sha256(f"{name}\t{row.id}".encode()).hexdigest()

    passes = [r for r in rows if r.status is Status.PASS]
    return sorted(sorted(passes, key=rank)[:size], key=lambda r: (r.file, r.line, r.id))


def print_counts(name: str, fails: list[Finding], rows: list[RequirementRow]) -> None:
    """A repository's FAIL count, its FAILs per rule and kind, its requirement rows."""
    print(f"{name}: {len(fails)} FAIL")
    for (rule, kind), n in sorted(Counter((f.rule, f.kind) for f in fails).items()):
        print(f"  {rule:<7}{kind:<30}{n:>5}")
    status = Counter(r.status.value for r in rows)
    print("  requirements: " + ", ".join(f"{status[s]} {s}" for s in STATUSES))


def sheet_cells(lines: list[str]) -> list[list[str]]:
    """The sheet lines of a file (the script's whole output will do): six tab-separated
    cells, not the header."""
    out: list[list[str]] = []
    for line in lines:
        cells = line.rstrip("\n").split("\t")
        if len(cells) == len(HEADER) and tuple(cells) != HEADER and all(cells[:4]):
            out.append(cells)
    if not out:
        raise InputError("no labelling sheet line (six tab-separated cells) in the file")
    return out


def precision(lines: list[str]) -> list[str]:
    """Per FAIL kind, all FAILs, and requirement PASSes: labelled rows, how many are true,
    and the precision."""
    true: Counter[str] = Counter()
    labelled: Counter[str] = Counter()
    unlabelled = 0
    for cells in sheet_cells(lines):
        kind, label = cells[3], cells[5].strip().lower()
        if label not in LABELS:
            unlabelled += 1
            continue
        keys = ("requirement PASS",) if kind == REQ_KIND else (kind, "all FAIL")
        for key in keys:
            labelled[key] += 1
            true[key] += label == "true"
    kinds = sorted(k for k in labelled if k not in ("all FAIL", "requirement PASS"))
    out = [f"{'kind':<30}{'labelled':>9}{'true':>6}{'precision':>11}"]
    for key in [*kinds, "all FAIL", "requirement PASS"]:
        if labelled[key]:
            share = true[key] / labelled[key]
            out.append(f"{key:<30}{labelled[key]:>9}{true[key]:>6}{share:>11.3f}")
    out.append(f"unlabelled: {unlabelled}")
    return out


def main(argv: list[str] | None = None) -> int:
    """Audit the repositories and print their counts and sheet, or score a labelled sheet."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("repos", nargs="*", help="local git repositories, REPO or REPO:SPEC")
    p.add_argument("--repos", dest="listing", type=Path, help="a TOML list of [[repo]]")
    p.add_argument("--all", action="store_true", help="audit every tracked file")
    p.add_argument("--base", help="BASE revision of a repository that names none")
    p.add_argument("--spec", help="spec NAME of a repository that names none")
    p.add_argument("--sample", type=int, default=10, help="requirement PASS rows per repo")
    p.add_argument("--include-vendored", action="store_true")
    p.add_argument("--labels", type=Path, help="a labelled sheet: print the precision")
    args = p.parse_args(argv)
    try:
        if args.labels is not None:
            print("\n".join(precision(args.labels.read_text(encoding="utf-8").splitlines())))
            return 0
        targets = [parse_target(text, args) for text in args.repos]
        if args.listing is not None:
            targets += read_targets(args.listing, args)
        if not targets:
            raise InputError("give at least one repository, --repos LIST, or --labels SHEET")
    except (InputError, OSError) as err:
        print(f"precision: {err}", file=sys.stderr)
        return 2
    fail_sheet: list[tuple[str, Finding]] = []
    pass_sheet: list[tuple[str, str]] = []
    failed = 0
    for target in targets:
        # One repository that cannot be audited (a wrong spec, no git) is reported; the
        # others still make the sheet, and the exit status says one was left out.
        try:
            report = audit(target, args)
        except (InputError, OSError) as err:
            print(f"precision: {target.name}: {err}", file=sys.stderr)
            failed += 1
            continue
        fails = goal_fails(report)
        rows = list(report.requirements)
        print_counts(target.name, fails, rows)
        fail_sheet += [(target.name, f) for f in fails]
        pass_sheet += [
            (target.name, requirement_line(target.name, r))
            for r in sample_passes(target.name, rows, args.sample)
        ]
    print("\n" + "\t".join(HEADER))
    for name, f in sorted(fail_sheet, key=lambda item: (item[0], item[1].sort_key())):
        print(sheet_line(name, f))
    for _, line in sorted(pass_sheet, key=lambda item: item[0]):
        print(line)
    return 2 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
