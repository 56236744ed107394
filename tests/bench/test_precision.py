"""bench/precision.py: per repository (each with its own spec) the FAIL counts by kind, the
requirement rows by status and a labelling sheet of FAILs and sampled requirement PASSes;
then, from a labelled sheet or the whole labelled output, the precision."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from ralph_validate.validator.findings import Status
from ralph_validate.validator.report.model import RequirementRow

SCRIPT = Path(__file__).resolve().parents[2] / "bench" / "precision.py"

REQUIREMENTS = """# Requirements Document

### Requirement 1: Cart total

**User Story:** As a buyer, I want the cart total, so that I know what I pay.

#### Acceptance Criteria

1. WHEN items are in the cart THEN the cart SHALL sum their prices

### Requirement 2: Refund

**User Story:** As a buyer, I want a refund, so that I get my money back.

#### Acceptance Criteria

1. WHEN a refund is asked THEN the shop SHALL return the payment

### Requirement 3: Loyalty points

**User Story:** As a buyer, I want loyalty points, so that I come back.

#### Acceptance Criteria

1. WHEN an order is paid THEN the shop SHALL credit loyalty points
"""
TASKS = (
    "- [x] 1. Cart total\n  - _Requirements: 1.1_\n"
    "- [x] 2. Refund\n  - _Requirements: 2.1_\n"
    "- [ ] 3. Loyalty\n  - _Requirements: 3.1_\n"
)
CODE = (
    "def cart_total(prices):\n    return sum(prices)\n\n\n"
    "def refund(payment):\n    return -payment\n"
)
TESTS = (
    "from shop.cart import cart_total, refund\n\n\n"
    "def test_cart_total_sums_prices():\n    assert cart_total([1, 2]) == 3\n\n\n"
    "def test_refund_returns_the_payment():\n    assert refund(5) == -5\n"
)


@pytest.fixture(scope="module")
def precision():
    spec = importlib.util.spec_from_file_location("bench_precision", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _shop(repo) -> None:
    spec = ".kiro/specs/shop"
    repo.commit("chore: spec", {f"{spec}/requirements.md": REQUIREMENTS, f"{spec}/tasks.md": TASKS})
    repo.commit(
        "shop: cart and refund",
        {"shop/cart.py": CODE, "tests/test_cart.py": TESTS, "shop/limits.py": "MAX_ROWS = 9999\n"},
    )


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
        "  requirements: 0 PASS, 0 FAIL, 0 UNKNOWN",
        "",
        "repo\tfile:line\trule\tkind\tmessage\tlabel",
        "repo\tapp/limits.py:1\tPH003\tplaceholder.sentinel\tMAX_ROWS = 9999 looks like a"
        " pick-later value\t?",
        "repo\tapp/limits.py:4\tPH002\tplaceholder.stub\trows: body is only `pass`\t?",
    ]


SHOP_LINES = [
    "shop:shop: 2 FAIL",
    "  PH003  placeholder.sentinel              1",
    "  TR001  trace.unimplemented               1",
    "  requirements: 2 PASS, 1 FAIL, 0 UNKNOWN",
]
SHOP_SHEET = [
    "shop:shop\t.kiro/specs/shop/requirements.md:19\tTR001\ttrace.unimplemented\trequirement 3:"
    " no production code names requirement 3 or matches its terms\t?",
    "shop:shop\tshop/limits.py:1\tPH003\tplaceholder.sentinel\tMAX_ROWS = 9999 looks like a"
    " pick-later value\t?",
]
SHOP_PASSES = [
    "shop:shop\t.kiro/specs/shop/requirements.md:3\tREQ\trequirement.pass\t1 Cart total |"
    " implementation: shop/cart.py:1 | tests: tests/test_cart.py::test_cart_total_sums_prices"
    " | implemented and covered by an honest test\t?",
    "shop:shop\t.kiro/specs/shop/requirements.md:11\tREQ\trequirement.pass\t2 Refund |"
    " implementation: shop/cart.py:5 | tests: tests/test_cart.py::test_refund_returns_the_payment"
    " | implemented and covered by an honest test\t?",
]


def test_each_repository_is_audited_with_its_own_spec(repo, tmp_path, precision, capsys) -> None:
    make = type(repo)  # the conftest's git repository, made twice more
    shop = make(tmp_path / "shop")
    _shop(shop)
    plain = make(tmp_path / "plain")
    plain.commit("init", {"README.md": "plain\n"})
    plain.commit("feat: x", {"app/x.py": "# TODO: later\n"})
    assert precision.main([f"{shop.root}:shop", str(plain.root)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == [
        *SHOP_LINES,
        "plain: 1 FAIL",
        "  PH001  placeholder.todo                  1",
        "  requirements: 0 PASS, 0 FAIL, 0 UNKNOWN",
        "",
        "repo\tfile:line\trule\tkind\tmessage\tlabel",
        "plain\tapp/x.py:1\tPH001\tplaceholder.todo\tTODO left in place: TODO: later\t?",
        *SHOP_SHEET,
        *SHOP_PASSES,
    ]
    listing = tmp_path / "repos.toml"
    listing.write_text('[[repo]]\npath = "shop"\nspec = "shop"\n\n[[repo]]\npath = "plain"\n')
    assert precision.main(["--repos", str(listing)]) == 0
    assert capsys.readouterr().out.splitlines() == out
    assert precision.main(["--sample", "1", f"{shop.root}:shop"]) == 0
    passes = [line for line in capsys.readouterr().out.splitlines() if "\tREQ\t" in line]
    assert len(passes) == 1 and passes[0] in SHOP_PASSES


def _row(number: int, status: Status = Status.PASS) -> RequirementRow:
    return RequirementRow(
        id=str(number),
        title=f"requirement {number}",
        status=status,
        implementation=(),
        tests=(),
        decided_by="analysis",
        reason="",
        file="spec.md",
        line=number,
    )


def test_the_pass_sample_is_bounded_deterministic_and_spread(precision) -> None:
    rows = [_row(n) for n in range(1, 41)] + [_row(41, Status.FAIL)]
    first = precision.sample_passes("a", rows, 5)
    assert first == precision.sample_passes("a", list(reversed(rows)), 5)
    assert len(first) == 5 and all(r.status is Status.PASS for r in first)
    assert [r.line for r in first] == sorted(r.line for r in first)
    assert first != rows[:5]  # not the spec's first requirements
    assert precision.sample_passes("a", rows, 100) == rows[:40]


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
        "all FAIL                              3     2      0.667",
        "unlabelled: 1",
    ]


def test_the_whole_labelled_output_gives_fail_and_requirement_pass_precision(
    tmp_path, precision, capsys
) -> None:
    labelled = [
        SHOP_SHEET[0][:-1] + "true",
        SHOP_SHEET[1][:-1] + "false",
        SHOP_PASSES[0][:-1] + "true",
        SHOP_PASSES[1][:-1] + "false",
    ]
    output = tmp_path / "output.txt"
    head = ["", "repo\tfile:line\trule\tkind\tmessage\tlabel"]
    output.write_text("\n".join([*SHOP_LINES, *head, *labelled]) + "\n")
    assert precision.main(["--labels", str(output)]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "kind                           labelled  true  precision",
        "placeholder.sentinel                  1     0      0.000",
        "trace.unimplemented                   1     1      1.000",
        "all FAIL                              2     1      0.500",
        "requirement PASS                      2     1      0.500",
        "unlabelled: 0",
    ]


def test_a_repository_that_cannot_be_audited_leaves_the_others_on_the_sheet(
    repo, tmp_path, precision, capsys
) -> None:
    make = type(repo)
    shop = make(tmp_path / "shop")
    _shop(shop)
    assert precision.main([f"{shop.root}:nope", f"{shop.root}:shop"]) == 2
    captured = capsys.readouterr()
    assert captured.out.splitlines() == [
        *SHOP_LINES,
        "",
        "repo\tfile:line\trule\tkind\tmessage\tlabel",
        *SHOP_SHEET,
        *SHOP_PASSES,
    ]
    (error,) = captured.err.splitlines()
    assert error.startswith("precision: shop:nope: spec 'nope' not found")
    assert precision.main([f"{shop.root}:shop"]) == 0


def test_bad_input_is_one_line_and_exit_2(tmp_path, precision, capsys) -> None:
    sheet = tmp_path / "sheet.tsv"
    sheet.write_text("only\ttwo\nrepo: 3 FAIL\n")
    assert precision.main(["--labels", str(sheet)]) == 2
    assert capsys.readouterr().err == (
        "precision: no labelling sheet line (six tab-separated cells) in the file\n"
    )
    assert precision.main([str(tmp_path / "missing")]) == 2
    assert capsys.readouterr().err.startswith("precision: ")
    listing = tmp_path / "repos.toml"
    listing.write_text('[[repo]]\npath = "x"\nbranch = "main"\n')
    assert precision.main(["--repos", str(listing)]) == 2
    assert capsys.readouterr().err.endswith("repo 1: unknown key(s) branch\n")
    assert precision.main([]) == 2
    assert "give at least one repository" in capsys.readouterr().err
