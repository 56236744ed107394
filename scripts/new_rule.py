"""Write the boilerplate of a new per-file rule: its module, its fixture folder, its expected file.

    python scripts/new_rule.py ID KIND SNAKE_NAME [--root REPO]
    python scripts/new_rule.py TI099 test.skipped skipped_by_environment

The module lands in ``validator/rules/<family>/<ID>_<snake_name>.py`` (the family is the
kind's prefix), with the documentation sections to fill in and no ``detect`` yet: the class
stays abstract, so the registry leaves it out and no audit runs it until its matching logic
is written; the fixture folder ``fixtures/rules/<ID>/`` gets one
annotated positive, one clean look-alike and an empty ``expected.txt``, so the fixture test
fails until the rule works. CONTRIBUTING.md ("Adding a rule") lists the steps after this.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from ralph_validate.validator.findings import KINDS
from ralph_validate.validator.rules import list_rules

ROOT = Path(__file__).resolve().parents[1]
RULE_ID = re.compile(r"^[A-Z]{2}\d{3}$")
SNAKE = re.compile(r"^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$")
# Families whose rules read report rows or the change set, not one file's facts: their
# rules take a family-specific base class (see an existing rule of the family).
ROW_FAMILIES = ("contract", "trace", "scope")

MODULE = '''"""{id} {name}: {why}"""

from __future__ import annotations

from ..rule import FileRule


class {cls}(FileRule):
    """## What it does
    Finds ... (the code shape this rule reports, and the look-alikes it leaves alone).

    ## Why is this bad?
    Explain what goes wrong when this code ships.

    ## Example
    ```python
    the code it reports
    ```

    Use instead:
    ```python
    the code it accepts
    ```

    ## How to suppress
    `# ralph-validate: ignore[{id}] <reason>` on the line or the line above.
    """

    id = "{id}"
    kind = "{kind}"
    name = "{name}"
    summary = "One sentence: what this rule finds."
    message = "{{what}}: explain the finding"

    # ``def detect(self, facts: FileFacts, context: FileContext) -> Iterator[Finding]``
    # holds the matching logic (facts: ``extractors.facts``; findings only through
    # ``self.finding``); until it is written the class is abstract and the registry skips it.
'''

FIXTURE = """def test_{snake}_fires():
    # ruleid: {id}
    assert fires()


def test_{snake}_leaves_the_look_alike_alone():
    # ok: {id}
    assert clean() == 1
"""

FAMILY_INIT = '"""{family} rules (``{family}.*``)."""\n'


def camel(snake: str) -> str:
    """``mocks_subject`` → ``MocksSubject``."""
    return "".join(part.capitalize() for part in snake.split("_"))


def _existing_ids(root: Path) -> set[str]:
    rules = root / "validator" / "rules"
    return {p.name[:5] for p in rules.glob("*/*.py") if RULE_ID.match(p.name[:5])}


def _has_rules(family: str) -> bool:
    """True when the registry already has rules of the family (so a check runs them)."""
    return any(rule.kind.split(".", 1)[0] == family for rule in list_rules())


def write_rule(root: Path, rule_id: str, kind: str, snake: str) -> list[Path]:
    """Write the rule module and its fixture folder under ``root``; the paths written."""
    if not RULE_ID.match(rule_id):
        raise ValueError(f"a rule id is two capitals and three digits, not {rule_id!r}")
    if kind not in KINDS:
        raise ValueError(f"unknown kind {kind!r}: add it to KINDS in validator/findings.py")
    if not SNAKE.match(snake):
        raise ValueError(f"the name is snake_case, not {snake!r}")
    family = kind.split(".", 1)[0]
    if family in ROW_FAMILIES:
        raise ValueError(f"{family} rules read rows, not file facts: copy a rule of the family")
    if not _has_rules(family):
        raise ValueError(
            f"no check runs {family} rules yet: add the family's driver in validator/checks/ "
            "and its package to pyproject.toml first (CONTRIBUTING.md, 'Adding a rule', step 9)"
        )
    if rule_id in _existing_ids(root) or (root / "fixtures" / "rules" / rule_id).exists():
        raise ValueError(f"{rule_id} exists already")
    package = root / "validator" / "rules" / family
    module = package / f"{rule_id}_{snake}.py"
    fixture = root / "fixtures" / "rules" / rule_id
    written: list[Path] = []
    if not (package / "__init__.py").exists():
        package.mkdir(parents=True, exist_ok=True)
        (package / "__init__.py").write_text(FAMILY_INIT.format(family=family.capitalize()))
        written.append(package / "__init__.py")
    name = snake.replace("_", "-")
    module.write_text(
        MODULE.format(
            id=rule_id,
            kind=kind,
            name=name,
            cls=camel(snake),
            why="why the code it finds is a problem, in one line.",
        )
    )
    fixture.mkdir(parents=True)
    (fixture / f"test_{snake}.py").write_text(FIXTURE.format(id=rule_id, snake=snake))
    (fixture / "expected.txt").write_text("")
    written += [module, fixture / f"test_{snake}.py", fixture / "expected.txt"]
    return written


def main(argv: list[str] | None = None) -> int:
    """Write the boilerplate; exit 2 with one line on stderr when the arguments are wrong."""
    parser = argparse.ArgumentParser(description="Write the boilerplate of a new rule.")
    parser.add_argument("id", help="rule id, e.g. TI099")
    parser.add_argument("kind", help="a kind of validator/findings.py KINDS, e.g. test.skipped")
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
