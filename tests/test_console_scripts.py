"""The installed console scripts as real processes: start-up, exit codes, errors on stderr.

Everything else runs the CLIs in-process (``validate`` and ``gate`` in conftest); these few
cases check what only a real process shows: the entry points resolve, the exit code
reaches the shell, and bad input ends as one line on stderr, never a traceback.
"""

from __future__ import annotations

import json

from ralph_validate.core.version import __version__

REQUIREMENTS = "# Requirements\n\n## Requirement 1\n\nThe checker SHALL flag short tables.\n"


def test_version_is_printed_and_exits_0(console_script) -> None:
    done = console_script("ralph-validate", "--version")
    assert (done.returncode, done.stdout, done.stderr) == (0, f"ralph-validate {__version__}\n", "")


def test_validate_then_gate_end_to_end(repo, console_script) -> None:
    repo.commit(
        "rows: spec and a first file",
        {
            "specs/rows/requirements.md": REQUIREMENTS,
            "specs/rows/tasks.md": "- [x] 1. Flag short tables\n- [ ] 2. FINAL gate\n",
            "src/rows.py": "X = 1\n",
        },
    )
    audit = console_script("ralph-validate", "--spec", "rows", "--fail-on", "fail", cwd=repo.root)
    assert audit.returncode == 1, audit.stderr
    assert audit.stderr == ""
    assert "ralph-validate: 0 PASS, 1 FAIL, 0 UNKNOWN" in audit.stdout
    assert (repo.root / "specs/rows/validation-report.md").is_file()
    verdict = console_script("ralph-gate", "--spec", "rows", "--json", cwd=repo.root)
    assert verdict.returncode == 0, verdict.stderr  # the only work task is ticked
    assert json.loads(verdict.stdout)["verdict"] == "COMPLETE-WITH-GAPS"
    assert "- [x] 2. FINAL gate" in (repo.root / "specs/rows/tasks.md").read_text()


def test_bad_input_is_one_line_on_stderr_and_exit_2(tmp_path, console_script) -> None:
    for script in ("ralph-validate", "ralph-gate"):
        done = console_script(script, "--spec", "rows", cwd=tmp_path)  # not a repository
        assert done.returncode == 2, (script, done.stderr)
        assert done.stderr.startswith(f"{script}: error: "), done.stderr
        assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
        assert done.stdout == ""
