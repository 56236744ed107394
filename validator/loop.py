"""``ralph-validate loop``: a reference Ralph loop for people who have none.

Each iteration runs the agent command as a fresh process with the prompt on
its standard input (plus ``.ralph/feedback.md`` when the last claim of
completion was refused), reads the promise tags it printed, and when it
claims COMPLETE runs ``ralph-validate`` and ``ralph-gate``. The gate decides;
its reason for not completing becomes the next iteration's feedback.

Exit codes (the Ralph convention): 0 COMPLETE, 1 MAX_ITERATIONS, 2 BLOCKED
(the agent's tag, the gate's stall cap, or another loop holding the lock),
3 DECIDE, 4 the agent command could not start, 130 interrupted (Ctrl-C).

State, all under ``.ralph/``: ``events.log`` (append-only, one line per event:
ISO time, event name, ``key=value`` pairs), ``feedback.md`` (written
atomically), ``loop.lock`` (held for the loop's lifetime).
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import IO

from ..core.atomic import atomic_write_text
from ..core.errors import InputError
from ..gate.completion import (
    AlwaysComplete,
    CompletionCheck,
    LoopState,
    TerminationPolicy,
    ValidationGateCheck,
)
from ..gate.promise_tags import EXIT_MAX_ITERATIONS

EXIT_CANNOT_START = 4
EXIT_INTERRUPTED = 130
FEEDBACK = Path(".ralph") / "feedback.md"
EVENTS = Path(".ralph") / "events.log"
LOCK = Path(".ralph") / "loop.lock"


@dataclass(frozen=True)
class LoopOptions:
    """What ``ralph-validate loop`` was asked to do."""

    repo: Path
    prompt: Path
    agent: Sequence[str]
    max_iterations: int
    spec: str | None = None
    strict: bool = False
    agent_timeout: float | None = None


def _quote(value: object) -> str:
    text = " ".join(str(value).split())
    return f'"{text}"' if (" " in text or not text) else text


class EventLog:
    """Append-only ``.ralph/events.log``: one line per event, flushed as written."""

    def __init__(self, repo: Path) -> None:
        self.path = repo / EVENTS
        self.path.parent.mkdir(parents=True, exist_ok=True)

    def write(self, event: str, **fields: object) -> None:
        """Append ``<ISO time> <EVENT> k=v ...``."""
        stamp = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
        pairs = " ".join(f"{k}={_quote(v)}" for k, v in fields.items())
        line = f"{stamp} {event}" + (f" {pairs}" if pairs else "") + "\n"
        with open(self.path, "a", encoding="utf-8") as handle:
            handle.write(line)
            handle.flush()
            os.fsync(handle.fileno())


@contextlib.contextmanager
def loop_lock(repo: Path) -> Iterator[IO[str]]:
    """Hold ``.ralph/loop.lock`` for the loop's lifetime; a second loop is refused."""
    path = repo / LOCK
    path.parent.mkdir(parents=True, exist_ok=True)
    handle = open(path, "a+", encoding="utf-8")  # noqa: SIM115 - held across the loop
    try:
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise InputError(f"another loop is running in {repo} (it holds {LOCK})") from None
        handle.seek(0)
        handle.truncate()
        handle.write(f"{os.getpid()}\n")
        handle.flush()
        yield handle
    finally:
        handle.close()


def _prompt_text(opts: LoopOptions) -> str:
    try:
        text = opts.prompt.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise InputError(f"cannot read the prompt {opts.prompt}: {err}") from None
    feedback = opts.repo / FEEDBACK
    if feedback.is_file():
        text += "\n\n" + feedback.read_text(encoding="utf-8")
    return text


def _run_agent(opts: LoopOptions, prompt: str) -> tuple[int, str]:
    """Run the agent once; its output is echoed and returned. Raises OSError if it cannot start."""
    process = subprocess.Popen(
        list(opts.agent),
        cwd=opts.repo,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,  # Ctrl-C reaches the loop, which ends the agent itself
    )
    try:
        output, _ = process.communicate(prompt, timeout=opts.agent_timeout)
    except BaseException:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
        process.wait()
        raise
    sys.stdout.write(output)
    sys.stdout.flush()
    return process.returncode, output


def _completion(opts: LoopOptions) -> CompletionCheck:
    if opts.spec is None:
        return AlwaysComplete()
    return ValidationGateCheck(opts.spec, strict=opts.strict)


def run_loop(opts: LoopOptions) -> int:
    """Run the loop to its end and return the Ralph exit code."""
    if opts.max_iterations < 1:
        raise InputError("--max-iterations must be at least 1")
    if not opts.agent:
        raise InputError("no agent command given (put it after --)")
    with loop_lock(opts.repo):
        events = EventLog(opts.repo)
        # The loop itself counts iterations; the policy judges tags and completion.
        policy = TerminationPolicy(_completion(opts))
        started = time.monotonic()
        events.write(
            "LOOP_START",
            spec=opts.spec or "-",
            max_iterations=opts.max_iterations,
            agent=" ".join(opts.agent),
        )
        try:
            for iteration in range(1, opts.max_iterations + 1):
                prompt = _prompt_text(opts)
                events.write("ITERATION_START", iteration=iteration)
                try:
                    code, output = _run_agent(opts, prompt)
                except OSError as err:
                    events.write("AGENT_START_FAILED", iteration=iteration, error=err.strerror)
                    print(
                        f"ralph-validate loop: cannot start {opts.agent[0]}: {err.strerror}",
                        file=sys.stderr,
                    )
                    return EXIT_CANNOT_START
                except subprocess.TimeoutExpired:
                    events.write("AGENT_TIMEOUT", iteration=iteration)
                    code, output = -1, ""
                events.write("ITERATION_END", iteration=iteration, agent_exit=code)
                state = LoopState(
                    repo=opts.repo,
                    iteration=iteration,
                    output=output,
                    elapsed_seconds=time.monotonic() - started,
                )
                decision = policy.decide(state)
                if decision.reason and not decision.stop:
                    atomic_write_text(
                        opts.repo / FEEDBACK,
                        "# Completion was refused\n\n" + decision.reason.rstrip() + "\n",
                    )
                    events.write("COMPLETION_REFUSED", iteration=iteration, reason=decision.reason)
                if decision.stop:
                    events.write(
                        "LOOP_END",
                        verdict=decision.verdict,
                        exit_code=decision.exit_code,
                        reason=decision.reason or "-",
                    )
                    if decision.verdict == "COMPLETE":
                        (opts.repo / FEEDBACK).unlink(missing_ok=True)
                    print(
                        f"ralph-validate loop: {decision.verdict}: {decision.reason}",
                        file=sys.stderr,
                    )
                    return int(decision.exit_code if decision.exit_code is not None else 1)
        except KeyboardInterrupt:
            events.write("LOOP_INTERRUPTED")
            print("ralph-validate loop: interrupted", file=sys.stderr)
            return EXIT_INTERRUPTED
        events.write("LOOP_END", verdict="MAX_ITERATIONS", exit_code=EXIT_MAX_ITERATIONS)
        print(
            f"ralph-validate loop: MAX_ITERATIONS after {opts.max_iterations} iteration(s)",
            file=sys.stderr,
        )
        return EXIT_MAX_ITERATIONS


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The ``loop`` subcommand's arguments."""
    parser.add_argument("--repo", type=Path, default=Path("."), help="repository (default: .)")
    parser.add_argument(
        "--prompt", type=Path, required=True, help="the prompt file, e.g. PROMPT.md"
    )
    parser.add_argument("--max-iterations", type=int, required=True, help="iteration budget")
    parser.add_argument("--spec", help="spec to validate and gate on COMPLETE (default: accept)")
    parser.add_argument("--strict", action="store_true", help="gaps in the report refuse COMPLETE")
    parser.add_argument("--agent-timeout", type=float, help="seconds one agent run may take")
    parser.add_argument("agent", nargs=argparse.REMAINDER, help="-- then the agent command")


def options_from(args: argparse.Namespace) -> LoopOptions:
    """LoopOptions from parsed arguments (the agent command follows ``--``)."""
    agent = list(args.agent)
    if agent and agent[0] == "--":
        agent = agent[1:]
    return LoopOptions(
        repo=args.repo.resolve(),
        prompt=args.prompt if args.prompt.is_absolute() else Path.cwd() / args.prompt,
        agent=agent,
        max_iterations=args.max_iterations,
        spec=args.spec,
        strict=args.strict,
        agent_timeout=args.agent_timeout,
    )


def main(argv: Sequence[str] | None = None) -> None:
    """Entry point when the loop is run on its own."""
    parser = argparse.ArgumentParser(prog="ralph-validate loop", description=__doc__.split("\n")[0])
    add_arguments(parser)
    args = parser.parse_args(argv)
    try:
        code = run_loop(options_from(args))
    except InputError as err:
        print(f"ralph-validate loop: error: {err.message}", file=sys.stderr)
        code = 2
    sys.exit(code)
