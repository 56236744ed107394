"""Precision and recall of the test-integrity and placeholder rules on the annotated fixtures.

    python bench/accuracy.py

Counts, per kind, the annotated positives (``ruleid``) and negatives (``ok``), and the
true positives, false positives and misses of the real extractors and checks.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.validator.checks.integrity import detect_tests, weakened
from ralph_validate.validator.checks.placeholders import detect_placeholders
from ralph_validate.validator.rules import list_rules
from ralph_validate.validator.rules.annotations import annotations

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "fixtures" / "rules"


def main() -> None:
    kind = {r.id: r.kind for r in list_rules()}
    stats: dict[str, Counter[str]] = {}

    def count(must: set, must_not: set, actual: set) -> None:
        for rule, _ in must | must_not | actual:
            stats.setdefault(kind[rule], Counter())
        for rule, _ in must:
            stats[kind[rule]]["positives"] += 1
        for rule, _ in must_not:
            stats[kind[rule]]["negatives"] += 1
        for rule, _ in actual & must:
            stats[kind[rule]]["tp"] += 1
        for rule, _ in actual - must:
            stats[kind[rule]]["fp"] += 1
        for rule, _ in must - actual:
            stats[kind[rule]]["fn"] += 1

    for path in sorted(p for p in FIXTURES.rglob("*") if p.is_file()):
        if "weakened" in path.parts:
            continue
        rel = path.relative_to(ROOT).as_posix()
        facts = extract(rel, path.read_bytes())
        actual = {(f.rule, f.line) for f in detect_tests(facts) + detect_placeholders(facts, ())}
        count(*annotations(path.read_text(encoding="utf-8")), actual)
    for head in sorted((FIXTURES / "weakened" / "head").iterdir()):
        base = FIXTURES / "weakened" / "base" / head.name
        rel = f"tests/{head.name}"
        must, must_not = annotations(head.read_text(encoding="utf-8"))
        must = {(r, n) for r, n in must if r == "TI009"}
        actual = {
            (f.rule, f.line)
            for f in weakened(extract(rel, head.read_bytes()), extract(rel, base.read_bytes()))
        }
        count(must, {(r, n) for r, n in must_not if r == "TI009"}, actual)
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
