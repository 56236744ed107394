"""Python facts about production behaviour (DESIGN §6 ``impl.*``; judges nothing).

One query (``queries/python/impl.scm``) finds the candidate nodes in C; the readers in
``probes``, ``probe_sets``, ``behaviour``, ``expectations``, ``handlers``, ``allow_lists``
and the language-neutral ``common/answers.py`` (over ``adapter.py``) describe them, names
resolved through the file's semantic model.
"""

from __future__ import annotations

from ..common.answers import branch_answers, produced_words, table_answers
from ..common.dispatch import SourceFile, register
from ..common.languages import sources
from ..facts import Fact
from .adapter import BEHAVIOUR
from .allow_lists import allow_lists, test_inputs
from .behaviour import equality_overrides, runtime_patches
from .expectations import test_expectations
from .handlers import error_handlers
from .model import PythonModel
from .probe_sets import set_probes
from .probes import attribute_probes, env_writes, runner_probes
from .state import state_flips


def extract_impl(source: SourceFile) -> tuple[Fact, ...]:
    """Runner probes, patches, equality hooks, state flips, answers, expectations, handlers."""
    model = source.model(PythonModel)
    caps = source.captures("impl", "python")
    return (
        *runner_probes(source, model, caps),
        *attribute_probes(source, model, caps),
        *set_probes(source, model, caps),
        *env_writes(source, model, caps),
        *runtime_patches(source, model, caps),
        *equality_overrides(source, caps),
        *state_flips(source, caps),
        *branch_answers(source, caps, BEHAVIOUR),
        *table_answers(source, caps, BEHAVIOUR),
        *produced_words(source, BEHAVIOUR),
        *test_expectations(source, model, caps),
        *error_handlers(source, model, caps),
        *allow_lists(source, model, caps),
        *test_inputs(source, caps),
    )


register("python", sources("python"), extract_impl)
