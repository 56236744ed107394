"""The contract questions on a folder of real serverless projects, and injected drift.

    python bench/contracts.py --folder DIR [--mutate] [--max N]
    python bench/contracts.py --labels SHEET

``DIR`` is split into projects: a folder holding a CDK app (``cdk.json``), a SAM or
CloudFormation template, a ``serverless.yml`` or an ASL file (``*.asl.json``/``yaml``).
A project is such a folder with no such folder above it (nested ones belong to it).
Each project is copied (without ``node_modules``, build output and ``.git``) into a
fresh git repository whose second commit adds every file, and goes through the real
``ContractCheck`` (as ``--no-llm``; no BASE comparison, every row is new). Printed:

- rows per question and answer (PASS/FAIL/UNKNOWN), over all projects;
- the projects without any contract row, each with why (no Lambda and no state machine;
  Lambdas and no state machine; the state machines and how many of their Lambda tasks
  resolve to code), counted by reason;
- the labelling sheet: one tab-separated line per contract FAIL, ``repo file:line rule
  kind message label`` as ``bench/precision.py`` writes it (label ``?``); ``--labels``
  reads the labelled sheet and prints the precision.

``--mutate`` then injects drift into each project, one mutation at a time in a fresh
copy: the sites are the two sides of the project's own rows that PASS (a producer's
written field, a consumer's read, a mock's field: a boundary the tool resolved; drift
across an UNKNOWN one cannot be seen), sorted, at most ``--max`` per kind. A mutation
renames the field on its line (a read: its last spelling there, the value; a written
field: its first, the key), or removes a one-line ``field: value`` pair (lines keep
their numbers). It is caught when a contract FAIL appears that the project did not have.
Printed: the catch rate per kind and the uncaught mutations (file:line, field).
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from ralph_validate.extractors.facts import FileFacts
from ralph_validate.extractors.facts.contracts import Machine
from ralph_validate.validator.checks.contracts import ContractCheck
from ralph_validate.validator.context import CheckOutput
from ralph_validate.validator.contracts.graph import Wiring, collect
from ralph_validate.validator.findings import Finding, Status
from ralph_validate.validator.report.model import ContractRow, Question

_HERE = Path(__file__).resolve().parent


def _load(name: str):
    spec = importlib.util.spec_from_file_location(f"bench_{name}", _HERE / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


SKIP_DIRS = {
    ".git",
    "node_modules",
    "cdk.out",
    ".aws-sam",
    ".serverless",
    "__pycache__",
    ".venv",
    "venv",
    "dist",
    "build",
    ".pytest_cache",
}
TEMPLATE_MARKERS = ("AWSTemplateFormatVersion", "AWS::Serverless")
MAX_MARKER_BYTES = 2_000_000
STATUSES = ("PASS", "FAIL", "UNKNOWN")
KINDS = ("producer", "consumer", "mock")
RENAMED = "Drifted"  # suffix a renamed field takes


def _is_marker(path: Path) -> bool:
    name = path.name.lower()
    if name == "cdk.json" or name in ("serverless.yml", "serverless.yaml"):
        return True
    if re.search(r"\.asl\.(json|ya?ml)$", name):
        return True
    if path.suffix.lower() not in (".yaml", ".yml", ".json", ".template"):
        return False
    try:
        if path.stat().st_size > MAX_MARKER_BYTES:
            return False
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return False
    return any(marker in text for marker in TEMPLATE_MARKERS)


def find_projects(root: Path) -> list[Path]:
    """The project folders under ``root``: marker folders with no marker folder above."""
    marked: list[Path] = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS)
        here = Path(folder)
        if any(_is_marker(here / f) for f in sorted(files)):
            marked.append(here)
    marked.sort()
    out: list[Path] = []
    for folder in marked:
        if not any(folder.is_relative_to(p) for p in out):
            out.append(folder)
    return out


def _ignore(_folder: str, names: list[str]) -> set[str]:
    return {n for n in names if n in SKIP_DIRS}


@dataclass
class Result:
    """One project's contract answers and why it has none, if so."""

    name: str
    rows: list[ContractRow]
    fails: list[Finding]
    reason: str = ""
    facts: list[FileFacts] = field(default_factory=list)


def _tasks(machine: Machine) -> Iterator:
    for state in machine.states:
        yield state
        for branch in state.branches:
            yield from _tasks(branch)


def why_no_rows(facts: list[FileFacts]) -> str:
    """Why a project answered no contract question, from its facts."""
    index = collect(facts)
    if not index.machines and not index.functions:
        return "no Lambda and no state machine"
    if not index.machines:
        return f"{len(index.functions)} Lambda(s), no state machine, no caller or mock in code"
    wiring = Wiring(index)
    parts: list[str] = []
    for machine in sorted(index.machines, key=lambda m: (m.file, m.line, m.name)):
        lambdas = [s for s in _tasks(machine.machine) if s.function is not None]
        resolved = [s for s in lambdas if wiring.resolve_state(machine, s).producer is not None]
        others = sum(1 for s in _tasks(machine.machine) if s.other_resource)
        parts.append(
            f"state machine {machine.name} ({machine.file}): {len(lambdas)} Lambda task(s), "
            f"{len(resolved)} resolved to code, {others} service task(s)"
        )
    return "; ".join(parts)


def reason_class(reason: str) -> str:
    """The reason without names: what the counts of projects without rows group by."""
    if not reason.startswith("state machine"):
        return re.sub(r"^\d+ ", "", reason)
    lambdas = sum(int(n) for n in re.findall(r"(\d+) Lambda task", reason))
    resolved = sum(int(n) for n in re.findall(r"(\d+) resolved to code", reason))
    if not lambdas:
        return "state machine(s) with no Lambda task"
    if not resolved:
        return "state machine(s) whose Lambda tasks resolve to no code"
    return "state machine(s) with resolved Lambda tasks and nothing read or written"


def _contract_fails(output: CheckOutput) -> list[Finding]:
    found = [
        f for f in output.findings if f.status is Status.FAIL and f.kind.startswith("contract.")
    ]
    return sorted(found, key=Finding.sort_key)


def run_project(source: Path, work: Path, name: str) -> Result:
    """Copy ``source`` into a fresh repository under ``work`` and answer its contracts."""
    bench = _load("contracts")
    root = work / "repo"
    if root.exists():
        shutil.rmtree(root)
    copy = work / "copy"
    if copy.exists():
        shutil.rmtree(copy)
    shutil.copytree(source, copy, ignore=_ignore, symlinks=True)
    bench.build_repo(copy, root)
    ctx = bench._context(root)
    output = ContractCheck().run(ctx)
    result = Result(name, list(output.contracts), _contract_fails(output))
    if not result.rows:
        facts = [f for f in (ctx.facts.head(p) for p in sorted(ctx.facts.files())) if f]
        result.reason = why_no_rows(facts)
    return result


def sheet_lines(result: Result) -> list[str]:
    """The project's contract FAILs as labelling-sheet lines (``bench/precision.py``)."""
    precision = _load("precision")
    return [precision.sheet_line(result.name, f) for f in result.fails]


def summary(results: list[Result]) -> list[str]:
    """Rows by question and answer, projects with and without rows and why."""
    counts: Counter[tuple[int, str]] = Counter()
    for result in results:
        counts.update((int(r.question), r.status.value) for r in result.rows)
    with_rows = [r for r in results if r.rows]
    out = [
        f"{len(results)} projects: {len(with_rows)} with contract rows, "
        f"{len(results) - len(with_rows)} without"
    ]
    out.append(f"{'question':<28}" + "".join(f"{s:>9}" for s in STATUSES))
    for q in Question:
        label = f"Q{int(q)} {q.name.lower()}"
        out.append(f"{label:<28}" + "".join(f"{counts[(int(q), s)]:>9}" for s in STATUSES))
    out.append("projects without rows, by reason:")
    reasons = Counter(reason_class(r.reason) for r in results if not r.rows)
    out += [f"  {n:>4}  {reason}" for reason, n in sorted(reasons.items())]
    out += [f"  {r.name}: {r.reason}" for r in results if not r.rows]
    return out


@dataclass(frozen=True, order=True)
class Mutation:
    """One injected drift: rename or remove ``name`` on ``file:line`` of a project."""

    kind: str  # producer / consumer / mock
    file: str
    line: int
    name: str
    action: str  # rename / remove


def _leaf(path: str) -> str:
    parts = [p for p in re.split(r"[.\[\]*$]+", path) if p and not p.isdigit()]
    return parts[-1] if parts else ""


def mutation_sites(result: Result, most: int) -> list[Mutation]:
    """The sides of the project's rows as mutation sites, sorted, ``most`` per kind."""
    sites: dict[str, set[tuple[str, int, str]]] = {k: set() for k in KINDS}
    for row in result.rows:
        if row.status is not Status.PASS:
            continue  # drift is only detectable across a boundary the tool resolved
        mocked = row.question is Question.MOCK_DRIFT and row.location is not None
        if mocked and row.producer is not None:
            sites["mock"].add((row.location.file, row.location.line, _leaf(row.producer.path)))
        elif row.producer is not None:
            sites["producer"].add((row.producer.file, row.producer.line, _leaf(row.producer.path)))
        if row.consumer is not None and not mocked:
            sites["consumer"].add((row.consumer.file, row.consumer.line, _leaf(row.consumer.path)))
    out: list[Mutation] = []
    for kind in KINDS:
        chosen = sorted(s for s in sites[kind] if s[2])[:most]
        for file, line, name in chosen:
            action = "remove" if kind != "consumer" and (len(out) % 2) else "rename"
            out.append(Mutation(kind, file, line, name, action))
    return out


_PAIR = r"""^(\s*)["']?{name}["']?\s*[:=]\s*[^{{}}\[\]]*?,\s*$"""


def mutate_text(text: str, mutation: Mutation) -> str | None:
    """``text`` with the mutation applied on its line, or None when the line does not
    hold the field (or, for a removal, not as a one-line pair ending in a comma)."""
    lines = text.split("\n")
    if not 0 < mutation.line <= len(lines):
        return None
    line = lines[mutation.line - 1]
    name = re.escape(mutation.name)
    if mutation.action == "remove":
        found = re.match(_PAIR.format(name=name), line)
        if found is None:
            return None
        lines[mutation.line - 1] = found.group(1)
    else:
        found = list(re.finditer(rf"(?<![\w$]){name}(?![\w])", line))
        if not found:
            return None
        # A read is the value of its line ('"sum.$": "$.Payload.sum"': the last
        # spelling); a written field is its key (the first).
        hit = found[-1] if mutation.kind == "consumer" else found[0]
        renamed = mutation.name + RENAMED
        lines[mutation.line - 1] = line[: hit.start()] + renamed + line[hit.end() :]
    return "\n".join(lines)


def _keys(fails: list[Finding]) -> set[tuple[str, str, int]]:
    return {(f.kind, f.file, f.line) for f in fails}


def run_mutations(
    source: Path, work: Path, result: Result, most: int
) -> list[tuple[Mutation, str]]:
    """Each mutation with its outcome: ``caught``, ``missed`` or ``no site``."""
    before = _keys(result.fails)
    out: list[tuple[Mutation, str]] = []
    for mutation in mutation_sites(result, most):
        target = source / mutation.file
        try:
            text = target.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            out.append((mutation, "no site"))
            continue
        changed = mutate_text(text, mutation)
        if changed is None and mutation.action == "remove":
            mutation = Mutation(
                mutation.kind, mutation.file, mutation.line, mutation.name, "rename"
            )
            changed = mutate_text(text, mutation)
        if changed is None:
            out.append((mutation, "no site"))
            continue
        copy = work / "mutant-src"
        if copy.exists():
            shutil.rmtree(copy)
        shutil.copytree(source, copy, ignore=_ignore, symlinks=True)
        (copy / mutation.file).write_text(changed, encoding="utf-8")
        after = run_project(copy, work, result.name)
        out.append((mutation, "caught" if _keys(after.fails) - before else "missed"))
    return out


def mutation_summary(outcomes: list[tuple[str, Mutation, str]]) -> list[str]:
    """Catch rate per kind (and action), then every mutation not caught."""
    out = [f"{'mutation':<20}{'injected':>9}{'caught':>8}{'rate':>8}{'no site':>9}"]
    groups = sorted({(m.kind, m.action) for _, m, _ in outcomes})
    for key in [*groups, ("all", "")]:
        picked = [o for _, m, o in outcomes if key[0] == "all" or (m.kind, m.action) == key]
        injected = sum(o != "no site" for o in picked)
        caught = picked.count("caught")
        rate = f"{caught / injected:.3f}" if injected else "-"
        label = f"{key[0]} {key[1]}".strip()
        out.append(f"{label:<20}{injected:>9}{caught:>8}{rate:>8}{picked.count('no site'):>9}")
    for name, m, outcome in outcomes:
        if outcome == "missed":
            out.append(f"missed\t{name}\t{m.kind} {m.action}\t{m.file}:{m.line}\t{m.name}")
    return out


def main(folder: Path, *, mutate: bool, most: int) -> int:
    """Answer every project of ``folder``; print the counts, the sheet, the mutations."""
    precision = _load("precision")
    projects = find_projects(folder)
    results: list[Result] = []
    outcomes: list[tuple[str, Mutation, str]] = []
    with tempfile.TemporaryDirectory(prefix="bench-folders-") as tmp:
        work = Path(tmp)
        for project in projects:
            name = project.relative_to(folder).as_posix() if project != folder else folder.name
            try:
                result = run_project(project, work, name)
            except (OSError, subprocess.CalledProcessError) as err:
                result = Result(name, [], [], reason=f"not analysed: {err}")
            results.append(result)
            if mutate and result.rows:
                outcomes += [(name, m, o) for m, o in run_mutations(project, work, result, most)]
    print("\n".join(summary(results)))
    print("\n" + "\t".join(precision.HEADER))
    for result in results:
        for line in sheet_lines(result):
            print(line)
    if mutate:
        print()
        print("\n".join(mutation_summary(outcomes)))
    return 0
