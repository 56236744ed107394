"""The shape of a value read from a JSON/YAML document (a Pass ``Result``, a mocked payload)."""

from __future__ import annotations

from ..facts.contracts import ARRAY, SCALAR, Shape, ShapeField, obj, scalar, union, unknown
from .cfn_yaml import PList, PMap, Tagged


def of_value(value: object, line: int) -> Shape:
    """The shape of a JSON/YAML value read from a document."""
    if isinstance(value, dict):
        lines = value.key_lines if isinstance(value, PMap) else {}
        own = value.line if isinstance(value, PMap) else line
        fields = {
            str(k): ShapeField(str(k), of_value(v, lines.get(str(k), own)), lines.get(str(k), own))
            for k, v in value.items()
        }
        return obj(fields, line=own)
    if isinstance(value, list):
        own = value.line if isinstance(value, PList) else line
        items = [of_value(v, own) for v in value]
        return Shape(ARRAY, items=union(items, own) if items else unknown(own), line=own)
    if isinstance(value, Tagged):
        return unknown(value.line)
    if isinstance(value, str):
        return Shape(SCALAR, line=line, values=(value,))
    return scalar(line)
