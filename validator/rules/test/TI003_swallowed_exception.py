"""TI003 swallowed-exception: a catch-all handler doing nothing turns every failure into a pass."""

from __future__ import annotations

from collections.abc import Iterator

from ....extractors.facts import FileFacts
from ....extractors.facts.integrity import Handler
from ...findings import Finding
from ..rule import FileContext, FileRule


class SwallowedException(FileRule):
    """## What it does
    Finds catch-all handlers inside tests that do nothing: `except Exception: pass`,
    a bare `except:`, `except AssertionError: pass`, `catch (e) {}`, or a handler
    that only returns.

    ## Why is this bad?
    A failing assertion raises; a handler that swallows everything turns every
    failure into a pass.

    ## Example
    ```python
    def test_parse():
        try:
            assert parse("1") == 1
        except Exception:
            pass
    ```

    Use instead:
    ```python
    def test_parse():
        assert parse("1") == 1
    ```

    ## Limits
    Not reported yet (a known miss, marked `todoruleid` in the rule's fixtures): a
    catch-all handler whose only statement is `continue`, which swallows a failed
    check inside a loop as `pass` does.

    ## How to suppress
    `# ralph-validate: ignore[TI003] <reason>` on the line of the handler or above.
    """

    id = "TI003"
    kind = "test.swallowed-exception"
    name = "swallowed-exception"
    summary = "A catch-all handler in a test that hides failures."
    message = "handler catches {caught} and does nothing"

    def detect(self, facts: FileFacts, context: FileContext) -> Iterator[Finding]:
        """Catch-all handlers inside tests whose body is empty, ``pass`` or a bare return."""
        for h in facts.of_type(Handler):
            catch_all = not h.caught or any(t.rsplit(".", 1)[-1] in _CATCH_ALL for t in h.caught)
            if h.in_test and catch_all and h.body in ("empty", "pass", "return"):
                yield self.finding(h, caught=", ".join(h.caught) or "everything")


_CATCH_ALL = {"Exception", "BaseException", "AssertionError", "Throwable", "Error", "object"}
