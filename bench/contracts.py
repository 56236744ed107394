"""Precision and recall of the contract questions (Q1-Q4) on the ``fixtures/contracts`` cases.

    python bench/contracts.py [--repo DIR ...]
    python bench/contracts.py --folder DIR [--mutate] [--max N]   (bench/contract_folders.py)
    python bench/contracts.py --labels SHEET

Every case variant becomes a real git repository (an initial commit, then a
spec-prefixed commit adding the variant) and goes through the real
``ContractCheck``. A case's ``expected.json`` lists the FAIL findings of its buggy
variant; its fixed variant must have none. Per question:

- ``pos``: expected FAIL findings; ``neg``: rows that must not FAIL (every other row
  the check answered, in either variant, counted once per question, file and line);
- ``tp``/``fp``/``fn`` over FAIL findings (kind, file, line), then precision and recall.

Then the time of the graph (``collect`` + ``Wiring`` + ``build_graph``) and of the
answers (the engine's observations judged by the contract rules) on the largest fixture, apart from
parsing (the facts are extracted first and reused). Everything but the times is
deterministic.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from ralph_validate.core.git import Git
from ralph_validate.extractors.facts import FileFacts
from ralph_validate.validator.changeset import compute_change_set
from ralph_validate.validator.checks.contracts import ContractCheck, judge
from ralph_validate.validator.config import Config
from ralph_validate.validator.context import AnalysisContext, CheckOutput
from ralph_validate.validator.contracts.aws_models import sdk_observations
from ralph_validate.validator.contracts.code_boundaries import code_observations
from ralph_validate.validator.contracts.graph import Wiring, build_graph, collect
from ralph_validate.validator.contracts.machine_boundaries import machine_observations
from ralph_validate.validator.factstore import FactStore
from ralph_validate.validator.rules import rules_of
from ralph_validate.validator.rules.contract.rows import ContractRule

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "fixtures" / "contracts"
SPEC = "bench"
# kind -> question number, from the contract rules that answer them.
QUESTION = {r.kind: r.question for r in rules_of("contract") if isinstance(r, ContractRule)}
KIND = {question: kind for kind, question in QUESTION.items()}
TIMING_RUNS = 5
_ENV = {
    "GIT_AUTHOR_NAME": "Bench",
    "GIT_AUTHOR_EMAIL": "bench@example.invalid",
    "GIT_COMMITTER_NAME": "Bench",
    "GIT_COMMITTER_EMAIL": "bench@example.invalid",
    "GIT_CONFIG_NOSYSTEM": "1",
}

Key = tuple[str, str, int]  # (kind, file, line)


def _git(root: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-c", "commit.gpgsign=false", *args],
        cwd=root,
        env={**os.environ, **_ENV},
        check=True,
        capture_output=True,
    )


def build_repo(source: Path, root: Path) -> Path:
    """A repository whose second, spec-prefixed commit adds every file of ``source``."""
    root.mkdir(parents=True)
    _git(root, "init", "-q", "-b", "main")
    (root / "README.md").write_text("# bench\n", encoding="utf-8")
    _git(root, "add", "-A")
    _git(root, "commit", "-q", "-m", "initial")
    shutil.copytree(source, root, dirs_exist_ok=True, copy_function=shutil.copyfile)
    _git(root, "add", "-A")
    _git(root, "commit", "-q", "-m", f"{SPEC}: add the variant")
    return root


def _context(root: Path) -> AnalysisContext:
    git = Git.open(root)
    change = compute_change_set(git, SPEC)
    config = Config()
    store = FactStore(git, config, change.base, cache=False, jobs=1)
    return AnalysisContext(repo=root, spec=None, change_set=change, config=config, facts=store)


def _expected(case: Path, variant: str) -> set[Key]:
    data = json.loads((case / "expected.json").read_text(encoding="utf-8"))
    return {(f["kind"], f["file"], f["line"]) for f in data.get(variant, [])}


def _row_keys(output: CheckOutput) -> set[tuple[int, str, int]]:
    """(question, file, line) of every row: where it failed or would have failed."""
    out: set[tuple[int, str, int]] = set()
    for row in output.contracts:
        ref = row.location or row.consumer or row.producer
        if ref is not None:
            out.add((row.question, ref.file, ref.line))
    return out


def _fails(output: CheckOutput) -> set[Key]:
    return {(f.kind, f.file, f.line) for f in output.findings if f.status.value == "FAIL"}


def _variants() -> list[tuple[Path, str]]:
    return [
        (case, variant)
        for case in sorted(FIXTURES.iterdir())
        if (case / "expected.json").is_file()
        for variant in ("buggy", "fixed")
        if (case / variant).is_dir()
    ]


def _size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def accuracy(work: Path) -> tuple[dict[int, Counter[str]], list[str]]:
    """Counts per question, and the findings that disagree with the annotations."""
    stats = {q: Counter[str]() for q in sorted(QUESTION.values())}
    wrong: list[str] = []
    for index, (case, variant) in enumerate(_variants()):
        root = build_repo(case / variant, work / f"{index:03d}-{case.name}-{variant}")
        output = ContractCheck().run(_context(root))
        expected = _expected(case, variant)
        actual = _fails(output)
        expected_at = {(QUESTION[k], f, n) for k, f, n in expected}
        for question, _, _ in _row_keys(output) - expected_at:
            stats[question]["neg"] += 1
        for kind, file, line in sorted(expected | actual):
            counts = stats[QUESTION[kind]]
            if (kind, file, line) in expected:
                counts["pos"] += 1
            if (kind, file, line) in expected and (kind, file, line) in actual:
                counts["tp"] += 1
            elif (kind, file, line) in actual:
                counts["fp"] += 1
                wrong.append(f"FP {case.name}/{variant} {kind} {file}:{line}")
            else:
                counts["fn"] += 1
                wrong.append(f"FN {case.name}/{variant} {kind} {file}:{line}")
    return stats, wrong


def time_repo(root: Path, *, jobs: int = 1) -> tuple[int, float, float, float]:
    """(files, parse, graph, answers) seconds on the HEAD of a git repository: parsing every
    analysable file without a cache, then the graph and the answers (Step Functions, code
    and AWS SDK boundaries) over those facts, best of ``TIMING_RUNS``."""
    git = Git.open(root)
    store = FactStore(git, Config(), "HEAD", cache=False, jobs=jobs)
    files = sorted(store.files())
    started = time.perf_counter()
    store.prefetch(files)
    present: list[FileFacts] = [f for f in (store.head(p) for p in files) if f is not None]
    parse = time.perf_counter() - started
    graph_best = answer_best = float("inf")
    for _ in range(TIMING_RUNS):
        started = time.perf_counter()
        facts = collect(present)
        wiring = Wiring(facts)
        field_graph = build_graph(facts, wiring)
        graph = time.perf_counter() - started
        started = time.perf_counter()
        judge(
            machine_observations(facts, wiring)
            + code_observations(facts, wiring, field_graph)
            + sdk_observations(present)
        )
        answer = time.perf_counter() - started
        graph_best, answer_best = min(graph_best, graph), min(answer_best, answer)
    return len(present), parse, graph_best, answer_best


def timings(work: Path) -> tuple[str, int, float, float, float]:
    """(variant, files, parse, graph, answers) seconds on the largest fixture variant."""
    case, variant = max(_variants(), key=lambda cv: (_size(cv[0] / cv[1]), str(cv)))
    root = build_repo(case / variant, work / "largest")
    files, parse, graph, answer = time_repo(root)
    return f"{case.name}/{variant}", files, parse, graph, answer


def _times(label: str, files: int, parse: float, graph: float, answer: float) -> str:
    share = (graph + answer) / parse if parse else 0.0
    return (
        f"{label} ({files} files): parse {parse * 1000:.1f} ms, "
        f"graph (collect+Wiring+build_graph) {graph * 1000:.2f} ms, "
        f"answers (Step Functions+code+SDK) {answer * 1000:.2f} ms "
        f"(best of {TIMING_RUNS}); graph+answers = {share:.1%} of parsing"
    )


def _ratio(a: int, b: int) -> str:
    return f"{a / b:.3f}" if b else "-"


def _sibling(name: str):
    spec = importlib.util.spec_from_file_location(f"bench_{name}", ROOT / "bench" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def main(argv: list[str] | None = None) -> None:
    """Accuracy on the fixtures and the time of the largest; ``--repo DIR`` also times the
    graph and the answers on a repository of your choice (its HEAD, every file)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repo", type=Path, action="append", default=[])
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--folder", type=Path, help="a folder of real projects (no fixtures)")
    parser.add_argument("--mutate", action="store_true", help="with --folder: inject drift")
    parser.add_argument("--max", type=int, default=3, help="mutation sites per kind and project")
    parser.add_argument("--labels", type=Path, help="a labelled FAIL sheet: print the precision")
    args = parser.parse_args(argv)
    if args.labels is not None or args.folder is not None:
        folders = _sibling("contract_folders")
        if args.labels is not None:
            lines = args.labels.read_text(encoding="utf-8").splitlines()
            print("\n".join(_sibling("precision").precision(lines)))
            return
        folders.main(args.folder.resolve(), mutate=args.mutate, most=args.max)
        return
    with tempfile.TemporaryDirectory(prefix="bench-contracts-") as tmp:
        work = Path(tmp)
        stats, wrong = accuracy(work)
        largest, files, parse, graph, answer = timings(work)
    cases = len({c.name for c, _ in _variants()})
    print(f"{cases} cases, {len(_variants())} variants")
    print(
        f"{'question':<30}{'pos':>5}{'neg':>5}{'tp':>5}{'fp':>5}{'fn':>5}"
        f"{'precision':>11}{'recall':>8}"
    )
    total: Counter[str] = Counter()
    for question, c in stats.items():
        total.update(c)
        label = f"Q{question} {KIND[question]}"
        print(
            f"{label:<30}{c['pos']:>5}{c['neg']:>5}{c['tp']:>5}{c['fp']:>5}{c['fn']:>5}"
            f"{_ratio(c['tp'], c['tp'] + c['fp']):>11}{_ratio(c['tp'], c['tp'] + c['fn']):>8}"
        )
    print(
        f"{'all':<30}{total['pos']:>5}{total['neg']:>5}{total['tp']:>5}{total['fp']:>5}"
        f"{total['fn']:>5}{_ratio(total['tp'], total['tp'] + total['fp']):>11}"
        f"{_ratio(total['tp'], total['tp'] + total['fn']):>8}"
    )
    for line in wrong:
        print(line)
    print(_times(f"largest fixture {largest}", files, parse, graph, answer))
    for repo in args.repo:
        print(_times(str(repo), *time_repo(repo.resolve(), jobs=args.jobs)))


if __name__ == "__main__":
    main()
