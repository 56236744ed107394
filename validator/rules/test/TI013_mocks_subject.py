"""TI013 mocks-subject: a test that replaces what it tests asserts on its own double."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import PurePosixPath

from ....extractors.common.paths import subject_of_test_file
from ....extractors.facts import FileFacts
from ....extractors.facts.integrity import Double, ImportedCall, TestCase
from ...findings import Finding
from ..rule import FileContext, FileRule
from .first_party import first_party_module

_WORDS = re.compile(r"[A-Za-z0-9_$]+")
_TEST_NAME = re.compile(r"^(?:test_?|Test)(\w+)$")


class MocksSubject(FileRule):
    """## What it does
    Finds a test that replaces the function or module it is a test of, then asserts on
    what the replacement returns: `mock.patch("shop.pricing.total", return_value=42)`,
    `patch.object(pricing, "total")`, `monkeypatch.setattr(pricing, "total", ...)` or
    `mocker.patch(...)` in `test_total` or `tests/test_pricing.py` (in the test, on its
    class, in its `setUp` or in a fixture of the file it requests), followed by
    `assert pricing.total(...) == 42`; `jest.mock('../src/pricing')` / `vi.mock(...)` in
    `pricing.test.ts` followed by `expect(total(...))`, or
    `jest.spyOn(pricing, 'total').mockReturnValue(42)` or `pricing.total = jest.fn(() => 42)`
    followed by `expect(pricing.total(...)).toBe(42)`.

    The subject is what the test is named after: the module named like the test file
    (`test_pricing.py`, `pricing.test.ts`, `pricing.spec.js`) or the function named by
    the test (`test_total_rounds`, `describe('total')`, `it('total adds tax')`). Names are
    resolved through the file's imports (`import shop.pricing as p`, `from shop import
    pricing`, `import * as pricing`, `require`). A double of a collaborator (the database
    client, `requests.get`, another module the subject calls) is not reported, nor a spy
    that only watches (`jest.spyOn(m, 'f')` without `mockReturnValue`/`mockImplementation`,
    `mocker.spy`, `patch(..., wraps=...)`), nor a patch of `m.f` when the test calls the
    `f` it imported before the patch (it still runs the real code).

    The subject is also any module of the repository itself (a production file, not a
    test) that the test file imports: `jest.mock('@lib/pricing')` in `discount.test.js`,
    with `@lib` a Jest `moduleNameMapper`, `tsconfig.json` `paths` or Vite `alias`
    entry, then `pricing.total.mockReturnValue(42)` and `expect(pricing.total(1)).toBe(42)`;
    `patch("shop.pricing.total", return_value=42)` in `tests/test_discount.py` then
    `assert pricing.total([]) == 42` when `shop/pricing.py` is in the repository. A double
    of a package (`axios`, `fs`, `requests`) is not, nor a first-party double the test
    only checks the calls of (`toHaveBeenCalledWith`) or whose function the subject calls
    while the test asserts on the subject, nor a name a `jest.requireActual` factory keeps.

    ## Why is this bad?
    The assertion checks the value the test itself told the double to return. It passes
    whatever the code under test does, so it proves nothing about it.

    ## Example
    ```python
    @patch("shop.pricing.total", return_value=42)
    def test_total(_total):
        assert pricing.total([40, 2]) == 42
    ```

    Use instead: replace the subject's collaborators, run the subject itself.
    ```python
    @patch("shop.pricing.fetch_rate", return_value=1.0)
    def test_total(_rate):
        assert pricing.total([40, 2]) == 42
    ```

    ## How to suppress
    `# ralph-validate: ignore[TI013] <reason>` on the line or the line above.
    """

    id = "TI013"
    kind = "test.mocks-subject"
    name = "mocks-subject"
    summary = "A test replaces its own subject and asserts on the double's result."
    message = "asserts on {call}, whose {subject} the test replaces ({how}, line {placed})"

    def detect(self, facts: FileFacts, context: FileContext) -> Iterator[Finding]:
        """One finding per test, at its first asserted call of a replaced subject: a
        function or module the test is named after, or a first-party module it imports."""
        tests = {t.symbol: t for t in facts.of_type(TestCase)}
        doubles = [d for d in facts.of_type(Double) if d.replaces]
        reported: set[str] = set()
        for call in facts.of_type(ImportedCall):
            test = tests.get(call.symbol)
            if test is None or not call.asserted or call.symbol in reported:
                continue
            double = next(
                (d for d in doubles if covers(d, call, facts.path) and reaches(d, call)), None
            )
            if double is None:
                continue
            module, function = parts(call.target)
            if named_after(facts.path, test, module, function) or first_party_module(
                call.target, facts.path, context
            ):
                reported.add(call.symbol)
                subject = function if double.target == call.target else module
                yield self.finding(
                    call, call=call.text, subject=subject, how=double.how, placed=double.line
                )


def covers(double: Double, call: ImportedCall, path: str) -> bool:
    """The double is in place where the test makes the call."""
    if double.symbol in ("", path):
        return double.line <= call.line <= double.until or double.how.endswith("mock")
    inside = call.symbol == double.symbol or call.symbol.startswith(
        (double.symbol + "::", double.symbol + " > ")
    )
    return inside and (double.start or double.line) <= call.line <= double.until


def reaches(double: Double, call: ImportedCall) -> bool:
    """The call runs the double: the same target (or a member of a module mocked whole),
    and not a name the test bound before a patch of its module replaced it."""
    if call.bound_early and not double.rebinds_local:
        return False
    if double.target == call.target:
        return True
    module, _, rest = double.target.partition("#")
    return rest == "*" and call.target.partition("#")[0] == module


def parts(target: str) -> tuple[str, str]:
    """(module name, function name) of a qualified target: ``shop.pricing.total`` ->
    (``pricing``, ``total``); ``src/pricing#total`` -> (``pricing``, ``total``)."""
    if "#" in target:
        module, _, name = target.partition("#")
        return PurePosixPath(module).name, name.rsplit(".", 1)[-1]
    module, _, name = target.rpartition(".")
    return module.rsplit(".", 1)[-1], name


def _norm(name: str) -> str:
    return name.lower().replace("_", "").replace("-", "")


def _prefixes(name: str) -> set[str]:
    """The leading word groups of a name, normalised: ``compute_total_rounds`` and
    ``ComputeTotalRounds`` give ``compute``, ``computetotal``, ``computetotalrounds``."""
    words = [w for w in re.split(r"_|(?<=[a-z0-9])(?=[A-Z])", name) if w]
    return {_norm("".join(words[: k + 1])) for k in range(len(words))}


def named_after(path: str, test: TestCase, module: str, function: str) -> bool:
    """The test file is named after ``module`` or the test (or a suite around it) after
    ``function``: ``test_total_rounds``, ``TestTotal``, ``describe('total')``."""
    if module and _norm(module) in _prefixes(subject_of_test_file(path)):
        return True
    if not function or function == "*":
        return False
    wanted = _norm(function)
    for name in test.symbol.split("::", 1)[-1].replace("::", " > ").split(" > "):
        test_named = _TEST_NAME.match(name)
        if test_named is not None and wanted in _prefixes(test_named.group(1)):
            return True
        if any(_norm(word) == wanted for word in _WORDS.findall(name)):
            return True
    return False
