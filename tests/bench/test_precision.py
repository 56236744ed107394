"""bench/precision.py: FAIL counts per repository and a labelling sheet, then precision."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "bench" / "precision.py"


@pytest.fixture(scope="module")
def precision():
    spec = importlib.util.spec_from_file_location("bench_precision", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_counts_and_sheet_of_two_repositories(repo, tmp_path, precision, capsys) -> None:
    repo.commit(
        "feat: limits",
        {
            "app/limits.py": "MAX_ROWS = 9999\n\n\ndef rows():\n    pass\n",
            "node_modules/x/index.js": "export const MAX_ROWS = 9999;\n",
        },
    )
    assert precision.main(["--all", str(repo.root)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == [
        "repo: 2 FAIL",
        "  PH002  placeholder.stub                  1",
        "  PH003  placeholder.sentinel              1",
        "",
        "repo\tfile:line\trule\tkind\tmessage\tlabel",
        "repo\tapp/limits.py:1\tPH003\tplaceholder.sentinel\tMAX_ROWS = 9999 looks like a"
        " pick-later value\t?",
        "repo\tapp/limits.py:4\tPH002\tplaceholder.stub\trows: body is only `pass`\t?",
    ]


def test_a_labelled_sheet_gives_precision_per_kind(tmp_path, precision, capsys) -> None:
    sheet = tmp_path / "sheet.tsv"
    sheet.write_text(
        "a\tx.py:1\tPH003\tplaceholder.sentinel\tm\ttrue\n"
        "a\tx.py:2\tPH003\tplaceholder.sentinel\tm\tfalse\n"
        "b\ty.ts:3\tTI007\ttest.no-assert\tm\tTrue\n"
        "b\ty.ts:4\tTI007\ttest.no-assert\tm\t?\n"
    )
    assert precision.main(["--labels", str(sheet)]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "kind                           labelled  true  precision",
        "placeholder.sentinel                  2     1      0.500",
        "test.no-assert                        1     1      1.000",
        "all                                   3     2      0.667",
        "unlabelled: 1",
    ]


def test_bad_input_is_one_line_and_exit_2(tmp_path, precision, capsys) -> None:
    sheet = tmp_path / "sheet.tsv"
    sheet.write_text("only\ttwo\n")
    assert precision.main(["--labels", str(sheet)]) == 2
    assert capsys.readouterr().err == "precision: sheet line 1: expected 6 tab-separated cells\n"
    assert precision.main([str(tmp_path / "missing")]) == 2
    assert capsys.readouterr().err.startswith("precision: ")
