"""Which tests run at a revision, from each runner's own configuration, and what changed.

``compare(base_view, head_view)`` returns every :class:`Change` by which HEAD runs less of the
test suite than BASE did, sorted. A change is ``removed`` (a BASE test is deleted, or renamed
or moved out of what the runner collects; DESIGN §6's ``test.removed``) or ``config-weakened``
(DESIGN §6's ``test.config-weakened``: a setting, option, hook or command now drops it, a
test command can no longer fail the build, or a coverage threshold is lowered). Every change
names the file and line of its cause.

A BASE test that ran is never assumed to still run: where the model cannot compute the answer
(a conftest hook whose effect is not literal, a configuration built at run time, a spread in a
JS config object, a ``--lf`` or ``--onlyChanged`` selection, a value from a variable, a shell it
does not model) the change is ``UNKNOWN``, and the same unknown at BASE and HEAD is no change.
"""

from .compare import compare
from .model import CONFIG_WEAKENED, REMOVED, Cause, Change, Status, Suite, Verdict
from .runs import RevisionRuns, revision_runs

__all__ = [
    "CONFIG_WEAKENED",
    "REMOVED",
    "Cause",
    "Change",
    "RevisionRuns",
    "Status",
    "Suite",
    "Verdict",
    "compare",
    "revision_runs",
]
