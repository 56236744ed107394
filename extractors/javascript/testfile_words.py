"""The words of JS test libraries as the test comparison reads them: library modules (from
the one vocabulary of ``imports.py``), and matcher names grouped by the check they make (jest, chai,
node:assert, sinon)."""

from __future__ import annotations

from .imports import FRAMEWORK_MODULES, LIBRARY_MODULES


def _names(*lines: str) -> frozenset[str]:
    """A set of names written as space-separated lines."""
    return frozenset(" ".join(lines).split())


# The modules whose exports the test comparison names, by the kind ``imports.py`` gives them.
ASSERT_SOURCES = frozenset(m for m, kind in LIBRARY_MODULES.items() if kind == "node-assert")
EXPECT_SOURCES = frozenset(FRAMEWORK_MODULES) | frozenset(
    m for m, kind in LIBRARY_MODULES.items() if kind in ("chai", "expect")
)
# chai's language chains carry no meaning of their own.
CHAINS = _names(
    "to be been is that which and has have with at of same but does still also own",
    "nested ordered any all itself deep",
)
ORDER = {
    "toBeGreaterThan": ">",
    "toBeGreaterThanOrEqual": ">=",
    "toBeLessThan": "<",
    "toBeLessThanOrEqual": "<=",
    "above": ">",
    "gt": ">",
    "greaterThan": ">",
    "least": ">=",
    "gte": ">=",
    "greaterThanOrEqual": ">=",
    "below": "<",
    "lt": "<",
    "lessThan": "<",
    "most": "<=",
    "lte": "<=",
    "lessThanOrEqual": "<=",
    "isAbove": ">",
    "isAtLeast": ">=",
    "isBelow": "<",
    "isAtMost": "<=",
}
BINARY_ORDER = {"<": "<", "<=": "<=", ">": ">", ">=": ">="}
FLIP = {"<": ">", "<=": ">=", ">": "<", ">=": "<="}
NEGATE_ORDER = {"<": ">=", "<=": ">", ">": "<=", ">=": "<"}
EQUAL = _names(
    "toBe toEqual toStrictEqual equal equals eq eql eqls strictEqual deepEqual",
    "deepStrictEqual sameMembers sameDeepMembers",
)
NOT_EQUAL = frozenset("notEqual notStrictEqual notDeepEqual notDeepStrictEqual".split())
CALLED_WITH = _names(
    "toHaveBeenCalledWith toBeCalledWith toHaveBeenLastCalledWith lastCalledWith",
    "toHaveBeenNthCalledWith nthCalledWith calledWith calledWithExactly calledWithMatch",
    "toHaveReturnedWith",
)
CALLED_ONCE_WITH = frozenset("calledOnceWith calledOnceWithExactly".split())
CALLED = frozenset("toHaveBeenCalled toBeCalled called toHaveReturned".split())
CALLED_TIMES = frozenset("toHaveBeenCalledTimes toBeCalledTimes callCount".split())
CALLED_N = {"toHaveBeenCalledOnce": 1, "calledOnce": 1, "calledTwice": 2, "calledThrice": 3}
SNAPSHOT = _names(
    "toMatchSnapshot toMatchInlineSnapshot toThrowErrorMatchingSnapshot",
    "toThrowErrorMatchingInlineSnapshot toMatchFileSnapshot",
)
THROW = frozenset("toThrow toThrowError throw throws Throw rejects rejected rejectedWith".split())
INCLUDE = frozenset("toContain toContainEqual include includes contain contains".split())
NOT_INCLUDE = frozenset({"notInclude", "notIncludes"})
PARTIAL = _names(
    "toMatchObject deepInclude nestedInclude ownInclude", "deepNestedInclude containSubset"
)
PROPERTY = frozenset("toHaveProperty property propertyVal deepPropertyVal nestedProperty".split())
KEYS = frozenset("keys key hasAllKeys hasAnyKeys containsAllKeys".split())
TYPE = frozenset("toBeInstanceOf instanceof instanceOf a an typeOf".split())
MATCH = frozenset("toMatch match matches string".split())
APPROX = frozenset("toBeCloseTo closeTo approximately".split())
