"""``ralph-validate``: audit a repository against its spec and write the report (DESIGN §10).

Exit codes: 0 report written; 1 ``--fail-on`` threshold reached; 2 usage or
input error (one line on stderr, nothing written). Subcommands: ``demo``
(build the example repository and run validate + gate on it), ``loop``
(a reference Ralph loop) and ``formats`` (what was read from each spec file).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from ..core.atomic import atomic_write_set
from ..core.errors import InputError
from ..core.inert import inert_text, one_line
from ..core.version import __version__

if TYPE_CHECKING:
    from .report.model import Report

# The pipeline, the renderers and rich are imported by the command that needs them:
# ``--version``, ``--help``, ``rules`` and usage errors answer without loading the
# extractors, the contract checks or their third-party libraries.


def _markdown(report: Report) -> str:
    from .report.markdown import render_markdown

    return render_markdown(report)


def _json(report: Report) -> str:
    from .report.json_report import render_json

    return render_json(report)


def _sarif_with_rules(report: Report) -> str:
    """SARIF whose rule descriptors carry the registry's names, summaries and docs."""
    from .report.sarif import RuleMeta, render_sarif
    from .rules import list_rules, render_doc

    metas = [RuleMeta(r.id, r.kind, r.name, r.summary, render_doc(r)) for r in list_rules()]
    return render_sarif(report, metas)


def _junit(report: Report) -> str:
    from .report.junit import render_junit

    return render_junit(report)


WRITERS: dict[str, tuple[str, Callable[[Report], str]]] = {
    "md": ("validation-report.md", _markdown),
    "json": ("validation-report.json", _json),
    "sarif": ("validation-report.sarif", _sarif_with_rules),
    "junit": ("validation-report.junit.xml", _junit),
}
# Every subcommand, with the line ``--help`` prints for it; ``_dispatch`` answers exactly these.
SUBCOMMANDS: dict[str, str] = {
    "demo": "build an example repository and audit it",
    "loop": "run a reference Ralph loop (see 'ralph-validate loop --help')",
    "formats": "show what was read from each spec file (see 'ralph-validate formats --help')",
    "rules": "list the rules",
    "explain": "print one rule's documentation: 'ralph-validate explain ID'",
}


class UsageError(InputError):
    """A command-line mistake (argparse's own errors end here too)."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(message)


def build_parser() -> argparse.ArgumentParser:
    """The audit's argument parser."""
    width = max(map(len, SUBCOMMANDS))
    p = _Parser(
        prog="ralph-validate",
        description="Audit a repository against its spec; write validation-report.md/.json.",
        epilog="subcommands:\n"
        + "\n".join(f"  {name:<{width}}  {line}" for name, line in SUBCOMMANDS.items()),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--version", action="version", version=f"ralph-validate {__version__}")
    p.add_argument("--repo", type=Path, default=Path("."), help="repository (default: .)")
    p.add_argument("--spec", help="spec NAME (.kiro/specs, specs, .ralph/specs) or PATH")
    p.add_argument("--base", help="BASE revision (default: see the report header's rule)")
    p.add_argument("--include-dirty", action="store_true", help="audit uncommitted changes too")
    p.add_argument("--all", action="store_true", dest="all_files", help="audit every tracked file")
    p.add_argument(
        "--include-vendored",
        action="store_true",
        help="audit vendored and generated files too (node_modules, dist, @generated, ...)",
    )
    p.add_argument("--format", default="md,json", help="md,json,sarif,junit (default: md,json)")
    p.add_argument("--out", type=Path, help="folder for the reports (default: the spec folder)")
    p.add_argument("--fail-on", choices=("fail", "unknown"), help="exit 1 at this status")
    p.add_argument("--jobs", type=int, help="parser processes (default: CPU count)")
    p.add_argument("--no-cache", action="store_true", help="do not read or write the facts cache")
    p.add_argument("--quiet", action="store_true", help="print nothing but errors")
    llm = p.add_mutually_exclusive_group()
    llm.add_argument("--llm", action="store_true", help="fill UNKNOWN traceability cells")
    llm.add_argument("--no-llm", action="store_true", help="no LLM pass (the default)")
    p.add_argument("--llm-replay", action="store_true", help="answer from the LLM cache only")
    p.add_argument("--llm-model", help="model (default: $RALPH_VALIDATE_MODEL or built-in)")
    p.add_argument("--llm-max-cells", type=int, help="ask about at most N cells")
    p.add_argument("--llm-max-tokens", type=int, help="stop asking after N tokens")
    p.add_argument(
        "--llm-time-limit",
        type=float,
        help="seconds all LLM questions of the run may take, waits included (default 600)",
    )
    return p


def parse_formats(text: str) -> list[str]:
    """``md,json`` → ["md", "json"]; an unknown format is a usage error."""
    formats = [f.strip() for f in text.split(",") if f.strip()]
    unknown = [f for f in formats if f not in WRITERS]
    if unknown or not formats:
        raise UsageError(
            f"unknown format '{unknown[0] if unknown else text}' (available: {', '.join(WRITERS)})"
        )
    return list(dict.fromkeys(formats))


def _progress_callback(quiet: bool) -> tuple[Callable[[int, int], None] | None, object]:
    from .pipeline import stderr_is_tty

    if quiet or not stderr_is_tty():
        return None, None
    from rich.progress import Progress

    bar = Progress(transient=True, console=None)
    bar.start()
    task = bar.add_task("parsing", total=None)

    def update(done: int, total: int) -> None:
        bar.update(task, completed=done, total=total)

    return update, bar


def _summary(report: Report, written: list[Path]) -> None:
    """The counts, the first new FAILs and the files written, on stdout. Only the colours
    are markup: a finding's text and a path are printed as they are (``len([x])``,
    ``app/[id]/page.tsx`` would otherwise lose their brackets to rich's markup)."""
    from rich.console import Console
    from rich.markup import escape

    def user(text: object) -> str:  # text the audited repository controls: no markup, inert
        return escape(one_line(str(text)))

    console = Console(highlight=False)
    counts = report.summary()
    console.print(
        f"ralph-validate: [green]{counts['PASS']} PASS[/], [red]{counts['FAIL']} FAIL[/], "
        f"[yellow]{counts['UNKNOWN']} UNKNOWN[/]"
    )
    for name, rows in (
        ("requirements", report.requirements),
        ("contracts", report.contracts),
        ("tests", report.tests),
    ):
        bad = sum(1 for r in rows if r.status.value != "PASS")
        console.print(f"  {name}: {len(rows)} row(s), {bad} not PASS")
    fails = [f for f in report.findings if f.status.value == "FAIL" and not f.pre_existing]
    for finding in fails[:10]:
        console.print(
            f"  [red]FAIL[/] {user(finding.file)}:{finding.line} {finding.kind}: "
            f"{user(finding.message)}",
            markup=True,
            soft_wrap=True,
        )
    for path in written:
        console.print(f"wrote {user(path)}", soft_wrap=True)


def _warn_not_understood(report: Report) -> None:
    """A warning on stderr for each spec file the audit could not read requirements from:
    its row is UNKNOWN, and a user must not miss why."""
    from .rules import rule_named

    kind = rule_named("requirements-not-read").kind
    for row in report.requirements:
        if row.kind == kind:
            warning = one_line(f"{row.file}:{row.line}: {row.reason}")
            print(f"ralph-validate: warning: {warning}", file=sys.stderr)


def audit(argv: Sequence[str]) -> int:
    """Run the audit command; returns the exit code."""
    args = build_parser().parse_args(argv)
    formats = parse_formats(args.format)
    if args.llm_replay and not args.llm:
        raise UsageError("--llm-replay needs --llm")
    if args.llm_time_limit is not None and not args.llm_time_limit > 0:
        raise UsageError("--llm-time-limit must be a number of seconds above 0")
    if args.jobs is not None and args.jobs < 1:
        raise UsageError("--jobs must be at least 1")
    from .pipeline import AuditOptions, default_out, run_audit, threshold_reached

    opts = AuditOptions(
        repo=args.repo,
        spec=args.spec,
        base=args.base,
        include_dirty=args.include_dirty,
        all_files=args.all_files,
        include_vendored=args.include_vendored,
        jobs=args.jobs,
        cache=not args.no_cache,
        llm=args.llm,
        llm_replay=args.llm_replay,
        llm_model=args.llm_model,
        llm_max_cells=args.llm_max_cells,
        llm_max_tokens=args.llm_max_tokens,
        llm_time_limit=args.llm_time_limit,
    )
    update, bar = _progress_callback(args.quiet)
    try:
        report = run_audit(opts, update)
    finally:
        if bar is not None:
            bar.stop()  # type: ignore[attr-defined]
    _warn_not_understood(report)
    from ..core.git import Git

    repo = Git.open(args.repo).root
    out = args.out if args.out is not None else default_out(repo, report)
    out = out if out.is_absolute() else Path.cwd() / out
    rendered = {WRITERS[f][0]: WRITERS[f][1](report) for f in formats}  # all before any write
    try:
        out.mkdir(parents=True, exist_ok=True)
        written = [out / name for name in rendered]
        atomic_write_set({out / name: text.encode("utf-8") for name, text in rendered.items()})
    except OSError as err:
        raise InputError(f"cannot write the report to {out}: {err.strerror}") from None
    if not args.quiet:
        _summary(report, written)
    return 1 if threshold_reached(report, args.fail_on) else 0


def _rules(argv: Sequence[str]) -> int:
    from .rules import explain, list_rules

    if argv and argv[0] == "explain":
        if len(argv) != 2:
            raise UsageError("usage: ralph-validate explain RULE_ID")
        print(explain(argv[1]), end="")
        return 0
    for rule in list_rules():
        print(f"{rule.id}  {rule.kind:<26} {rule.name:<26} {rule.summary}")
    return 0


def _demo(argv: Sequence[str]) -> int:
    from .demo import run_demo

    return run_demo(argv[1:])


def _formats(argv: Sequence[str]) -> int:
    from . import formats_command

    parser = _Parser(prog="ralph-validate formats", description="What each spec reads as.")
    formats_command.add_arguments(parser)
    return formats_command.run_formats(parser.parse_args(argv[1:]))


def _loop(argv: Sequence[str]) -> int:
    from . import loop

    parser = _Parser(prog="ralph-validate loop", description="A reference Ralph loop.")
    loop.add_arguments(parser)
    return loop.run_loop(loop.options_from(parser.parse_args(argv[1:])))


# The handler of each subcommand of SUBCOMMANDS (a test holds the two to the same names).
HANDLERS: dict[str, Callable[[Sequence[str]], int]] = {
    "demo": _demo,
    "loop": _loop,
    "formats": _formats,
    "rules": _rules,
    "explain": _rules,
}


def _dispatch(argv: Sequence[str]) -> int:
    handler = HANDLERS.get(argv[0]) if argv else None
    return audit(argv) if handler is None else handler(argv)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point: exit codes 0/1/2, errors as one line on stderr, never a traceback."""
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        return _dispatch(args)
    except InputError as err:
        print(f"ralph-validate: error: {inert_text(err.message)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("ralph-validate: interrupted", file=sys.stderr)
        return 130
    except Exception as err:  # the promise of exit 2 without a traceback holds for bugs too
        print(
            f"ralph-validate: error: internal error ({type(err).__name__}: {one_line(str(err))}); "
            "please report it",
            file=sys.stderr,
        )
        if os.environ.get("RALPH_VALIDATE_DEBUG"):
            raise
        return 2


if __name__ == "__main__":
    sys.exit(main())
