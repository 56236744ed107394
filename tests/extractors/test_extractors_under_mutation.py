"""Every extractor on damaged real source keeps the contract of ``extract`` (dispatch.py): no
exception escapes it; it returns the file's facts, each located in that file at a
line the file has, and whatever an extractor could not read is one ExtractionError for that
file naming the extractor and the error on one line; the facts survive the cache's data form.

The seeds are real files of the fixtures, one per reader: Python and TypeScript/JavaScript
code and tests, CDK stacks in both, Markdown requirements, Step Functions definitions in JSON
and YAML, SAM and Serverless templates, package.json, pyproject.toml, tsconfig.json, .env,
runner configs. Damages come from tests/mutations.py."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mutations import examples, mutated

from ralph_validate.extractors.common.dispatch import EXTRACTOR_VERSION, extract, language_of
from ralph_validate.extractors.facts import ExtractionError, codec

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
# The path each seed is extracted as (its reader depends on it) and the fixture it is read
# from (a tsconfig.json, which no fixture has, is written here).
SEEDS: dict[str, str | bytes] = {
    "tests/test_tautologies.py": "rules/TI001/test_tautologies.py",
    "src/config.py": "formats/agent-tasks-status-list/repo/src/config.py",
    "infra/news_stack.py": "contracts/cdk-py-asl-file/buggy/infra/news_stack.py",
    "src/checkout.test.ts": "rules/IM001/head/src/checkout.test.ts",
    "lib/report-stack.ts": "contracts/cdk-jsonata/buggy/lib/report-stack.ts",
    "src/Checkout.tsx": "extractors/js/Checkout.tsx",
    "orders.spec.js": "rules/TI001/orders.spec.js",
    "jest.config.js": "cheats/ts-jest-testmatch/base/jest.config.js",
    ".kiro/specs/checkout/requirements.md": (
        "specs/kiro-checkout/.kiro/specs/checkout/requirements.md"
    ),
    "sam/tally.asl.json": "contracts/cdk-jsonata/buggy/sam/tally.asl.json",
    "statemachine/parcel.asl.yaml": (
        "contracts/asl-yaml-bare-arn/buggy/statemachine/parcel.asl.yaml"
    ),
    "template.yaml": "contracts/sam-events-shared/buggy/template.yaml",
    "serverless.yml": "contracts/serverless-stepfunctions/buggy/serverless.yml",
    "package.json": "cheats/ts-jest-testmatch/base/package.json",
    "pyproject.toml": "rules/TI010/head/pyproject.toml",
    "tsconfig.json": (
        b'{\n  // Next.js style\n  "compilerOptions": {\n    "baseUrl": ".",\n'
        b'    /* the alias */\n    "paths": { "@/*": ["src/*"], "@api": ["src/api/index.ts"], },\n'
        b"  },\n}\n"
    ),
    ".env": "rules/PH003/config/.env",
    ".github/workflows/ci.yml": "rules/TI010/head/.github/workflows/ci.yml",
}
_NAME = re.compile(r"^[A-Za-z_][\w.]*$")


def _seed(path: str) -> bytes:
    seed = SEEDS[path]
    return seed if isinstance(seed, bytes) else (FIXTURES / seed).read_bytes()


def _keeps_the_contract(path: str, data: bytes) -> None:
    facts = extract(path, data)  # an exception escaping here is the failure
    assert facts.path == path and facts.language == (language_of(path) or "none")
    assert facts.sha256 == hashlib.sha256(data).hexdigest()
    assert facts.extractor_version == EXTRACTOR_VERSION
    last = data.count(b"\n") + data.count(b"\r") + 1
    assert [f for f in facts.facts if f.file != path] == []
    assert [f for f in facts.facts if not (isinstance(f.line, int) and 0 <= f.line <= last)] == []
    errors = facts.of_type(ExtractionError)
    assert [e for e in errors if not (_NAME.match(e.extractor) and _NAME.match(e.error))] == []
    assert codec.loads(codec.dumps(facts)) == facts


def test_every_seed_is_read_by_an_extractor_and_gives_facts() -> None:
    """The seeds are real inputs of their readers: undamaged, each gives facts, no error."""
    for path in SEEDS:
        facts = extract(path, _seed(path))
        assert facts.language != "none", path
        assert facts.facts, path
        assert not facts.of_type(ExtractionError), (path, facts.of_type(ExtractionError))


def test_an_undecodable_byte_in_code_costs_no_extractor_its_facts() -> None:
    """A byte that is not UTF-8 inside a name a query predicate reads made tree-sitter's query
    fail, and the extractor lost every fact of the file."""
    data = _seed("infra/news_stack.py")
    damaged = data.replace(b"sfn.", b"sfn\xc3(.", 1)
    assert damaged != data
    facts = extract("infra/news_stack.py", damaged)
    assert not facts.of_type(ExtractionError)
    assert {type(f).__name__ for f in facts.facts} >= {
        type(f).__name__ for f in extract("infra/news_stack.py", data).facts
    } - {"ExtractionError"}


@pytest.mark.reliability(cls="fuzzed input", outcome="survived")
@pytest.mark.parametrize("path", sorted(SEEDS))
@settings(max_examples=examples(2), suppress_health_check=[HealthCheck.too_slow])
@given(drawn=st.data())
def test_an_extractor_on_damaged_source_returns_facts_or_names_its_error(
    path: str, drawn: st.DataObject
) -> None:
    """Every extractor on damaged real source: facts of that file or one named error."""
    _keeps_the_contract(path, drawn.draw(mutated((_seed(path),))))


# The same over many more damaged files of every seed: fuzzing, run by CI (--with-slow). A
# file nested 30,000-50,000 deep costs TypeScript's extractors seconds (tree-sitter's query
# cursor), so the default run draws a few of each.
@pytest.mark.reliability(cls="fuzzed input", outcome="survived")
@pytest.mark.slow
@pytest.mark.parametrize("path", sorted(SEEDS))
@settings(max_examples=examples(60), suppress_health_check=[HealthCheck.too_slow])
@given(drawn=st.data())
def test_an_extractor_on_many_damaged_sources_keeps_the_contract(
    path: str, drawn: st.DataObject
) -> None:
    """Every extractor on many damaged real sources: facts of that file or one named error."""
    _keeps_the_contract(path, drawn.draw(mutated((_seed(path),))))
