"""docs/reliability.md cannot go stale silently: its rows are the tests marked reliability
today (checked from collection, without running them), and the script that writes it gives
the same bytes for the same results and reads back every row it wrote."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "scripts" / "reliability.py"


def _script():
    spec = importlib.util.spec_from_file_location("reliability_script", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while being defined
    spec.loader.exec_module(module)
    return module


def test_the_committed_doc_lists_exactly_the_marked_tests() -> None:
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--check"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, (
        f"docs/reliability.md is stale; run python scripts/reliability.py\n{done.stderr}"
    )


def test_rendering_is_deterministic_and_reads_back_every_row() -> None:
    script = _script()
    Case = script.Case
    cases = [
        Case(
            "tests/b.py::test_y[2]",
            "tests/b.py::test_y",
            "crash or hang",
            "survived",
            "Y",
            "passed",
        ),
        Case(
            "tests/b.py::test_y[1]",
            "tests/b.py::test_y",
            "crash or hang",
            "survived",
            "Y",
            "failed",
        ),
        Case(
            "tests/a.py::test_x",
            "tests/a.py::test_x",
            "fuzzed input",
            "survived",
            "X | Z",
            "passed",
            40,
        ),
        Case(
            "tests/a.py::test_w", "tests/a.py::test_w", "forged evidence", "refused", "W", "skipped"
        ),
    ]
    rows = script.rows(cases)
    text = script.render(rows)
    assert text == script.render(script.rows(list(reversed(cases))))
    assert (
        script.documented(text)
        == script.inventory_rows(rows)
        == {
            ("crash or hang", "tests/b.py::test_y", 2, "survived"),
            ("fuzzed input", "tests/a.py::test_x", 1, "survived"),
            ("forged evidence", "tests/a.py::test_w", 1, "refused"),
        }
    )
    assert "| 2 | survived | 1 failed |" in text
    assert "| 1 (40 examples) | survived | passed |" in text
    assert "| 1 | refused | 0 passed, 1 not run |" in text
    assert "| **total** | 3 | 4 | 2 | 40 |" in text
    assert str(ROOT) not in text
