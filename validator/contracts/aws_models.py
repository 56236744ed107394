"""The AWS SDK boundary: botocore's service models are the producer of every boto3 response.

A boto3 client returns what AWS sends, parsed by botocore against the service model that
ships in the botocore wheel (offline). So a handler's read, an enum comparison or a test's
stubbed response is checked against the operation's output shape, loaded with botocore's
own loader and cached per service:

- Q2 ``contract.missing-field``: a read path the output shape lacks (FAIL; PASS under an
  existence check), a string compared to an enum-typed field that the enum lacks (FAIL);
- Q4 ``contract.naming-drift``: the missing field exists under a near spelling (case,
  ``_``, plural/singular) in the same structure;
- Q1 ``contract.mock-drift``: a ``Stubber``/mock response with a key the output shape lacks
  or a value outside an enum (FAIL at the key's line).

The producer side of a row names the model: file ``botocore:<service>/<Operation>``,
line 0, path the fields matched inside the output shape. Structures are walked by member
name, lists by ``[0]``/iteration (``*``), maps by any key; past a scalar, a document or an
event stream the model says nothing more (the rest is a Python attribute: PASS). An
unknown service is UNKNOWN; a method that is no operation of the service (``get_waiter``,
``upload_file``), a client that cannot be resolved, and a mock of something that is no
client give no row at all.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from functools import cache, partial
from typing import TYPE_CHECKING

from ...extractors.facts import FileFacts
from ...extractors.facts.contracts import SdkCall, SdkClient, SdkMock
from ..findings import Status
from ..report.model import FieldRef
from .answer import Answer, Question, answer_row


class Found(StrEnum):
    """Where a path ends in an operation's output shape."""

    PRESENT = "present"
    ABSENT = "absent"
    OPAQUE = "opaque"  # the model types the value no further (scalar, document, metadata)


if TYPE_CHECKING:
    import botocore.loaders
    import botocore.model

# botocore is imported the first time a service model is needed: most audits have no
# boto3 call, and loading botocore costs a tenth of a second.

# boto3 adds this key to every response; it is in no output shape.
_METADATA = "ResponseMetadata"
_SERVICE_NAME = re.compile(r"[a-z0-9][a-z0-9-]*")
_SHOWN = 8
_SHOWN_VALUES = 12


@cache
def _loader() -> botocore.loaders.Loader:
    import botocore.loaders

    return botocore.loaders.create_loader()


@cache
def service_model(service: str) -> botocore.model.ServiceModel | None:
    """The service model botocore ships for ``service`` ("athena"), or None."""
    if not _SERVICE_NAME.fullmatch(service):
        return None
    import botocore.model
    from botocore.exceptions import BotoCoreError

    try:
        data = _loader().load_service_model(service, "service-2")
    except BotoCoreError:
        return None
    return botocore.model.ServiceModel(data, service_name=service)


@cache
def _operations(service: str) -> dict[str, str]:
    model = service_model(service)
    if model is None:
        return {}
    from botocore import xform_name

    return {xform_name(name): name for name in model.operation_names}


def operation(service: str, method: str) -> botocore.model.OperationModel | None:
    """The operation a client method calls (``get_query_execution`` -> GetQueryExecution)."""
    name = _operations(service).get(method)
    model = service_model(service)
    return model.operation_model(name) if name is not None and model is not None else None


@dataclass(frozen=True)
class Walk:
    """Where a path ends in an output shape.

    ``depth`` segments matched; ``shape`` is the shape reached (PRESENT) or the structure
    lacking the next segment (ABSENT)."""

    found: Found
    depth: int
    shape: botocore.model.Shape | None = None


def walk(output: botocore.model.Shape | None, path: tuple[str, ...]) -> Walk:
    """Follow ``path`` through ``output`` (None: the operation returns no fields)."""
    shape = output
    for i, segment in enumerate(path):
        if i == 0 and segment == _METADATA:
            return Walk(Found.OPAQUE, 1)
        if shape is None:
            return Walk(Found.ABSENT, i)
        kind = shape.type_name
        if kind == "structure":
            if shape.metadata.get("document") or shape.metadata.get("eventstream"):
                return Walk(Found.OPAQUE, i, shape)
            members = shape.members
            if segment not in members:
                if segment == "*" or segment.lstrip("-").isdigit():
                    return Walk(Found.OPAQUE, i, shape)
                return Walk(Found.ABSENT, i, shape)
            shape = members[segment]
        elif kind == "list":
            if segment != "*" and not segment.lstrip("-").isdigit():
                return Walk(Found.OPAQUE, i, shape)
            shape = shape.member
        elif kind == "map":
            shape = shape.value
        else:
            return Walk(Found.OPAQUE, i, shape)
    return Walk(Found.PRESENT, len(path), shape)


def _normal(name: str) -> str:
    return name.replace("_", "").replace("-", "").lower()


def _forms(name: str) -> set[str]:
    """A normalised name with its singular candidates: ``causes`` -> causes, cause, caus."""
    n = _normal(name)
    out = {n}
    if n.endswith("s"):
        out.add(n[:-1])
    if n.endswith("es"):
        out.add(n[:-2])
    if n.endswith("ies"):
        out.add(n[:-3] + "y")
    return out


def near_spellings(shape: botocore.model.Shape | None, name: str) -> list[str]:
    """Members of a structure that spell ``name`` differently: case, ``_``, plural/singular."""
    if shape is None or shape.type_name != "structure":
        return []
    wanted = _forms(name)
    return sorted(m for m in shape.members if m != name and _forms(m) & wanted)


def _enum(shape: botocore.model.Shape | None) -> list[str]:
    return list(getattr(shape, "enum", []) or []) if shape is not None else []


def _allowed(values: list[str], allowed: list[str]) -> str:
    """``allows only A, B, C`` plus the closest allowed spelling of a wrong value."""
    close = [m for v in values for m in difflib.get_close_matches(v, allowed, n=1, cutoff=0.6)]
    hint = f" (did you mean {close[0]}?)" if close else ""
    shown = ", ".join(allowed[:_SHOWN_VALUES]) + (", ..." if len(allowed) > _SHOWN_VALUES else "")
    return f"allows only {shown}{hint}"


def _dotted(path: tuple[str, ...]) -> str:
    return ".".join(path)


def _members(shape: botocore.model.Shape | None) -> str:
    names = sorted(shape.members) if shape is not None and shape.type_name == "structure" else []
    shown = ", ".join(names[:_SHOWN]) + (", ..." if len(names) > _SHOWN else "")
    return f"its fields are {shown}" if names else "it has no fields"


@dataclass(frozen=True)
class _Op:
    """One operation as the rows name it."""

    service: str
    model: botocore.model.OperationModel

    @property
    def label(self) -> str:
        return f"{self.service} {self.model.name}"

    def ref(self, path: tuple[str, ...]) -> FieldRef:
        return FieldRef(f"botocore:{self.service}/{self.model.name}", 0, _dotted(path))


def _call_rows(call: SdkCall) -> list[Answer]:
    """Q2/Q4 for the reads and enum comparisons made on one operation's response."""
    files = {call.file}
    boundary = f"botocore {call.service}.{call.method} -> {call.symbol or call.file}"
    row = partial(answer_row, boundary=boundary, files=files)
    if service_model(call.service) is None:
        if not call.reads and not call.tests:
            return []
        at = FieldRef(call.file, call.line, call.client)
        why = f"botocore has no service model named {call.service!r}"
        return [
            row(
                question=Question.MISSING_FIELD,
                consumer=at,
                status=Status.UNKNOWN,
                reason=why,
                at=at,
            )
        ]
    model = operation(call.service, call.method)
    if model is None:
        return []
    op = _Op(call.service, model)
    output = model.output_shape
    out: list[Answer] = []
    for read in call.reads:
        consumer = FieldRef(call.file, read.line, _dotted(read.path))
        found = walk(output, read.path)
        if found.found != Found.ABSENT:
            why = f"in the {op.label} output"
            out.append(
                row(
                    question=Question.MISSING_FIELD,
                    producer=op.ref(read.path[: found.depth]),
                    consumer=consumer,
                    status=Status.PASS,
                    reason=why,
                )
            )
            continue
        missing = read.path[found.depth]
        where = op.ref(read.path[: found.depth])
        for other in near_spellings(found.shape, missing)[:1]:
            elsewhere = op.ref((*read.path[: found.depth], other))
            why = f"reads {_dotted(read.path)}; the {op.label} output has {elsewhere.path}"
            out.append(
                row(
                    question=Question.NAMING_DRIFT,
                    producer=elsewhere,
                    consumer=consumer,
                    status=Status.FAIL,
                    reason=why,
                    at=consumer,
                )
            )
        if read.guarded > found.depth:
            why = "not in the model, but only read under an existence check"
            out.append(
                row(
                    question=Question.MISSING_FIELD,
                    producer=where,
                    consumer=consumer,
                    status=Status.PASS,
                    reason=why,
                )
            )
            continue
        inside = _dotted(read.path[: found.depth]) or "the response"
        why = (
            f"reads {_dotted(read.path)}; the {op.label} output has no {missing} in {inside} "
            f"({_members(found.shape)})"
        )
        out.append(
            row(
                question=Question.MISSING_FIELD,
                producer=where,
                consumer=consumer,
                status=Status.FAIL,
                reason=why,
                at=consumer,
            )
        )
    for test in call.tests:
        found = walk(output, test.path)
        allowed = _enum(found.shape) if found.found == Found.PRESENT else []
        if not allowed:
            continue
        consumer = FieldRef(call.file, test.line, _dotted(test.path))
        producer = op.ref(test.path)
        bad = [v for v in test.values if v not in allowed]
        if not bad:
            why = f"compares {_dotted(test.path)} with values of its enum"
            out.append(
                row(
                    question=Question.MISSING_FIELD,
                    producer=producer,
                    consumer=consumer,
                    status=Status.PASS,
                    reason=why,
                )
            )
            continue
        why = (
            f"compares {_dotted(test.path)} with {', '.join(map(repr, bad))}; the {op.label} "
            f"model {_allowed(bad, allowed)}"
        )
        out.append(
            row(
                question=Question.MISSING_FIELD,
                producer=producer,
                consumer=consumer,
                status=Status.FAIL,
                reason=why,
                at=consumer,
            )
        )
    return out


def _mock_rows(mock: SdkMock, service: str, files: set[str]) -> list[Answer]:
    """Q1 for one stubbed response: every key in the output shape, every enum value allowed."""
    boundary = f"botocore {service}.{mock.method} (mock, {mock.file}:{mock.line})"
    row = partial(answer_row, boundary=boundary, files=files)
    at = FieldRef(mock.file, mock.line, f"{mock.client}.{mock.method}")
    if service_model(service) is None:
        why = f"botocore has no service model named {service!r}"
        return [
            row(
                question=Question.MOCK_DRIFT,
                consumer=at,
                status=Status.UNKNOWN,
                reason=why,
                at=at,
            )
        ]
    model = operation(service, mock.method)
    if model is None:
        return []
    op = _Op(service, model)
    out: list[Answer] = []
    reported: list[tuple[str, ...]] = []
    for entry in mock.entries:
        if any(entry.path[: len(r)] == r for r in reported):
            continue
        found = walk(model.output_shape, entry.path)
        where = FieldRef(mock.file, entry.line, _dotted(entry.path))
        if found.found == Found.ABSENT:
            reported.append(entry.path)
            missing = entry.path[found.depth]
            near = near_spellings(found.shape, missing)
            hint = f"; did you mean {near[0]}?" if near else f" ({_members(found.shape)})"
            inside = _dotted(entry.path[: found.depth]) or "the response"
            why = f"the mock has {_dotted(entry.path)}; the {op.label} output has no "
            why += f"{missing} in {inside}{hint}"
            producer = op.ref(entry.path[: found.depth])
            out.append(
                row(
                    question=Question.MOCK_DRIFT,
                    producer=producer,
                    status=Status.FAIL,
                    reason=why,
                    at=where,
                )
            )
            continue
        allowed = _enum(found.shape) if found.found == Found.PRESENT else []
        if entry.value is not None and allowed and entry.value not in allowed:
            reported.append(entry.path)
            why = (
                f"the mock sets {_dotted(entry.path)} to {entry.value!r}; the {op.label} "
                f"model {_allowed([entry.value], allowed)}"
            )
            out.append(
                row(
                    question=Question.MOCK_DRIFT,
                    producer=op.ref(entry.path),
                    status=Status.FAIL,
                    reason=why,
                    at=where,
                )
            )
    if not out:
        why = f"every key and enum value is in the {op.label} output"
        out.append(
            row(
                question=Question.MOCK_DRIFT,
                producer=op.ref(()),
                status=Status.PASS,
                reason=why,
            )
        )
    return out


def _client_of(name: str, clients: dict[str, list[SdkClient]]) -> SdkClient | None:
    """The client a qualified name stands for: exact, else the one client whose name ends
    with it (``app.handler.athena`` for ``src.app.handler.athena`` under a source root)."""
    exact = clients.get(name, [])
    if len({c.service for c in exact}) == 1:
        return exact[0]
    if exact:
        return None
    tails = [c for key, found in clients.items() if key.endswith(f".{name}") for c in found]
    return tails[0] if len({(c.file, c.service) for c in tails}) == 1 else None


def sdk_answers(all_facts: Iterable[FileFacts]) -> list[Answer]:
    """Q1/Q2/Q4 rows of every SDK call and SDK mock of the repository."""
    calls: list[SdkCall] = []
    mocks: list[SdkMock] = []
    clients: dict[str, list[SdkClient]] = {}
    for facts in all_facts:
        calls += facts.of_type(SdkCall)
        mocks += facts.of_type(SdkMock)
        for client in facts.of_type(SdkClient):
            clients.setdefault(client.name, []).append(client)
    out: list[Answer] = []
    for call in sorted(calls, key=lambda c: (c.file, c.line, c.method)):
        out += _call_rows(call)
    for mock in sorted(mocks, key=lambda m: (m.file, m.line, m.method)):
        files = {mock.file}
        service = mock.service
        if not service:
            client = _client_of(mock.client, clients)
            if client is None:
                continue
            service = client.service
            files.add(client.file)
        out += _mock_rows(mock, service, files)
    return out
