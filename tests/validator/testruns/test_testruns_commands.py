"""Test commands: a run made unable to fail, narrowed or removed is found; honest edits are not."""

from __future__ import annotations

from collections.abc import Callable

WEAK = "config-weakened"
TESTS = {
    "tests/test_pay.py": "def test_charge():\n    assert 1\n\ndef test_refund():\n    assert 1\n",
}


def _workflow(
    run: str, extra: str = "", shell: str = "", on: str = "push", job: str = ""
) -> dict[str, str]:
    """A GitHub Actions workflow on ``on`` whose test step runs ``run`` (a literal block)."""
    body = "\n".join("          " + line for line in run.splitlines())
    text = (
        "name: ci\n"
        f"on: {on}\n"
        "jobs:\n"
        "  test:\n"
        "    runs-on: ubuntu-latest\n" + job + "    steps:\n"
        "      - uses: actions/checkout@v4\n"
        "      - name: deps\n"
        "        run: pip install -e . || echo 'optional extras missing'\n"
        "      - name: tests\n"
        + (f"        shell: {shell}\n" if shell else "")
        + extra
        + "        run: |\n"
        + body
        + "\n"
    )
    return {**TESTS, ".github/workflows/ci.yml": text}


STEP = ".github/workflows/ci.yml:jobs.test:tests #pytest.1"


def test_or_true_added_to_the_test_command_is_found(changes: Callable) -> None:
    rows = changes(_workflow("pytest -q"), _workflow("pytest -q || true"))
    assert rows == [(WEAK, "FAIL", STEP, ".github/workflows/ci.yml", 12)]


def test_or_echo_in_a_step_that_runs_no_tests_is_not_a_change(changes: Callable) -> None:
    base = _workflow("pytest -q")
    head = dict(base)
    head[".github/workflows/ci.yml"] = base[".github/workflows/ci.yml"].replace(
        "pip install -e . || echo 'optional extras missing'", "pip install -e .[dev] || echo skip"
    )
    assert changes(base, head) == []


def test_or_exit_one_keeps_the_failure(changes: Callable) -> None:
    assert changes(_workflow("pytest -q"), _workflow("pytest -q || exit 1")) == []


def test_set_plus_e_then_exit_zero_in_a_run_block_is_found(changes: Callable) -> None:
    rows = changes(_workflow("pytest -q"), _workflow("set +e\npytest -q\nexit 0"))
    assert rows == [(WEAK, "FAIL", STEP, ".github/workflows/ci.yml", 13)]


def test_exit_zero_after_the_tests_under_bash_e_still_fails(changes: Callable) -> None:
    assert changes(_workflow("pytest -q"), _workflow("pytest -q\necho done\nexit 0")) == []


def test_pipe_into_tee_without_pipefail_is_found_and_with_bash_pipefail_is_not(
    changes: Callable,
) -> None:
    assert changes(_workflow("pytest -q"), _workflow("pytest -q | tee out.log")) == [
        (WEAK, "FAIL", STEP, ".github/workflows/ci.yml", 12)
    ]
    assert (
        changes(_workflow("pytest -q", shell="bash"), _workflow("pytest -q | tee o", shell="bash"))
        == []
    )


def test_continue_on_error_on_the_test_step_is_found(changes: Callable) -> None:
    rows = changes(
        _workflow("pytest"), _workflow("pytest", extra="        continue-on-error: true\n")
    )
    assert rows == [(WEAK, "FAIL", STEP, ".github/workflows/ci.yml", 11)]


def test_continue_on_error_from_an_expression_is_unknown(changes: Callable) -> None:
    extra = "        continue-on-error: ${{ matrix.experimental }}\n"
    rows = changes(_workflow("pytest"), _workflow("pytest", extra=extra))
    assert rows == [(WEAK, "UNKNOWN", STEP, ".github/workflows/ci.yml", 11)]


def test_continue_on_error_true_on_every_trigger_of_the_workflow_is_found(
    changes: Callable,
) -> None:
    extra = "        continue-on-error: ${{ github.event_name == 'pull_request' }}\n"
    base = _workflow("pytest", on="pull_request")
    head = _workflow("pytest", extra=extra, on="pull_request")
    assert changes(base, head) == [(WEAK, "FAIL", STEP, ".github/workflows/ci.yml", 11)]
    listed = _workflow("pytest", extra=extra, on="[pull_request, pull_request_target]")
    assert changes(_workflow("pytest", on="[pull_request]"), listed) == [
        (WEAK, "UNKNOWN", STEP, ".github/workflows/ci.yml", 11)
    ]


def test_continue_on_error_false_on_every_trigger_keeps_the_step_failing(
    changes: Callable,
) -> None:
    extra = "        continue-on-error: ${{ github.event_name != 'pull_request' }}\n"
    base = _workflow("pytest", on="pull_request")
    assert changes(base, _workflow("pytest", extra=extra, on="pull_request")) == []


def test_continue_on_error_true_on_some_triggers_only_is_unknown(changes: Callable) -> None:
    extra = "        continue-on-error: ${{ github.event_name == 'schedule' }}\n"
    on = "[pull_request, schedule]"
    rows = changes(_workflow("pytest", on=on), _workflow("pytest", extra=extra, on=on))
    assert rows == [(WEAK, "UNKNOWN", STEP, ".github/workflows/ci.yml", 11)]


def test_job_if_never_true_on_the_workflow_triggers_drops_its_tests(changes: Callable) -> None:
    on = "{pull_request: {types: [opened, synchronize]}, workflow_dispatch: null}"
    job = "    if: github.event.action == 'closed'\n"
    rows = changes(_workflow("pytest tests", on=on), _workflow("pytest tests", on=on, job=job))
    assert rows == [
        (WEAK, "FAIL", "tests/test_pay.py::test_charge", ".github/workflows/ci.yml", 6),
        (WEAK, "FAIL", "tests/test_pay.py::test_refund", ".github/workflows/ci.yml", 6),
    ]


def test_if_true_on_some_triggers_keeps_the_tests_running(changes: Callable) -> None:
    on = "[push, pull_request]"
    for condition in ("github.event_name == 'push'", "github.event.action != 'closed'"):
        job = f"    if: {condition}\n"
        assert changes(_workflow("pytest", on=on), _workflow("pytest", on=on, job=job)) == []


def test_if_false_on_the_test_step_drops_its_tests(changes: Callable) -> None:
    base = _workflow("pytest tests")
    head = _workflow("pytest tests", extra="        if: ${{ false }}\n")
    rows = changes(base, head)
    assert rows == [
        (WEAK, "FAIL", "tests/test_pay.py::test_charge", ".github/workflows/ci.yml", 11),
        (WEAK, "FAIL", "tests/test_pay.py::test_refund", ".github/workflows/ci.yml", 11),
    ]


def test_test_step_removed_is_found(changes: Callable) -> None:
    base = _workflow("pytest -q")
    head = {
        **TESTS,
        ".github/workflows/ci.yml": base[".github/workflows/ci.yml"].split("      - name: tests")[
            0
        ],
    }
    assert changes(base, head) == [(WEAK, "FAIL", STEP, ".github/workflows/ci.yml", 12)]


def test_test_step_renamed_is_not_a_change(changes: Callable) -> None:
    base = _workflow("pytest -q")
    head = {
        **TESTS,
        ".github/workflows/ci.yml": base[".github/workflows/ci.yml"].replace(
            "name: tests", "name: unit tests"
        ),
    }
    assert changes(base, head) == []


def test_keyword_filter_in_the_ci_command_drops_the_test_at_the_ci_line(changes: Callable) -> None:
    rows = changes(_workflow("pytest -q"), _workflow('pytest -q -k "not refund"'))
    assert rows == [
        (WEAK, "FAIL", "tests/test_pay.py::test_refund", ".github/workflows/ci.yml", 12)
    ]


def test_collect_only_makes_the_run_unable_to_fail(changes: Callable) -> None:
    rows = changes(_workflow("python -m pytest"), _workflow("python -m pytest --co"))
    assert rows == [(WEAK, "FAIL", STEP, ".github/workflows/ci.yml", 12)]


def test_gitlab_allow_failure_is_found(changes: Callable) -> None:
    job = "unit:\n  stage: test\n  script:\n    - pip install .\n    - pytest -x\n"
    rows = changes(
        {**TESTS, ".gitlab-ci.yml": job},
        {**TESTS, ".gitlab-ci.yml": job + "  allow_failure: true\n"},
    )
    assert rows == [(WEAK, "FAIL", ".gitlab-ci.yml:job unit #pytest.1", ".gitlab-ci.yml", 6)]


def test_gitlab_when_manual_is_found(changes: Callable) -> None:
    job = "unit:\n  script: pytest\n"
    rows = changes(
        {**TESTS, ".gitlab-ci.yml": job}, {**TESTS, ".gitlab-ci.yml": job + "  when: manual\n"}
    )
    assert rows == [(WEAK, "FAIL", ".gitlab-ci.yml:job unit #pytest.1", ".gitlab-ci.yml", 3)]


def test_makefile_recipe_with_ignore_errors_prefix_is_found(changes: Callable) -> None:
    base = {**TESTS, "Makefile": "PYTEST = python -m pytest\n\ntest:\n\t$(PYTEST) tests\n"}
    head = {**TESTS, "Makefile": "PYTEST = python -m pytest\n\ntest:\n\t-$(PYTEST) tests\n"}
    assert changes(base, head) == [(WEAK, "FAIL", "Makefile:target test #pytest.1", "Makefile", 4)]


def test_make_target_called_from_ci_keeps_the_ci_chain(changes: Callable) -> None:
    base = {**_workflow("make test"), "Makefile": "test:\n\tpytest tests\n"}
    head = {**_workflow("make test"), "Makefile": "test:\n\tpytest tests; echo finished\n"}
    assert changes(base, head) == [
        (
            WEAK,
            "FAIL",
            ".github/workflows/ci.yml:jobs.test:tests > Makefile:target test #pytest.1",
            "Makefile",
            2,
        ),
        (WEAK, "FAIL", "Makefile:target test #pytest.1", "Makefile", 2),
    ]


def test_tox_ignore_exit_code_prefix_is_found_and_posargs_default_is_used(
    changes: Callable,
) -> None:
    base = {
        **TESTS,
        "tox.ini": "[tox]\nenv_list = py\n\n[testenv]\ncommands =\n    pytest {posargs:tests}\n",
    }
    head = {
        **TESTS,
        "tox.ini": "[tox]\nenv_list = py\n\n[testenv]\ncommands =\n    - pytest {posargs:tests}\n",
    }
    assert changes(base, head) == [(WEAK, "FAIL", "tox.ini:env (default) #pytest.1", "tox.ini", 6)]


def test_nox_success_codes_accepting_failure_is_found(changes: Callable) -> None:
    base = "import nox\n\n@nox.session\ndef tests(session):\n"
    base += "    session.run('pytest', *session.posargs)\n"
    head = base.replace("*session.posargs)", "*session.posargs, success_codes=[0, 1])")
    rows = changes({**TESTS, "noxfile.py": base}, {**TESTS, "noxfile.py": head})
    assert rows == [(WEAK, "FAIL", "noxfile.py:session tests #pytest.1", "noxfile.py", 5)]


def test_nox_session_filter_from_a_variable_is_unknown(changes: Callable) -> None:
    base = "import nox\n\n@nox.session\ndef tests(session):\n    session.run('pytest')\n"
    head = base.replace("'pytest')", "'pytest', '-k', EXPR)")
    rows = changes({**TESTS, "noxfile.py": base}, {**TESTS, "noxfile.py": head})
    assert {(r[1], r[3]) for r in rows} == {("UNKNOWN", "noxfile.py")}
    assert len(rows) == 2


def test_justfile_recipe_that_ignores_errors_is_found(changes: Callable) -> None:
    base = {**TESTS, "justfile": "test:\n    pytest tests\n"}
    head = {**TESTS, "justfile": "test:\n    -pytest tests\n"}
    assert changes(base, head) == [(WEAK, "FAIL", "justfile:recipe test #pytest.1", "justfile", 2)]


def test_tox_env_chosen_from_ci_passes_posargs(changes: Callable) -> None:
    tox = "[testenv:unit]\ncommands = pytest {posargs}\n"
    workflow = "on: push\njobs:\n  t:\n    runs-on: x\n    steps:\n      - run: tox -e unit%s\n"
    base = {**TESTS, "tox.ini": tox, ".github/workflows/t.yml": workflow % ""}
    head = {**TESTS, "tox.ini": tox, ".github/workflows/t.yml": workflow % " -- -k charge"}
    assert changes(base, head) == [
        (WEAK, "FAIL", "tests/test_pay.py::test_refund", ".github/workflows/t.yml", 6)
    ]


def test_tox_native_toml_in_pyproject_with_ignored_outcome_is_found(changes: Callable) -> None:
    pyproject = (
        "[tool.tox]\n"
        'env_list = ["py"]\n'
        "\n"
        "[tool.tox.env_run_base]\n"
        "%s"
        "commands = [[\n"
        '    "pytest", "-v",\n'
        '    {replace = "posargs", default = ["tests"], extend = true},\n'
        "]]\n"
    )
    base = {**TESTS, "pyproject.toml": pyproject % ""}
    head = {**TESTS, "pyproject.toml": pyproject % "ignore_outcome = true\n"}
    assert changes(base, head) == [
        (WEAK, "FAIL", "pyproject.toml:env (default) #pytest.1", "pyproject.toml", 5)
    ]


def test_a_workflow_that_no_longer_parses_is_unknown_not_removed(changes: Callable) -> None:
    base = _workflow("pytest -q")
    head = {**TESTS, ".github/workflows/ci.yml": base[".github/workflows/ci.yml"] + "  bad: [\n"}
    assert changes(base, head) == [(WEAK, "UNKNOWN", STEP, ".github/workflows/ci.yml", 1)]


def test_an_expression_with_operators_in_a_workflow_is_not_the_shells(changes: Callable) -> None:
    tests = {"tests/test_a.py": "def test_a():\n    assert 1\n"}
    workflow = (
        "on: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n"
        "      - run: tox run -e ${{ matrix.tox || format('py{0}', matrix.python) }}\n"
    )
    tox = "[tox]\nenvlist = py\n\n[testenv]\ncommands = pytest\n"
    base = {**tests, "tox.ini": tox, ".github/workflows/ci.yml": workflow.replace("run -e", "-e")}
    head = {**tests, "tox.ini": tox, ".github/workflows/ci.yml": workflow}
    assert changes(base, head) == []
    masked = workflow.replace("}}\n", "}} || true\n")
    assert [c[:2] for c in changes(base, {**head, ".github/workflows/ci.yml": masked})] == [
        ("config-weakened", "FAIL")
    ]


def test_a_make_target_removed_while_tox_still_runs_the_suite_is_no_change(
    changes: Callable,
) -> None:
    tests = {"tests/test_a.py": "def test_a():\n    assert 1\n"}
    tox = "[tox]\nenvlist = py\n\n[testenv]\ncommands = pytest tests\n"
    base = {**tests, "tox.ini": tox, "Makefile": "test:\n\tpytest\n"}
    assert changes(base, {**tests, "tox.ini": tox}) == []
    narrowed = tox.replace("pytest tests", "pytest tests -k nothing")
    assert ("config-weakened", "FAIL", "Makefile:target test #pytest.1", "Makefile", 2) in (
        changes(base, {**tests, "tox.ini": narrowed})
    )


def test_tox_ini_moved_into_pyproject_while_a_test_is_deleted_reports_only_the_test(
    changes: Callable,
) -> None:
    tests = {
        "tests/test_a.py": "def test_a():\n    assert 1\n",
        "tests/test_b.py": "def test_b():\n    assert 2\n",
    }
    tox_ini = "[tox]\nenvlist = py\n\n[testenv]\ncommands = pytest -v {posargs}\n"
    pyproject = (
        "[tool.tox]\n"
        'env_list = ["py"]\n'
        "\n"
        "[tool.tox.env_run_base]\n"
        'commands = [["pytest", "-v", {replace = "posargs", default = [], extend = true}]]\n'
    )
    base = {**tests, "tox.ini": tox_ini}
    head = {"tests/test_a.py": tests["tests/test_a.py"], "pyproject.toml": pyproject}
    assert changes(base, head) == [
        ("removed", "FAIL", "tests/test_b.py::test_b", "tests/test_b.py", 1)
    ]


def test_tox_ini_deleted_with_a_test_and_no_command_left_is_a_removed_command(
    changes: Callable,
) -> None:
    tests = {
        "tests/test_a.py": "def test_a():\n    assert 1\n",
        "tests/test_b.py": "def test_b():\n    assert 2\n",
    }
    base = {**tests, "tox.ini": "[tox]\nenvlist = py\n\n[testenv]\ncommands = pytest -v\n"}
    assert ("config-weakened", "FAIL", "tox.ini:env (default) #pytest.1", "tox.ini", 5) in (
        changes(base, {"tests/test_a.py": tests["tests/test_a.py"]})
    )
