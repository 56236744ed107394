"""Precision and recall of every rule on the annotated fixtures (``fixtures/rules/<ID>/``).

    python bench/accuracy.py

Counts, per kind, the annotated positives (``ruleid``) and negatives (``ok``), and the
true positives, false positives and misses of a real audit of each rule folder.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from ralph_validate.validator.rules import get_rule
from ralph_validate.validator.rules.annotations import read_annotations
from ralph_validate.validator.rules.harness import EXPECTED, head_tree, rule_folders, run_folder

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "fixtures" / "rules"

Located = set[tuple[str, str, int]]  # (rule, file, line)


def _annotated(folder: Path) -> tuple[Located, Located]:
    tree = head_tree(folder)
    must: Located = set()
    must_not: Located = set()
    for path in sorted(p for p in tree.rglob("*") if p.is_file() and p.name != EXPECTED):
        found = read_annotations(path.read_text(encoding="utf-8", errors="replace"))
        rel = path.relative_to(tree).as_posix()
        must |= {(rule, rel, line) for rule, line in found.must}
        must_not |= {(rule, rel, line) for rule, line in found.must_not}
    return must, must_not


def main() -> None:
    stats: dict[str, Counter[str]] = {}

    def count(must: Located, must_not: Located, actual: Located) -> None:
        kind = {rule: get_rule(rule).kind for rule, _, _ in must | must_not | actual}
        for rule in kind.values():
            stats.setdefault(rule, Counter())
        for rule, _, _ in must:
            stats[kind[rule]]["positives"] += 1
        for rule, _, _ in must_not:
            stats[kind[rule]]["negatives"] += 1
        for rule, _, _ in actual & must:
            stats[kind[rule]]["tp"] += 1
        for rule, _, _ in actual - must:
            stats[kind[rule]]["fp"] += 1
        for rule, _, _ in must - actual:
            stats[kind[rule]]["fn"] += 1

    for folder in rule_folders(FIXTURES):
        actual = {(f.rule, f.file, f.line) for f in run_folder(folder)}
        count(*_annotated(folder), actual)
    print(
        f"{'kind':<28}{'pos':>5}{'neg':>5}{'tp':>5}{'fp':>5}{'fn':>5}{'precision':>11}{'recall':>8}"
    )
    total: Counter[str] = Counter()
    for name in sorted(stats):
        c = stats[name]
        total.update(c)
        precision = c["tp"] / (c["tp"] + c["fp"]) if c["tp"] + c["fp"] else 1.0
        recall = c["tp"] / (c["tp"] + c["fn"]) if c["tp"] + c["fn"] else 1.0
        print(
            f"{name:<28}{c['positives']:>5}{c['negatives']:>5}{c['tp']:>5}{c['fp']:>5}"
            f"{c['fn']:>5}{precision:>11.3f}{recall:>8.3f}"
        )
    precision = total["tp"] / max(1, total["tp"] + total["fp"])
    recall = total["tp"] / max(1, total["tp"] + total["fn"])
    print(
        f"{'all':<28}{total['positives']:>5}{total['negatives']:>5}{total['tp']:>5}"
        f"{total['fp']:>5}{total['fn']:>5}{precision:>11.3f}{recall:>8.3f}"
    )


if __name__ == "__main__":
    main()
