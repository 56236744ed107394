"""JSON data files beside tests (fixtures, recorded payloads) -> ``DataDocument`` facts.

A test double may return what its test loads from such a file; the double's fact names
the file and the validator reads the shape from here. Only files of the test side or of
sample data (``tests/``, ``fixtures/``, ``__mocks__/``, ``order.fixture.json``) are read,
and none larger than ``_LIMIT`` bytes: lock files, manifests and build output are not
data a test loads.
"""

from __future__ import annotations

from ..common.dispatch import SourceFile, register
from ..common.paths import is_sample_data_path, is_test_side
from ..facts.contracts import DataDocument, Fact
from . import cfn_yaml
from .doc_shapes import of_value

_LIMIT = 256 * 1024


def extract_data_document(source: SourceFile) -> tuple[Fact, ...]:
    """The shape of one JSON data file, when tests may load it."""
    if len(source.data) > _LIMIT:
        return ()
    if not (is_test_side(source.path) or is_sample_data_path(source.path)):
        return ()
    value = cfn_yaml.load(source.text, json_text=True)
    if not isinstance(value, (dict, list)):
        return ()
    line = getattr(value, "line", 1)
    return (
        DataDocument(file=source.path, line=line, symbol=source.path, shape=of_value(value, line)),
    )


register("json", (".json",), extract_data_document)
