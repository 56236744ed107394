"""The contract engine stays in small modules, each with one job."""

from __future__ import annotations

from pathlib import Path

CONTRACTS = Path(__file__).resolve().parents[3] / "validator" / "contracts"
MAX_LINES = 500


def test_no_contract_module_is_longer_than_500_lines() -> None:
    lengths = {
        p.name: len(p.read_text(encoding="utf-8").splitlines()) for p in CONTRACTS.glob("*.py")
    }
    assert {name: n for name, n in lengths.items() if n > MAX_LINES} == {}
