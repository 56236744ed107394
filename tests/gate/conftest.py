"""The ``shop`` fixture: a spec folder in a real repository, with a report of its HEAD."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from gate_repo import SPEC, report_text


@pytest.fixture
def shop(repo) -> Callable[..., Path]:
    """``shop(tasks, statuses=("PASS",), requirements=..., cell=...)``: commit the spec and a
    source file, write a report of that commit; returns the task file's path."""

    def build(
        tasks: str | bytes,
        statuses: tuple[str, ...] = ("PASS",),
        requirements: str = "# Requirements\n",
        cell: str = "thing",
    ) -> Path:
        head = repo.commit(
            "shop: work",
            {
                f"{SPEC}/tasks.md": tasks,
                f"{SPEC}/requirements.md": requirements,
                "src/cart.py": "TOTAL = 1\n",
            },
        )
        repo.write(f"{SPEC}/validation-report.md", report_text(head, statuses, cell))
        return repo.root / SPEC / "tasks.md"

    return build
