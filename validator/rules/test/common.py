"""What several test rules look up: which facts are tests, and which assertions each test runs."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from ....extractors.facts import FileFacts, symbol_name
from ....extractors.facts.integrity import Assertion, Skip, TestCase
from ....extractors.runners.dependencies import module_key

_ANY_EXCEPTION = ("Exception", "BaseException")


def test_ids(facts: FileFacts) -> set[str]:
    """The symbols of the file's tests."""
    return {t.symbol for t in facts.of_type(TestCase)}


def names_any_exception(types: Iterable[str]) -> bool:
    """True when an expected-exception list accepts any exception (``Exception``)."""
    return any(t.rsplit(".", 1)[-1] in _ANY_EXCEPTION for t in types)


def own_and_helper_assertions(facts: FileFacts) -> dict[str, list[Assertion]]:
    """Test id → its assertions, including those of same-file helpers it calls."""
    by_symbol: dict[str, list[Assertion]] = defaultdict(list)
    for a in facts.of_type(Assertion):
        by_symbol[a.symbol].append(a)
    helpers: dict[str, list[Assertion]] = defaultdict(list)
    for symbol, found in by_symbol.items():
        name = symbol.rsplit("::", 1)[-1].rsplit(".", 1)[-1]
        helpers[name].extend(found)
    result: dict[str, list[Assertion]] = {}
    for test in facts.of_type(TestCase):
        own = list(by_symbol.get(test.symbol, []))
        for called in test.calls:
            name = called.rsplit(".", 1)[-1]
            if name != test.name:
                own.extend(helpers.get(name, []))
        result[test.symbol] = own
    return result


def tests_by_name(facts: FileFacts) -> dict[str, TestCase]:
    """The file's tests by their name inside the file (``Class::test``, ``describe > it``),
    the names the structural comparison (``testdiff``) gives them."""
    return {symbol_name(t.symbol): t for t in facts.of_type(TestCase)}


def skip_covers(skip: Skip, test: str) -> bool:
    """Whether a skip of the test's file applies to the test ``test``: its own, or one on what
    encloses it (its class or ``describe``, the whole module)."""
    if skip.scope == "module" or skip.symbol == test:
        return True
    if skip.scope == "test" or not skip.symbol:
        return False
    own = symbol_name(skip.symbol)
    return symbol_name(test).startswith((own + "::", own + " > "))


# The operating system CI runs the tests on, as the platform checks of test files name it.
_CI_PLATFORMS = ("linux", "posix")


def skips_in_ci(skip: Skip, importable: frozenset[str] | None = None) -> bool:
    """Whether a skip can hold on CI's machines: a condition that compares the platform alone
    holds there unless it skips only on other platforms (``sys.platform == "win32"``) or
    everywhere but CI's (``process.platform !== "linux"`` does not hold on Linux); a skip
    where a module cannot be imported holds unless every module it needs is importable
    there (``importable``: declared, the repository's own or the standard library)."""
    if skip.requires:
        return importable is None or not all(module_key(m) in importable for m in skip.requires)
    if not skip.platforms:
        return True
    named = any(
        c.startswith(p.lower()) or p.lower().startswith(c)
        for p in skip.platforms
        for c in _CI_PLATFORMS
    )
    return named if skip.platform_skipped == "on" else not named
