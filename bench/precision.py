"""FAIL counts on real repositories, and a sheet to label them by hand.

    python bench/precision.py [--all] [--base REF] [--spec NAME] REPO...
    python bench/precision.py --labels sheet.tsv

Audits each repository in this process (as ``ralph-validate --no-llm`` would), then prints:

- per repository, its FAILs counted by rule and kind (goal-caused ones only: a FAIL that
  already existed at BASE is not the agent's);
- the labelling sheet: one tab-separated line per FAIL, ``repo file:line rule kind message
  label``, the label left as ``?``. Save it, write ``true`` or ``false`` in the last
  column (a reviewer looked: is the finding right?), and ``--labels`` the file to get the
  precision per kind and overall. Unlabelled lines are counted apart.

Output is sorted and the same for the same repositories at the same commits, so two
sheets of one corpus can be diffed to see which FAILs a change of the tool added or removed.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

from ralph_validate.core.errors import InputError
from ralph_validate.validator.findings import Finding, Status
from ralph_validate.validator.pipeline import AuditOptions, run_audit

LABELS = ("true", "false")


def goal_fails(repo: Path, opts: argparse.Namespace) -> list[Finding]:
    """The goal-caused FAIL findings of one audit, sorted."""
    report = run_audit(
        AuditOptions(
            repo=repo,
            spec=opts.spec,
            base=opts.base,
            all_files=opts.all,
            include_vendored=opts.include_vendored,
        )
    )
    found = [f for f in report.findings if f.status is Status.FAIL and not f.pre_existing]
    return sorted(found, key=Finding.sort_key)


def sheet_line(name: str, f: Finding) -> str:
    """One FAIL as a line of the labelling sheet (tabs and newlines of the message flattened)."""
    message = " ".join(f.message.split())
    return "\t".join((name, f"{f.file}:{f.line}", f.rule, f.kind, message, "?"))


def print_counts(name: str, fails: list[Finding]) -> None:
    """A repository's FAIL count, then its FAILs per rule and kind."""
    print(f"{name}: {len(fails)} FAIL")
    for (rule, kind), n in sorted(Counter((f.rule, f.kind) for f in fails).items()):
        print(f"  {rule:<7}{kind:<30}{n:>5}")


def precision(lines: list[str]) -> list[str]:
    """Per kind and overall: labelled FAILs, how many are true, and the precision."""
    true: Counter[str] = Counter()
    labelled: Counter[str] = Counter()
    unlabelled = 0
    for number, line in enumerate(lines, 1):
        cells = line.rstrip("\n").split("\t")
        if not line.strip():
            continue
        if len(cells) != 6:
            raise InputError(f"sheet line {number}: expected 6 tab-separated cells")
        kind, label = cells[3], cells[5].strip().lower()
        if label not in LABELS:
            unlabelled += 1
            continue
        for key in (kind, "all"):
            labelled[key] += 1
            true[key] += label == "true"
    out = [f"{'kind':<30}{'labelled':>9}{'true':>6}{'precision':>11}"]
    for key in [*sorted(k for k in labelled if k != "all"), "all"]:
        if labelled[key]:
            share = true[key] / labelled[key]
            out.append(f"{key:<30}{labelled[key]:>9}{true[key]:>6}{share:>11.3f}")
    out.append(f"unlabelled: {unlabelled}")
    return out


def main(argv: list[str] | None = None) -> int:
    """Audit the repositories and print their counts and sheet, or score a labelled sheet."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("repos", nargs="*", type=Path, help="local git repositories")
    p.add_argument("--all", action="store_true", help="audit every tracked file")
    p.add_argument("--base", help="BASE revision for every repository")
    p.add_argument("--spec", help="spec NAME for every repository")
    p.add_argument("--include-vendored", action="store_true")
    p.add_argument("--labels", type=Path, help="a labelled sheet: print the precision")
    args = p.parse_args(argv)
    try:
        if args.labels is not None:
            print("\n".join(precision(args.labels.read_text(encoding="utf-8").splitlines())))
            return 0
        if not args.repos:
            raise InputError("give at least one repository, or --labels SHEET")
        sheet: list[tuple[str, Finding]] = []
        for repo in args.repos:
            name = repo.resolve().name
            fails = goal_fails(repo, args)
            print_counts(name, fails)
            sheet += [(name, f) for f in fails]
    except (InputError, OSError) as err:
        print(f"precision: {err}", file=sys.stderr)
        return 2
    print("\nrepo\tfile:line\trule\tkind\tmessage\tlabel")
    for name, f in sorted(sheet, key=lambda item: (item[0], item[1].sort_key())):
        print(sheet_line(name, f))
    return 0


if __name__ == "__main__":
    sys.exit(main())
