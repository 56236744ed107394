"""Contract facts at the AWS SDK boundary: boto3 clients, operation calls, stubbed responses.

A boto3 response is produced by AWS; its shape lives in botocore's service model, which the
validator loads (``validator/contracts/aws_models.py``). This extractor only records what the
code states: which names hold a client of which service (``boto3.client("athena")``,
``session.client(...)``, ``boto3.Session().client(...)``, ``self.sfn = ...``), which operations
are called on them and the field paths read on the responses (the ``reads`` machinery, plus
aliases, loops, paginators and comparisons with string literals), and the responses tests
hand in instead (``Stubber(c).add_response``, ``patch.object(c, "op", return_value=...)``,
``m.op.return_value = ...`` / ``side_effect = [...]``). Clients of another file are named
by qualified name; the validator resolves them through ``SdkClient`` facts.
"""

from __future__ import annotations

from ...common.dispatch import SourceFile, register
from ...common.languages import sources
from ...facts import Fact
from ..model import PythonModel
from .calls import OperationCalls
from .clients import SdkFile
from .mocks import MockedResponses

_MARKERS = (b"boto", b"Stubber", b"return_value", b"side_effect")


def extract_aws_sdk(source: SourceFile) -> tuple[Fact, ...]:
    """SDK clients, operation calls with their reads, and mocked responses of one file."""
    if not any(marker in source.data for marker in _MARKERS):
        return ()
    caps = source.captures("contract_code", "python")
    idents = caps.get("ident", [])
    state = SdkFile(
        path=source.path,
        model=source.model(PythonModel),
        idents=idents,
        bindings=caps.get("binding", []),
    )
    state.scan_bindings()
    if state.clients or state.members:
        OperationCalls(state).scan(idents)
    mocks = MockedResponses(state)
    if b"Stubber" in source.data:
        mocks.scan_stubbers([i for i in idents if i.text == b"Stubber"])
    mocks.scan_patches(caps.get("patch", []))
    return tuple(sorted(state.facts, key=lambda f: (f.line, type(f).__name__, repr(f))))


register("python", sources("python"), extract_aws_sdk)
