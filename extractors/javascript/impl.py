"""JavaScript/TypeScript facts about production behaviour (DESIGN §6 ``impl.*``; judges
nothing).

One query (``queries/javascript/impl.scm``, compiled per grammar) finds the candidate nodes
in C; ``probes``, ``behaviour``, ``state``, ``expectations``, ``handlers``, ``allow_lists``
and the language-neutral ``common/answers.py`` (over ``adapter.py``) describe them, imported
names resolved through the file's semantic model.
"""

from __future__ import annotations

from ..common.answers import branch_answers, produced_words, table_answers
from ..common.dispatch import SourceFile, register
from ..common.languages import extensions
from ..facts import Fact
from .adapter import BEHAVIOUR
from .allow_lists import allow_lists, test_inputs
from .behaviour import declared_names, equality_overrides, runtime_patches
from .expectations import test_expectations
from .handlers import error_handlers
from .model import JsModel
from .probes import env_writes, runner_probes
from .state import state_flips


def extract_impl(source: SourceFile) -> tuple[Fact, ...]:
    """Runner probes, patches, equality hooks, state flips, answers, expectations, handlers."""
    model = source.model(JsModel)
    caps = source.captures("impl", source.language, "javascript")
    return (
        *runner_probes(source, model, caps),
        *env_writes(source, model, caps),
        *runtime_patches(source, model, caps, declared_names(caps, model)),
        *equality_overrides(source, caps),
        *state_flips(source, caps),
        *branch_answers(source, caps, BEHAVIOUR),
        *table_answers(source, caps, BEHAVIOUR),
        *produced_words(source, BEHAVIOUR),
        *test_expectations(source, caps),
        *error_handlers(source, caps),
        *allow_lists(source, caps),
        *test_inputs(source, caps),
    )


register("javascript", extensions("javascript"), extract_impl)
register("typescript", extensions("typescript"), extract_impl)
register("tsx", extensions("tsx"), extract_impl)
