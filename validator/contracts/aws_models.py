"""The AWS SDK boundary: botocore's service models are the producer of every boto3 response.

A boto3 client returns what AWS sends, parsed by botocore against the service model that
ships in the botocore wheel (offline). So a handler's read, an enum comparison or a test's
stubbed response is looked up in the operation's output shape, loaded with botocore's
own loader and cached per service: whether a read path is in it (and, when not, a member
spelling the missing field differently), the enum values a compared field allows, and
whether each key of a stubbed response is in the shape.

The producer side of a row names the model: file ``botocore:<service>/<Operation>``,
line 0, path the fields matched inside the output shape. Structures are walked by member
name, lists by ``[0]``/iteration (``*``), maps by any key; past a scalar, a document or an
event stream the model says nothing more (the rest is a Python attribute). An unknown
service is observed as such; a method that is no operation of the service
(``get_waiter``, ``upload_file``), a client that cannot be resolved, and a mock of
something that is no client are not observed at all.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from typing import TYPE_CHECKING

from ...extractors.facts import FileFacts
from ...extractors.facts.contracts import SdkCall, SdkClient, SdkMock
from ..report.model import FieldRef
from .observations import (
    EnumComparison,
    ModelRead,
    ModelStub,
    Observation,
    StubEntry,
    UnknownModel,
)


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


def _enum(shape: botocore.model.Shape | None) -> tuple[str, ...]:
    return tuple(getattr(shape, "enum", []) or []) if shape is not None else ()


def _dotted(path: tuple[str, ...]) -> str:
    return ".".join(path)


def _members(shape: botocore.model.Shape | None) -> tuple[str, ...]:
    if shape is None or shape.type_name != "structure":
        return ()
    return tuple(sorted(shape.members))


@dataclass(frozen=True)
class _Op:
    """One operation as the observations name it."""

    service: str
    model: botocore.model.OperationModel

    @property
    def label(self) -> str:
        return f"{self.service} {self.model.name}"

    def ref(self, path: tuple[str, ...]) -> FieldRef:
        return FieldRef(f"botocore:{self.service}/{self.model.name}", 0, _dotted(path))


def _call_observations(call: SdkCall) -> list[Observation]:
    """The reads and enum comparisons made on one operation's response, against its
    output shape."""
    files = frozenset(f for f in (call.file,) if f)
    boundary = f"botocore {call.service}.{call.method} -> {call.symbol or call.file}"
    if service_model(call.service) is None:
        if not call.reads and not call.tests:
            return []
        at = FieldRef(call.file, call.line, call.client)
        return [
            UnknownModel(boundary=boundary, files=files, at=at, service=call.service, mocked=False)
        ]
    model = operation(call.service, call.method)
    if model is None:
        return []
    op = _Op(call.service, model)
    output = model.output_shape
    out: list[Observation] = []
    for read in call.reads:
        found = walk(output, read.path)
        absent = found.found == Found.ABSENT
        missing = read.path[found.depth] if absent else ""
        near = near_spellings(found.shape, missing)[:1] if absent else []
        out.append(
            ModelRead(
                boundary=boundary,
                files=files,
                consumer=FieldRef(call.file, read.line, _dotted(read.path)),
                path=_dotted(read.path),
                model=op.label,
                in_model=not absent,
                written=op.ref(read.path[: found.depth]),
                missing=missing,
                inside=_dotted(read.path[: found.depth]),
                members=_members(found.shape) if absent else (),
                near=op.ref((*read.path[: found.depth], near[0])) if near else None,
                guarded=read.guarded > found.depth,
            )
        )
    for test in call.tests:
        found = walk(output, test.path)
        allowed = _enum(found.shape) if found.found == Found.PRESENT else ()
        if not allowed:
            continue
        out.append(
            EnumComparison(
                boundary=boundary,
                files=files,
                consumer=FieldRef(call.file, test.line, _dotted(test.path)),
                path=_dotted(test.path),
                model=op.label,
                field=op.ref(test.path),
                values=tuple(test.values),
                allowed=allowed,
            )
        )
    return out


def _stub_observation(mock: SdkMock, service: str, files: set[str]) -> list[Observation]:
    """One stubbed response: every key against the output shape, with the enum values
    the shape allows where it lists them."""
    boundary = f"botocore {service}.{mock.method} (mock, {mock.file}:{mock.line})"
    rests_on = frozenset(f for f in files if f)
    if service_model(service) is None:
        at = FieldRef(mock.file, mock.line, f"{mock.client}.{mock.method}")
        return [
            UnknownModel(boundary=boundary, files=rests_on, at=at, service=service, mocked=True)
        ]
    model = operation(service, mock.method)
    if model is None:
        return []
    op = _Op(service, model)
    entries: list[StubEntry] = []
    for entry in mock.entries:
        found = walk(model.output_shape, entry.path)
        absent = found.found == Found.ABSENT
        missing = entry.path[found.depth] if absent else ""
        near = near_spellings(found.shape, missing)[:1] if absent else []
        entries.append(
            StubEntry(
                path=entry.path,
                at=FieldRef(mock.file, entry.line, _dotted(entry.path)),
                in_model=not absent,
                missing=missing,
                inside=_dotted(entry.path[: found.depth]),
                members=_members(found.shape) if absent else (),
                near=near[0] if near else None,
                written=op.ref(entry.path[: found.depth]),
                field=op.ref(entry.path),
                value=entry.value,
                allowed=_enum(found.shape) if found.found == Found.PRESENT else (),
            )
        )
    return [
        ModelStub(
            boundary=boundary,
            files=rests_on,
            model=op.label,
            response=op.ref(()),
            entries=tuple(entries),
        )
    ]


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


def sdk_observations(all_facts: Iterable[FileFacts]) -> list[Observation]:
    """Every SDK call's reads and every SDK mock of the repository, against the models."""
    calls: list[SdkCall] = []
    mocks: list[SdkMock] = []
    clients: dict[str, list[SdkClient]] = {}
    for facts in all_facts:
        calls += facts.of_type(SdkCall)
        mocks += facts.of_type(SdkMock)
        for client in facts.of_type(SdkClient):
            clients.setdefault(client.name, []).append(client)
    out: list[Observation] = []
    for call in sorted(calls, key=lambda c: (c.file, c.line, c.method)):
        out += _call_observations(call)
    for mock in sorted(mocks, key=lambda m: (m.file, m.line, m.method)):
        files = {mock.file}
        service = mock.service
        if not service:
            client = _client_of(mock.client, clients)
            if client is None:
                continue
            service = client.service
            files.add(client.file)
        out += _stub_observation(mock, service, files)
    return out
