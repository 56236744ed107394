"""bench/contract_folders.py (``bench/contracts.py --folder``): a folder of projects split
into projects, each answered by the real contract check, the projects without rows with
why, the FAIL labelling sheet, and injected drift counted as caught or missed."""

from __future__ import annotations

import importlib.util
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CASE = ROOT / "fixtures" / "contracts" / "asl-yaml-bare-arn"


def _module(name: str):
    spec = importlib.util.spec_from_file_location(
        f"test_bench_{name}", ROOT / "bench" / f"{name}.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


folders = _module("contract_folders")
contracts = _module("contracts")

BUCKET_ONLY = """AWSTemplateFormatVersion: "2010-09-09"
Resources:
  Uploads:
    Type: AWS::S3::Bucket
"""

EXTERNAL_LAMBDA = """AWSTemplateFormatVersion: "2010-09-09"
Transform: AWS::Serverless-2016-10-31
Resources:
  Machine:
    Type: AWS::Serverless::StateMachine
    Properties:
      DefinitionUri: flow.asl.json
"""

EXTERNAL_ASL = """{
  "StartAt": "Score",
  "States": {
    "Score": {
      "Type": "Task",
      "Resource": "arn:aws:states:::lambda:invoke",
      "Parameters": {
        "FunctionName": "arn:aws:lambda:eu-west-1:123456789012:function:score",
        "Payload.$": "$"
      },
      "End": true
    }
  }
}
"""


WAIT_ONLY = """{
  "StartAt": "Pause",
  "States": {
    "Pause": {"Type": "Wait", "Seconds": 5, "Next": "Done"},
    "Done": {"Type": "Succeed"}
  }
}
"""


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("corpus")
    shutil.copytree(CASE / "fixed", root / "parcel-fixed")
    shutil.copytree(CASE / "buggy", root / "group" / "parcel-buggy")
    (root / "bucket").mkdir()
    (root / "bucket" / "template.yaml").write_text(BUCKET_ONLY, encoding="utf-8")
    (root / "external" / "node_modules" / "x").mkdir(parents=True)
    (root / "external" / "node_modules" / "x" / "template.yaml").write_text(BUCKET_ONLY)
    (root / "external" / "template.yaml").write_text(EXTERNAL_LAMBDA, encoding="utf-8")
    (root / "external" / "flow.asl.json").write_text(EXTERNAL_ASL, encoding="utf-8")
    (root / "pause").mkdir()
    (root / "pause" / "wait.asl.json").write_text(WAIT_ONLY, encoding="utf-8")
    (root / "notes").mkdir()
    (root / "notes" / "README.md").write_text("# no project here\n", encoding="utf-8")
    return root


def test_projects_are_the_outermost_marker_folders(corpus: Path) -> None:
    found = [p.relative_to(corpus).as_posix() for p in folders.find_projects(corpus)]
    # parcel-*/statemachine holds an ASL file but belongs to its project; node_modules
    # is skipped; a folder without a marker is no project.
    assert found == ["bucket", "external", "group/parcel-buggy", "parcel-fixed", "pause"]


def test_folder_mode_prints_rows_reasons_and_the_fail_sheet(
    corpus: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    contracts.main(["--folder", str(corpus)])
    out = capsys.readouterr().out
    # The Lambda of 'external' is not in the project: its row is an UNKNOWN naming it.
    assert out.startswith("5 projects: 3 with contract rows, 2 without\n")
    assert "  bucket: no Lambda and no state machine\n" in out
    assert (
        "  pause: state machine wait (wait.asl.json): 0 Lambda task(s), "
        "0 resolved to code, 0 service task(s)\n"
    ) in out
    assert "     1  state machine(s) with no Lambda task\n" in out
    assert "     1  no Lambda and no state machine\n" in out
    sheet = [line.split("\t") for line in out.splitlines() if line.count("\t") == 5]
    fails = [(c[0], c[1], c[3]) for c in sheet[1:]]
    # The buggy variant's three expected FAILs, and none from the fixed one.
    assert fails == [
        ("group/parcel-buggy", "functions/check/app.py:10", "contract.unconsumed-field"),
        ("group/parcel-buggy", "statemachine/parcel.asl.yaml:18", "contract.missing-field"),
        ("group/parcel-buggy", "statemachine/test/MockConfigFile.json:16", "contract.mock-drift"),
    ]
    q2 = next(line for line in out.splitlines() if line.startswith("Q2 missing_field"))
    assert int(q2.split()[-2]) == 1  # one Q2 FAIL over the corpus


def test_labelled_sheet_gives_the_precision(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sheet = tmp_path / "sheet.tsv"
    sheet.write_text(
        "repo\tfile:line\trule\tkind\tmessage\tlabel\n"
        "p\ta.py:1\tCT002\tcontract.missing-field\tm\ttrue\n"
        "p\tb.py:2\tCT002\tcontract.missing-field\tm\tfalse\n"
        "p\tc.py:3\tCT003\tcontract.unconsumed-field\tm\t?\n",
        encoding="utf-8",
    )
    contracts.main(["--labels", str(sheet)])
    out = capsys.readouterr().out
    assert "contract.missing-field                2     1      0.500" in out
    assert "unlabelled: 1" in out


def test_mutations_rename_or_remove_on_their_line_only() -> None:
    text = 'def h(e):\n    return {\n        "zone": z,\n        "carrier": c\n    }\n'
    rename = folders.Mutation("producer", "f.py", 3, "zone", "rename")
    assert folders.mutate_text(text, rename) == text.replace('"zone"', '"zoneDrifted"')
    remove = folders.Mutation("producer", "f.py", 3, "zone", "remove")
    removed = folders.mutate_text(text, remove)
    assert removed is not None and removed.count("\n") == text.count("\n")
    assert "zone" not in removed
    # The last pair has no comma: removing it is not a one-line pair; a name on
    # another line, or only inside a longer word, is no site.
    assert (
        folders.mutate_text(text, folders.Mutation("producer", "f.py", 4, "carrier", "remove"))
        is None
    )
    assert (
        folders.mutate_text(text, folders.Mutation("consumer", "f.py", 2, "zone", "rename")) is None
    )
    asl = '  "sum.$": "$.Payload.sum"\n'
    read = folders.Mutation("consumer", "f.asl.json", 1, "sum", "rename")
    assert folders.mutate_text(asl, read) == '  "sum.$": "$.Payload.sumDrifted"\n'
    written = folders.Mutation("producer", "f.asl.json", 1, "sum", "rename")
    assert folders.mutate_text(asl, written) == '  "sumDrifted.$": "$.Payload.sum"\n'
    word = "x = ozone\n"
    assert (
        folders.mutate_text(word, folders.Mutation("consumer", "f.py", 1, "zone", "rename")) is None
    )


def test_mutation_mode_counts_caught_drift(tmp_path: Path) -> None:
    project = tmp_path / "parcel"
    shutil.copytree(CASE / "fixed", project)
    work = tmp_path / "work"
    work.mkdir()
    result = folders.run_project(project, work, "parcel")
    assert result.rows and not result.fails
    sites = folders.mutation_sites(result, 2)
    assert sites == sorted(sites, key=lambda m: (folders.KINDS.index(m.kind), m.file, m.line))
    assert {m.kind for m in sites} >= {"producer", "consumer"}
    outcomes = folders.run_mutations(project, work, result, 2)
    assert len(outcomes) == len(sites)
    injected = [o for _, o in outcomes if o != "no site"]
    assert injected and injected.count("caught") >= 1
    # The project on disk is untouched by its mutants.
    assert folders.run_project(project, work, "parcel").rows == result.rows
