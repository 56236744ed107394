"""Shared fixtures: real git repositories built in tmp_path, and the CLIs run in-process."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

GIT_ENV = {
    "GIT_AUTHOR_NAME": "Agent",
    "GIT_AUTHOR_EMAIL": "agent@example.invalid",
    "GIT_COMMITTER_NAME": "Agent",
    "GIT_COMMITTER_EMAIL": "agent@example.invalid",
    "GIT_CONFIG_NOSYSTEM": "1",
}


class GitRepo:
    """A real git repository with helpers to write files and commit them."""

    def __init__(self, root: Path) -> None:
        self.root = root
        root.mkdir(parents=True, exist_ok=True)
        self.git("init", "-q", "-b", "main")

    def git(self, *args: str) -> str:
        done = subprocess.run(
            ["git", "-c", "commit.gpgsign=false", *args],
            cwd=self.root,
            env={**os.environ, **GIT_ENV},
            capture_output=True,
            text=True,
            check=True,
        )
        return done.stdout

    def write(self, path: str, content: str | bytes) -> Path:
        target = self.root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            target.write_bytes(content)
        else:
            target.write_bytes(content.encode("utf-8"))
        return target

    def commit(self, message: str, files: dict[str, str | bytes] | None = None) -> str:
        for path, content in (files or {}).items():
            self.write(path, content)
        self.git("add", "-A")
        self.git("commit", "-q", "--allow-empty", "-m", message)
        return self.git("rev-parse", "HEAD").strip()


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--with-slow",
        action="store_true",
        help="also run the tests marked slow (the README's test command and CI do)",
    )
    parser.addoption(
        "--long",
        action="store_true",
        help="run the property tests under the hypothesis profile 'long' (deep fuzzing)",
    )


# Hypothesis settings profiles. "bounded" is what a plain pytest run uses: a property draws
# its examples in well under a second. "long" is for deep runs (`pytest --long`, or
# HYPOTHESIS_PROFILE=long): many more examples of every property; a property with its own
# example count scales it by LONG_FACTOR through mutations.examples(). Neither has a
# deadline: a damaged input that takes long is the bug a property looks for, the contract
# (never a hang) is held by the tool's own bounds, not by hypothesis' timer.
PROFILE_EXAMPLES = {"bounded": 100, "long": 5_000}
for _name, _count in PROFILE_EXAMPLES.items():
    settings.register_profile(
        _name,
        max_examples=_count,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


def pytest_configure(config: pytest.Config) -> None:
    """Load the hypothesis profile: --long, else HYPOTHESIS_PROFILE, else "bounded"; an
    explicit --hypothesis-profile of hypothesis' own plugin wins over both."""
    if config.getoption("hypothesis_profile", default=None):
        return
    name = "long" if config.getoption("--long") else os.environ.get("HYPOTHESIS_PROFILE")
    if name not in PROFILE_EXAMPLES:
        name = "bounded"
    settings.load_profile(name)


# The classes of bad input, fault and forgery docs/reliability.md counts, and the outcomes a
# test of one may prove. A marker naming anything else is a typo that would drop the test
# from the table, so collection refuses it.
RELIABILITY_CLASSES = (
    "forged evidence",
    "false COMPLETE",
    "lost or corrupted data",
    "crash or hang",
    "hostile repository",
    "fuzzed input",
)
RELIABILITY_OUTCOMES = ("clear error", "UNKNOWN", "refused", "survived", "preserved")


def _check_reliability_markers(items: list[pytest.Item]) -> None:
    for item in items:
        for marker in item.iter_markers("reliability"):
            cls, outcome = marker.kwargs.get("cls"), marker.kwargs.get("outcome")
            if cls not in RELIABILITY_CLASSES or outcome not in RELIABILITY_OUTCOMES:
                raise pytest.UsageError(
                    f"{item.nodeid}: reliability marker needs cls in {RELIABILITY_CLASSES} "
                    f"and outcome in {RELIABILITY_OUTCOMES}, got {marker.kwargs!r}"
                )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Reliability markers are checked; tests marked slow are left out of a plain ``pytest``
    run, unless --with-slow."""
    _check_reliability_markers(items)
    if config.getoption("--with-slow"):
        return
    slow = [item for item in items if item.get_closest_marker("slow")]
    if slow:
        config.hook.pytest_deselected(items=slow)
        items[:] = [item for item in items if not item.get_closest_marker("slow")]


@pytest.fixture(scope="session", autouse=True)
def facts_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """One facts cache for the whole run, outside the user's real cache folder; the CLI
    subprocesses inherit it. Under xdist every worker of the run shares it (its entries are
    written atomically and keyed by content), so a file one worker parsed is not parsed
    again by the other."""
    if os.environ.get("PYTEST_XDIST_WORKER"):
        folder = tmp_path_factory.getbasetemp().parent / "facts-cache"
        folder.mkdir(exist_ok=True)
    else:
        folder = tmp_path_factory.mktemp("facts-cache")
    previous = os.environ.get("RALPH_VALIDATE_CACHE")
    os.environ["RALPH_VALIDATE_CACHE"] = str(folder)
    yield folder
    if previous is None:
        os.environ.pop("RALPH_VALIDATE_CACHE", None)
    else:
        os.environ["RALPH_VALIDATE_CACHE"] = previous


@pytest.fixture
def repo(tmp_path: Path) -> GitRepo:
    """An empty git repository on branch main."""
    return GitRepo(tmp_path / "repo")


Runner = Callable[..., subprocess.CompletedProcess[str]]


class InProcessRunner:
    """A CLI's ``main(argv)`` called in this process, with the result shape of a subprocess.

    What a real process would start with fresh is saved and restored around each call: the
    working directory, the environment, ``sys.argv``; stdout and stderr are captured at the
    file-descriptor level, so output from child processes is caught as a pipe would."""

    def __init__(self, prog: str, main: Callable[[list[str]], int], capfd: pytest.CaptureFixture):
        self.prog = prog
        self.main = main
        self.capfd = capfd

    def __call__(self, *args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
        argv = [str(a) for a in args]
        saved_cwd, saved_env, saved_argv = os.getcwd(), dict(os.environ), sys.argv
        self.capfd.readouterr()  # only this call's output belongs to its result
        try:
            if cwd is not None:
                os.chdir(cwd)
            sys.argv = [self.prog, *argv]
            try:
                code = self.main(argv)
            except SystemExit as done:  # argparse's --help and --version exit by themselves
                code = done.code if isinstance(done.code, int) else (0 if done.code is None else 2)
        finally:
            os.chdir(saved_cwd)
            sys.argv = saved_argv
            if dict(os.environ) != saved_env:
                os.environ.clear()
                os.environ.update(saved_env)
            sys.stdout.flush()
            sys.stderr.flush()
            out = self.capfd.readouterr()
        return subprocess.CompletedProcess([self.prog, *argv], code, out.out, out.err)


@pytest.fixture
def validate(capfd: pytest.CaptureFixture) -> Runner:
    """``ralph-validate`` in-process: ``validate(*args, cwd=None)`` -> returncode/stdout/stderr."""
    from ralph_validate.validator.cli import main

    return InProcessRunner("ralph-validate", main, capfd)


@pytest.fixture
def gate(capfd: pytest.CaptureFixture) -> Runner:
    """``ralph-gate`` in-process: ``gate(*args, cwd=None)`` -> returncode, stdout, stderr."""
    from ralph_validate.gate.cli import main

    return InProcessRunner("ralph-gate", main, capfd)


def _run_console_script(
    name: str, *args: str, cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    script = Path(sys.executable).parent / name
    return subprocess.run(
        [str(script), *args], cwd=cwd, capture_output=True, text=True, timeout=300
    )


@pytest.fixture
def console_script() -> Runner:
    """An installed console script as a real process: ``console_script(name, *args, cwd=None)``,
    for the few smoke tests of start-up, exit codes and signals end to end."""
    return _run_console_script
