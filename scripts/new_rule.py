"""Write the boilerplate of a new rule of any family: its module, its fixture folder, its
expected file.

    python scripts/new_rule.py ID KIND SNAKE_NAME [--root REPO]
    python scripts/new_rule.py TI099 test.skipped skipped_by_environment
    python scripts/new_rule.py CT099 contract.missing-field nested_default

The module lands in ``validator/rules/<family>/<ID>_<snake_name>.py`` (the family is the
kind's prefix) on the family's base class (``FileRule`` for the per-file families,
``ContractRule``, ``TraceRule``, or a ``Rule`` over the change set or the suppression
sites), with the documentation sections to fill in and no ``detect`` yet: the class stays
abstract, so the registry leaves it out and no audit runs it until its matching logic is
written. The fixture folder ``fixtures/rules/<ID>/`` has the family's shape (a producer and
its reader for a contract rule, a spec under ``.kiro/specs/`` for a trace rule, a declared
scope for a scope rule, a BASE/head pair for a suppression rule) with one annotated
positive and one clean look-alike, on which no rule of today fires, and an empty
``expected.txt``: the harness accepts the folder and reports the positive missed until the
rule works. CONTRIBUTING.md ("Adding a rule") lists the steps after this.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import NamedTuple

from ralph_validate.validator.findings import TABLES
from ralph_validate.validator.rules import list_rules

ROOT = Path(__file__).resolve().parents[1]
RULE_ID = re.compile(r"^[A-Z]{2}\d{3}$")
SNAKE = re.compile(r"^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$")
KIND = re.compile(r"^[a-z]+\.[a-z]+(?:-[a-z]+)*$")

MODULE = '''"""{id} {name}: {why}"""

from __future__ import annotations

{imports}


class {cls}({base}):
    """## What it does
    Finds ... (the shape this rule reports, and the look-alikes it leaves alone).

    ## Why is this bad?
    Explain what goes wrong when this ships.

    ## Example
    ```python
    the code it reports
    ```

    Use instead:
    ```python
    the code it accepts
    ```

    ## How to suppress
    {suppress}
    """

    id = "{id}"
    kind = "{kind}"
    name = "{name}"
    summary = "One sentence: what this rule finds."
{attributes}
{detect}'''

INLINE = "`# ralph-validate: ignore[{id}] <reason>` on the line or the line above."


class Family(NamedTuple):
    """How a family's rule is written: its base class and imports, its class attributes
    beyond the common ones, the ``detect`` it must gain, and its fixture files."""

    imports: str
    base: str
    attributes: str
    detect: str
    fixture: dict[str, str]
    suppress: str = INLINE


_FILE_DETECT = """\
    # ``def detect(self, facts: FileFacts, context: FileContext) -> Iterator[Finding]``
    # holds the matching logic (facts: ``extractors.facts``; findings only through
    # ``self.finding``); until it is written the class is abstract and the registry skips it.
"""

_TEST_SAMPLE = """def test_{snake}_fires():
    # ruleid: {id}
    assert fires()


def test_{snake}_leaves_the_look_alike_alone():
    # ok: {id}
    assert clean() == 1
"""

_CODE_SAMPLE = '''"""A sample module: replace it with what the rule reports and its look-alikes."""

from .source import fetch


def {snake}_fires():
    # ruleid: {id}
    return fetch("reported")


def {snake}_leaves_the_look_alike_alone():
    # ok: {id}
    return fetch("clean")
'''

_FETCH = '''"""Where the sample reads from."""


def fetch(name: str) -> str:
    return name.upper()
'''

_PER_FILE = {
    "imports": "from ..rule import FileRule",
    "base": "FileRule",
    "attributes": '    message = "{{what}}: explain the finding"\n',
    "detect": _FILE_DETECT,
}

_PRODUCER = '''"""The producer of the sample boundary: replace it with the rule's case."""


def fetch_stock(sku: str) -> dict:
    # ok: {id}
    record = {{"sku": sku, "count": 3}}
    # ruleid: {id}
    record["warehouse"] = "north"
    return record
'''

_CONSUMER = '''"""The reader of the sample boundary: it reads every field the producer writes."""

from shop.inventory import fetch_stock


def can_ship(sku: str, quantity: int) -> bool:
    level = fetch_stock(sku)
    return level["sku"] == sku and level["count"] >= quantity and level["warehouse"] != ""
'''

_REQUIREMENTS = """# Requirements Document

## Requirements

<!-- ok: {id} -->
### Requirement 1: Cart total

#### Acceptance Criteria

1. WHEN items are in the cart THEN the system SHALL sum their prices

<!-- ruleid: {id} -->
### Requirement 2: Refunds

#### Acceptance Criteria

1. WHEN an order is refunded THEN the system SHALL return the payment
"""

_TASKS = """# Implementation Plan

- [x] 1. Cart total
  - _Requirements: 1.1_
- [x] 2. Refunds
  - _Requirements: 2.1_
"""

_CART = '''"""The cart and its refunds."""


def cart_total(prices: list[float]) -> float:
    """Requirement 1: the cart total is the sum of the item prices."""
    return sum(prices)


def refund(order_total: float, paid: float) -> float:
    """Requirement 2: a refunded order returns the payment."""
    return min(order_total, paid)
'''

_CART_TESTS = """from shop.cart import cart_total, refund


def test_requirement_1_cart_total():
    assert cart_total([1.0, 2.0]) == 3.0


def test_requirement_2_refund_returns_the_payment():
    assert refund(10.0, 4.0) == 4.0
"""

_SUPPRESSED_BASE = """CARRIERS = {{"de": "dhl", "fr": "colissimo"}}


def ship(order, country):
    # ralph-validate: ignore[PH001] tracked in the issue tracker
    # TODO: carriers of the other countries
    return {{"order": order, "carrier": CARRIERS.get(country)}}
"""

_SUPPRESSED_HEAD = """CARRIERS = {{"de": "dhl", "fr": "colissimo"}}


def ship(order, country):
    # ruleid: {id}
    # ralph-validate: ignore[PH001] tracked in the issue tracker
    # TODO: carriers of the other countries
    return {{"order": order, "carrier": CARRIERS.get(country)}}


def cancel(order):
    # ok: {id}
    return {{"order": order, "cancelled": True}}
"""

FAMILIES: dict[str, Family] = {
    "test": Family(**_PER_FILE, fixture={"test_{snake}.py": _TEST_SAMPLE}),
    "placeholder": Family(
        **_PER_FILE, fixture={"app/{snake}.py": _CODE_SAMPLE, "app/source.py": _FETCH}
    ),
    "impl": Family(**_PER_FILE, fixture={"app/{snake}.py": _CODE_SAMPLE, "app/source.py": _FETCH}),
    "contract": Family(
        imports="from ...report.model import Question\nfrom .rows import MESSAGES, ContractRule",
        base="ContractRule",
        attributes=(
            "    question = Question.MISSING_FIELD  # the question of DESIGN §6 it answers\n"
            '    field_side = "consumer"  # whose field path the message names\n'
            "    message = MESSAGES\n"
        ),
        detect=(
            "    # ``def detect(self, facts: Iterable[Observation], context: ContractTable)\n"
            "    # -> Iterator[Finding]`` answers the question over the engine's observations\n"
            "    # (``contracts/observations.py``), PASS included, through ``context.answer``; a\n"
            "    # new fact goes into the observation. Until it is written the class is abstract.\n"
        ),
        fixture={
            "shop/__init__.py": "",
            "shop/inventory.py": _PRODUCER,
            "shop/orders.py": _CONSUMER,
        },
        suppress="`# ralph-validate: ignore[{id}] <reason>` on the line the row points at.",
    ),
    "trace": Family(
        imports="from .rows import TraceRule",
        base="TraceRule",
        attributes='    message = "requirement {{id}}: {{reason}}"\n',
        detect=(
            "    # ``def detect(self, facts: Iterable[RequirementEvidence], context:\n"
            "    # RequirementTable) -> Iterator[Finding]`` decides the requirements of its kind\n"
            "    # (``trace/observed.py``) through ``context.decide``. Until it is written the\n"
            "    # class is abstract and the registry skips it.\n"
        ),
        fixture={
            ".kiro/specs/shop/requirements.md": _REQUIREMENTS,
            ".kiro/specs/shop/tasks.md": _TASKS,
            "shop/cart.py": _CART,
            "tests/test_cart.py": _CART_TESTS,
        },
        suppress="Requirement rows are not suppressed: change the spec if it is wrong.",
    ),
    "scope": Family(
        imports=(
            "from collections.abc import Sequence\n\nfrom ...context import AnalysisContext\n"
            "from ..rule import Rule"
        ),
        base="Rule[Sequence[str], AnalysisContext]",
        attributes='    message = "{{path}}: explain the finding"\n',
        detect=(
            "    # ``def detect(self, facts: Sequence[str], context: AnalysisContext)\n"
            "    # -> Iterator[Finding]`` reads the changed paths and the declared scope\n"
            "    # (``scope/SC001_out_of_scope.py``: ``declared_scope``). Until it is written\n"
            "    # the class is abstract and the registry skips it.\n"
        ),
        fixture={
            ".ralph-validate.toml": 'scope = ["shop/**", ".ralph-validate.toml"]\n',
            "shop/cart.py": '"""Inside the declared scope."""  # ruleid: {id}\n',
            "shop/orders.py": '"""Inside the declared scope too."""  # ok: {id}\n',
        },
        suppress="Change the declared scope; scope findings are not suppressed inline.",
    ),
    "suppression": Family(
        imports=(
            "from ...context import AnalysisContext\nfrom ..rule import Rule\n"
            "from .common import SuppressionSites"
        ),
        base="Rule[SuppressionSites, AnalysisContext]",
        attributes='    message = "{{what}}: explain the finding"\n',
        detect=(
            "    # ``def detect(self, facts: SuppressionSites, context: AnalysisContext)\n"
            "    # -> Iterator[Finding]`` compares the suppression sites of HEAD with BASE's\n"
            "    # (``suppression/common.py``). Until it is written the class is abstract.\n"
        ),
        fixture={
            "base/app/orders.py": _SUPPRESSED_BASE,
            "head/app/orders.py": _SUPPRESSED_HEAD,
        },
        suppress="Remove the suppression; it cannot be suppressed in the change set.",
    ),
}

FAMILY_INIT = '"""{family} rules (``{family_lower}.*``)."""\n'


def camel(snake: str) -> str:
    """``mocks_subject`` → ``MocksSubject``."""
    return "".join(part.capitalize() for part in snake.split("_"))


def _existing_ids(root: Path) -> set[str]:
    rules = root / "validator" / "rules"
    return {p.name[:5] for p in rules.glob("*/*.py") if RULE_ID.match(p.name[:5])}


def _has_rules(family: str) -> bool:
    """True when the registry already has rules of the family (so a check runs them)."""
    return any(rule.kind.split(".", 1)[0] == family for rule in list_rules())


def _check(root: Path, rule_id: str, kind: str, snake: str) -> Family:
    """The family the arguments name; ValueError when they cannot make a rule."""
    if not RULE_ID.match(rule_id):
        raise ValueError(f"a rule id is two capitals and three digits, not {rule_id!r}")
    if not KIND.match(kind) or kind.split(".", 1)[0] not in TABLES:
        raise ValueError(
            f"unknown kind {kind!r}: a kind is a family of TABLES in validator/findings.py,"
            " a dot and a lower-case name (test.skipped)"
        )
    if not SNAKE.match(snake):
        raise ValueError(f"the name is snake_case, not {snake!r}")
    family = kind.split(".", 1)[0]
    if family not in FAMILIES or not _has_rules(family):
        raise ValueError(
            f"no check runs {family} rules yet: add the family's driver in validator/checks/ "
            "and its package to pyproject.toml first (CONTRIBUTING.md, 'Adding a rule', step 9)"
        )
    if rule_id in _existing_ids(root) or (root / "fixtures" / "rules" / rule_id).exists():
        raise ValueError(f"{rule_id} exists already")
    return FAMILIES[family]


def write_rule(root: Path, rule_id: str, kind: str, snake: str) -> list[Path]:
    """Write the rule module and its fixture folder under ``root``; the paths written."""
    shape = _check(root, rule_id, kind, snake)
    family = kind.split(".", 1)[0]
    package = root / "validator" / "rules" / family
    module = package / f"{rule_id}_{snake}.py"
    fixture = root / "fixtures" / "rules" / rule_id
    written: list[Path] = []
    if not (package / "__init__.py").exists():
        package.mkdir(parents=True, exist_ok=True)
        init = FAMILY_INIT.format(family=family.capitalize(), family_lower=family)
        (package / "__init__.py").write_text(init)
        written.append(package / "__init__.py")
    module.write_text(
        MODULE.format(
            id=rule_id,
            kind=kind,
            name=snake.replace("_", "-"),
            cls=camel(snake),
            why="why what it finds is a problem, in one line.",
            imports=shape.imports,
            base=shape.base,
            suppress=shape.suppress.format(id=rule_id),
            attributes=shape.attributes.format(),
            detect=shape.detect,
        )
    )
    written.append(module)
    for name, text in sorted(shape.fixture.items()):
        target = fixture / name.format(snake=snake)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text.format(id=rule_id, snake=snake))
        written.append(target)
    (fixture / "expected.txt").write_text("")
    return [*written, fixture / "expected.txt"]


def main(argv: list[str] | None = None) -> int:
    """Write the boilerplate; exit 2 with one line on stderr when the arguments are wrong."""
    parser = argparse.ArgumentParser(description="Write the boilerplate of a new rule.")
    parser.add_argument("id", help="rule id, e.g. TI099")
    parser.add_argument("kind", help="a kind of DESIGN §6, e.g. test.skipped")
    parser.add_argument("snake_name", help="the rule name in snake_case, e.g. skipped_by_env")
    parser.add_argument("--root", type=Path, default=ROOT, help="repository root")
    args = parser.parse_args(argv)
    try:
        written = write_rule(args.root, args.id, args.kind, args.snake_name)
    except ValueError as err:
        print(f"new_rule: {err}", file=sys.stderr)
        return 2
    for path in written:
        print(f"wrote {path.relative_to(args.root).as_posix()}")
    print("next: CONTRIBUTING.md, 'Adding a rule'")
    return 0


if __name__ == "__main__":
    sys.exit(main())
