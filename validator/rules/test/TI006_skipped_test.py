"""TI006 skipped-test: a skipped test reports green without running."""

from __future__ import annotations

from collections.abc import Iterator
from types import MappingProxyType

from ....extractors.facts import FileFacts
from ....extractors.facts.integrity import Skip
from ...findings import Finding
from ..rule import FileContext, FileRule


class SkippedTest(FileRule):
    """## What it does
    Finds tests made not to run: `@pytest.mark.skip`, `@pytest.mark.xfail`
    without a condition, `@unittest.skip`, `pytest.skip()` in a body,
    `self.skipTest()`, `it.skip`, `xit`, `it.todo`, `describe.skip`, and `.only`
    (which skips every other test). Conditional skips (`skipif(sys.platform ...)`)
    are not reported: they document where a test cannot run. A condition that reads one
    environment variable alone is reported when it skips the test in CI: skipped where
    `CI` (or another variable every CI service sets) is set
    (`process.env.CI ? it.skip : it`, `skipif(os.environ.get("GITHUB_ACTIONS"))`), or run
    only where a variable is set that no CI or test-runner configuration of the repository
    names (`skipif(not os.environ.get("RUN_SLOW"))`, `it.skipIf(!process.env.RUN_SLOW)`,
    `test.runIf(process.env.RUN_SLOW)`).

    ## Why is this bad?
    A skipped test reports success in the summary line and checks nothing.

    ## Example
    ```python
    @pytest.mark.skip(reason="flaky")
    def test_checkout():
        assert checkout() == "ok"
    ```

    Use instead: fix the test, or delete it and say so.

    ## How to suppress
    `# ralph-validate: ignore[TI006] <reason>` on the decorator line or above.
    """

    id = "TI006"
    whole_test = True
    says_not_run = True
    kind = "test.skipped"
    name = "skipped-test"
    summary = "A test that is skipped, marked todo, or focused with .only."
    message = MappingProxyType(
        {
            "": "{how}: test does not run",
            "ci": "{how}: test does not run in CI, where {name} is set",
            "opt-in": "{how}: test runs only where {name} is set, which no CI configuration sets",
        }
    )

    def detect(self, facts: FileFacts, context: FileContext) -> Iterator[Finding]:
        """Unconditional skips, xfails, todos and focused (``.only``) tests, and skips whose
        environment condition holds in CI."""
        for s in facts.of_type(Skip):
            if not s.conditional:
                yield self.finding(s, variant="", how=s.how)
                continue
            name = s.env[0] if s.env else ""
            if s.skipped_where == "set" and (name in CI_VARIABLES):
                yield self.finding(s, variant="ci", how=s.how, name=name)
            elif (
                s.skipped_where == "unset"
                and name not in CI_VARIABLES
                and name not in context.ci_names
            ):
                yield self.finding(s, variant="opt-in", how=s.how, name=name)


# Set by every CI service (``CI``) or by the common ones under their own name.
CI_VARIABLES = frozenset(
    {
        "CI",
        "CONTINUOUS_INTEGRATION",
        "GITHUB_ACTIONS",
        "GITLAB_CI",
        "CIRCLECI",
        "TRAVIS",
        "BUILDKITE",
        "JENKINS_URL",
        "TF_BUILD",
        "BITBUCKET_BUILD_NUMBER",
    }
)
