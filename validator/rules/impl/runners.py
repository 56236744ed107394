"""What test runners leave behind at run time: the modules they load, the globals and
environment variables they define, and what production code has no business replacing."""

from __future__ import annotations

# Modules whose presence in ``sys.modules`` means a test runner is running.
RUNNER_MODULES = frozenset(
    {"pytest", "_pytest", "unittest", "nose", "nose2", "hypothesis", "doctest", "ward"}
)
# Globals a JavaScript runner defines (``typeof jest !== 'undefined'``).
RUNNER_GLOBALS = frozenset(
    {
        "jest",
        "vitest",
        "it",
        "describe",
        "test",
        "expect",
        "beforeEach",
        "afterEach",
        "beforeAll",
        "afterAll",
        "jasmine",
        "mocha",
        "suite",
    }
)
# Environment variables runners set themselves.
RUNNER_ENV = frozenset(
    {
        "PYTEST_CURRENT_TEST",
        "PYTEST_XDIST_WORKER",
        "PYTEST_VERSION",
        "JEST_WORKER_ID",
        "VITEST",
        "VITEST_WORKER_ID",
        "VITEST_POOL_ID",
        "VITEST_MODE",
        "MOCHA_WORKER_ID",
        "NODE_TEST_CONTEXT",
    }
)
# Name prefixes of the families of variables, globals and modules runners define: a name
# of the family tells the test run apart however new or rare (``VITEST_POOL_ID``,
# ``__vitest_worker__``, ``PYTEST_XDIST_TESTRUNUID``, ``_pytest.capture``).
RUNNER_ENV_PREFIXES = ("PYTEST_", "VITEST", "JEST_", "MOCHA_", "NODE_TEST_", "JASMINE_", "AVA_")
RUNNER_GLOBAL_PREFIXES = ("__vitest_", "__jest", "jest", "vitest", "jasmine", "__mocha")
RUNNER_MODULE_PREFIXES = ("pytest_", "_pytest", "unittest", "nose")
# Words of an environment variable's name that name the test run (``IS_TEST``, ``TESTING``).
TEST_WORDS = frozenset({"TEST", "TESTS", "TESTING", "PYTEST", "JEST", "VITEST", "MOCHA"})
# Values of an environment variable that name the test run (``NODE_ENV === 'test'``).
TEST_VALUES = frozenset({"test", "testing"})
# Words in a command line that name a runner (``process.argv.includes('--test')``).
ARGV_WORDS = ("pytest", "unittest", "jest", "vitest", "mocha", "--test", "ava", "jasmine")

# Module prefixes whose attributes production code must not replace: test frameworks and
# their assertion helpers (a patched assertion makes every expectation pass).
FRAMEWORK_PREFIXES = (
    "unittest.",
    "pytest.",
    "_pytest.",
    "assert.",
    "node:assert.",
    "assert/strict.",
    "node:assert/strict.",
    "chai.",
    "vitest.",
    "@jest/globals.",
    "expect.",
    "jest.",
    "vi.",
    "sinon.",
    "freezegun.",
    "time_machine.",
    "mock.",
    "unittest.mock.",
)
# Globals a test framework defines, replaced whole (``global.it = ...``, ``expect = ...``).
FRAMEWORK_GLOBALS = RUNNER_GLOBALS | {"assert"}
# The clock and other sources of time (patching them makes time-based expectations pass).
CLOCKS = frozenset(
    {
        "time.time",
        "time.time_ns",
        "time.monotonic",
        "time.perf_counter",
        "datetime.datetime",
        "datetime.date",
        "datetime.datetime.now",
        "datetime.datetime.utcnow",
        "datetime.date.today",
        "Date",
        "Date.now",
        "performance.now",
        "process.hrtime",
    }
)
# Sources of randomness (pinning them makes random-dependent expectations pass).
RANDOM = frozenset(
    {
        "Math.random",
        "crypto.randomUUID",
        "crypto.getRandomValues",
        "random.random",
        "random.randint",
        "random.choice",
        "random.shuffle",
        "uuid.uuid4",
    }
)
_GLOBAL_OBJECTS = ("global.", "globalThis.", "window.", "self.")


def unglobal(target: str) -> str:
    """``globalThis.Date.now`` -> ``Date.now``: a property of the global object is a global."""
    for prefix in _GLOBAL_OBJECTS:
        if target.startswith(prefix):
            return target[len(prefix) :]
    return target


def replaces_runner_or_clock(target: str) -> str | None:
    """What ``target`` is ("the clock", "the random source", "the test framework") when
    production code must not replace it, else None."""
    name = unglobal(target)
    if name in CLOCKS:
        return "the clock"
    if name in RANDOM:
        return "the random source"
    if name in FRAMEWORK_GLOBALS or name.startswith(FRAMEWORK_PREFIXES):
        return "the test framework"
    return None
