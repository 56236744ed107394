"""The impl family's driver end to end: production files of the change set only, BASE
subtraction, UNKNOWN without a BASE, the tests' answers and the test scripts' environment."""

from __future__ import annotations

import json

from ralph_validate.extractors.runners.view import RevisionView
from ralph_validate.validator.checks.script_env import script_env

SWALLOW = (
    "def load(path):\n"
    "    try:\n"
    "        return open(path).read()\n"
    "    except Exception:\n"
    "        return None\n"
)


def rate_module(variable: str) -> str:
    return (
        "export function rate(x: number): number {\n"
        f"  if (process.env.{variable}) return 1;\n"
        "  return x * 2;\n"
        "}\n"
    )


def impl_findings(repo, validate, *args: str) -> list[tuple[str, str, int, str, bool]]:
    out = repo.root / "out"
    done = validate("--repo", str(repo.root), "--out", str(out), "--format", "json", *args)
    assert done.returncode == 0, done.stderr
    data = json.loads((out / "validation-report.json").read_text())
    return [
        (f["rule"], f["file"], f["line"], f["status"], f["pre_existing"])
        for f in data["findings"]
        if f["kind"].startswith("impl.")
    ]


def test_a_handler_present_at_base_is_pre_existing_and_a_new_one_fails(repo, validate) -> None:
    base = repo.commit("chore: base", {"src/store.py": SWALLOW})
    added = SWALLOW + SWALLOW.replace("def load", "def load_again")
    repo.commit("feat: more loading", {"src/store.py": added})
    assert impl_findings(repo, validate, "--base", base) == [
        ("IM002", "src/store.py", 4, "FAIL", True),
        ("IM002", "src/store.py", 9, "FAIL", False),
    ]


def test_without_a_base_a_swallowing_handler_is_unknown(repo, validate) -> None:
    repo.commit("chore: base", {"src/store.py": SWALLOW})
    found = impl_findings(repo, validate, "--all")
    assert found == [("IM002", "src/store.py", 4, "UNKNOWN", False)]
    data = json.loads((repo.root / "out" / "validation-report.json").read_text())
    message = next(f["message"] for f in data["findings"] if f["rule"] == "IM002")
    assert "no BASE" in message


def test_test_files_are_not_audited(repo, validate) -> None:
    base = repo.commit("chore: base", {"README.md": "# x\n"})
    tests = {
        "tests/helpers.py": SWALLOW,
        "src/cart.test.ts": "export const f = (x) => (typeof jest !== 'undefined' ? 1 : x);\n",
    }
    repo.commit("feat: tests", tests)
    assert impl_findings(repo, validate, "--base", base) == []


def test_an_environment_variable_the_test_script_sets_is_a_runner_probe(repo, validate) -> None:
    base = repo.commit("chore: base", {"README.md": "# x\n"})
    code = rate_module("FAKE_RATES")
    package = '{"name": "x", "scripts": {"test": "FAKE_RATES=1 jest", "start": "PORT=1 node ."}}'
    repo.commit("feat: rates", {"src/rate.ts": code, "package.json": package})
    assert impl_findings(repo, validate, "--base", base) == [
        ("IM001", "src/rate.ts", 2, "FAIL", False)
    ]


def test_an_environment_variable_no_test_script_sets_is_not_a_probe(repo, validate) -> None:
    base = repo.commit("chore: base", {"README.md": "# x\n"})
    code = rate_module("PORT")
    package = '{"name": "x", "scripts": {"test": "jest", "start": "PORT=1 node ."}}'
    repo.commit("feat: rates", {"src/rate.ts": code, "package.json": package})
    assert impl_findings(repo, validate, "--base", base) == []


def test_a_literal_branch_is_reported_only_when_a_test_expects_that_answer(repo, validate) -> None:
    base = repo.commit("chore: base", {"README.md": "# x\n"})
    code = "def cube(n):\n    if n == 37:\n        return 999\n    return n * n * n\n"
    repo.commit("feat: cube", {"src/maths.py": code})
    assert impl_findings(repo, validate, "--base", base) == []
    test = "from maths import cube\n\n\ndef test_cube():\n    assert cube(37) == 999\n"
    repo.commit("test: cube", {"tests/test_maths.py": test})
    assert impl_findings(repo, validate, "--base", base) == [
        ("IM001", "src/maths.py", 2, "FAIL", False)
    ]


def test_script_env_reads_the_assignments_of_test_scripts_only() -> None:
    package = {
        "scripts": {
            "test": "cross-env LEDGER_STUB=1 MODE=ci jest --runInBand",
            "test:e2e": "export E2E_FAKE=yes && playwright test",
            "build": "BUILD_ID=7 tsc",
        }
    }
    view = RevisionView({"package.json": json.dumps(package).encode()})
    assert script_env(view) == ("E2E_FAKE", "LEDGER_STUB", "MODE")


def test_mocks_and_setup_files_beside_the_code_are_test_support(repo, validate) -> None:
    base = repo.commit("chore: base", {"README.md": "# x\n"})
    spy = "jest.spyOn(Date, 'now').mockReturnValue(0);\n"
    repo.commit(
        "feat: clock",
        {
            "src/__mocks__/clock.ts": spy,
            "src/setupTests.ts": spy,
            "jest.setup.js": "process.env.FAKE_CLOCK = '1';\n",
            "src/clock.ts": spy,
            "src/fee.ts": rate_module("FAKE_CLOCK"),
        },
    )
    assert impl_findings(repo, validate, "--base", base) == [
        ("IM001", "src/clock.ts", 1, "FAIL", False),
        ("IM001", "src/fee.ts", 2, "FAIL", False),
    ]
