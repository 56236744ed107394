"""The JSONata fields of an ASL state -> templates whose values are JSONata references.

A string ``{% expr %}`` is a JSONata expression. One that is a single reference
(``$states.input.order.id``, ``$states.result.Payload``,
``$states.context.Map.Item.Value.sku``, a variable ``$total.amount``) keeps it as its
``path``, written as in the expression; any other expression has a value that is not
known and ``reads`` every reference in it, ``vague`` when it tests what it reads
(``$exists``, a condition ``?``, ``and``/``or``, a default ``??``) so that a missing
field may be what it is ready for. Objects and arrays are templates in turn; other
values are literals. The extractor only records the expressions: the flow evaluates them.
"""

from __future__ import annotations

import re

from ..facts.contracts import TemplateField, unknown
from .cfn_yaml import PList, PMap
from .doc_shapes import of_value

_EXPRESSION = re.compile(r"^\s*\{%(.*)%\}\s*$", re.S)
_QUOTED = re.compile(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"")
_REFERENCE = re.compile(r"\$[A-Za-z_]\w*(?:\.[A-Za-z_]\w*|\[\d+\])*")
# names a JSONata expression binds itself: ``$x := ...``, ``function($x, $y)``
_BOUND = re.compile(r"\$([A-Za-z_]\w*)\s*:=")
_PARAMETERS = re.compile(r"function\s*\(([^)]*)\)")
_TESTS = re.compile(r"\$exists\s*\(|\?|\band\b|\bor\b")
# state keys whose JSONata value is what the state computes (each evaluated by the flow)
VALUES = ("Arguments", "Output", "Items", "ItemSelector", "Assign")
# keys that are not expressions of the state (its structure)
_STRUCTURE = frozenset(
    {"Type", "Next", "End", "Default", "Choices", "Catch", "Retry", "Resource", "Comment"}
    | {"QueryLanguage", "ItemProcessor", "Iterator", "Branches", "ProcessorConfig"}
    | set(VALUES)
)


def expression(text: str) -> str | None:
    """The JSONata expression of a ``{% ... %}`` string, else None."""
    match = _EXPRESSION.match(text)
    return match.group(1).strip() if match else None


def references(expr: str) -> tuple[str, ...]:
    """The references an expression reads (quoted text, function calls and the names the
    expression binds itself are not)."""
    text = _QUOTED.sub("''", expr)
    bound = set(_BOUND.findall(text))
    for params in _PARAMETERS.findall(text):
        bound.update(p.strip().lstrip("$") for p in params.split(","))
    out: list[str] = []
    for match in _REFERENCE.finditer(text):
        rest = text[match.end() :].lstrip()
        name = match.group(0)[1:].split(".")[0].split("[")[0]
        if rest.startswith("(") or name in bound or text[: match.start()].endswith("$"):
            continue
        out.append(match.group(0))
    return tuple(dict.fromkeys(out))


def value(name: str, raw: object, line: int) -> TemplateField:
    """One JSONata value (a field, an element, a whole ``Output``) as a template entry."""
    if isinstance(raw, dict):
        lines = raw.key_lines if isinstance(raw, PMap) else {}
        subs = tuple(value(str(k), v, lines.get(k, line)) for k, v in raw.items())
        return TemplateField(name, line, sub=subs)
    if isinstance(raw, list):
        at = raw.item_lines if isinstance(raw, PList) else []
        items = tuple(value(str(i), v, at[i] if i < len(at) else line) for i, v in enumerate(raw))
        return TemplateField(name, line, items=items)
    expr = expression(raw) if isinstance(raw, str) else None
    if expr is None:
        return TemplateField(name, line, value=of_value(raw, line))
    refs = references(expr)
    if len(refs) == 1 and refs[0] == expr:
        return TemplateField(name, line, path=expr)
    return TemplateField(
        name, line, value=unknown(line), reads=refs, vague=bool(_TESTS.search(expr))
    )


def fields(body: PMap) -> tuple[TemplateField, ...]:
    """A JSONata state's expressions, each named by its key: the values it computes
    (``Arguments``, ``Output``, ``Items``, ``ItemSelector``, ``Assign``, a Choice rule's
    ``Condition``/``Assign``/``Output``), a Map's ``ItemReader``/``BatchInput``/
    ``ResultWriter`` arguments, and any other key holding an expression
    (``Seconds``, ``TimeoutSeconds``, ``Error``...)."""
    out = [value(key, body[key], body.line_of(key)) for key in VALUES if key in body]
    choices = body.get("Choices")
    if isinstance(choices, list):
        for rule in choices:
            if isinstance(rule, PMap):
                keys = ("Condition", "Assign", "Output")
                out += [value(k, rule[k], rule.line_of(k)) for k in keys if k in rule]
    for key, config in (("ItemReader", "Arguments"), ("ResultWriter", "Arguments")):
        inner = body.get(key)
        if isinstance(inner, PMap) and config in inner:
            out.append(value(key, inner[config], inner.line_of(config)))
    batcher = body.get("ItemBatcher")
    if isinstance(batcher, PMap) and "BatchInput" in batcher:
        out.append(value("BatchInput", batcher["BatchInput"], batcher.line_of("BatchInput")))
    for key, raw in body.items():
        if key in _STRUCTURE or not isinstance(raw, str) or expression(raw) is None:
            continue
        out.append(value(str(key), raw, body.line_of(str(key))))
    return tuple(out)
