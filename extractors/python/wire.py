"""The JSON a pydantic model serialises to: its fields, under their aliases.

FastAPI sends a route's ``response_model`` through pydantic, by alias unless told
otherwise. ``Field(alias=...)`` / ``serialization_alias=...`` rename one field;
``alias_generator`` (``ConfigDict``, a class keyword, v1 ``class Config``) renames the
others. pydantic's own generators (``to_camel``, ``to_pascal``, ``to_snake`` of
``pydantic.alias_generators``) are applied here exactly as pydantic applies them; any other
generator (a lambda, a repo function) cannot be known, so the model's JSON is unknown, as
it is with a ``@model_serializer`` or a base class from elsewhere. ``extra="allow"`` leaves
it open. Only fields are written: methods, properties and ``ClassVar`` are not.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

import tree_sitter as ts

from ..common import ir
from ..common import treesitter as T
from ..facts.contracts import Shape, ShapeField, obj, unknown
from . import strings as py_strings
from .model import (
    base_nodes,
    class_keywords,
    decorator_parts,
    decorators,
    definition_of,
    qualify,
)


def to_pascal(snake: str) -> str:
    """pydantic's ``to_pascal``."""
    return re.sub("([0-9A-Za-z])_(?=[0-9A-Z])", lambda m: m.group(1), snake.title())


def to_camel(snake: str) -> str:
    """pydantic's ``to_camel``: names already camelCase stay as they are."""
    if re.match("^[a-z]+[A-Za-z0-9]*$", snake) and not re.search(r"\d[a-z]", snake):
        return snake
    return re.sub("(^_*[A-Z])", lambda m: m.group(1).lower(), to_pascal(snake))


def to_snake(camel: str) -> str:
    """pydantic's ``to_snake``."""
    snake = re.sub(r"([A-Z]+)([A-Z][a-z])", lambda m: f"{m.group(1)}_{m.group(2)}", camel)
    snake = re.sub(r"([a-z])([A-Z])", lambda m: f"{m.group(1)}_{m.group(2)}", snake)
    snake = re.sub(r"([0-9])([A-Z])", lambda m: f"{m.group(1)}_{m.group(2)}", snake)
    snake = re.sub(r"([a-z])([0-9])", lambda m: f"{m.group(1)}_{m.group(2)}", snake)
    return snake.replace("-", "_").lower()


GENERATORS: dict[str, Callable[[str], str]] = {
    "to_camel": to_camel,
    "to_pascal": to_pascal,
    "to_snake": to_snake,
}
_UNKNOWN_RULE = "?"
_MANY = {"list", "List", "Sequence", "Iterable", "set", "Set", "frozenset", "FrozenSet"}
_NOT_CLASSES = {
    "None",
    "Any",
    "object",
    "dict",
    "Dict",
    "Mapping",
    "MutableMapping",
    "list",
    "tuple",
    "str",
    "int",
    "float",
    "bool",
    "bytes",
}


def model_type(text: str) -> tuple[str, bool] | None:
    """(dotted class, is a list of them) a type expression names: ``Order``,
    ``models.Order``, ``"Order"``, ``list[Order]``, ``Optional[Order]``, ``Order | None``;
    None for anything else (``dict[str, Order]``, unions of classes, builtins)."""
    text = re.sub(r"\s+", "", text).strip("'\"")
    many = False
    for _ in range(3):
        optional = re.fullmatch(r"(?:typing\.)?Optional\[(.+)\]", text)
        union = re.fullmatch(r"(.+)\|None|None\|(.+)", text)
        listed = re.fullmatch(r"([\w.]+)\[(.+)\]", text)
        if optional:
            text = optional.group(1)
        elif union:
            text = union.group(1) or union.group(2)
        elif listed and listed.group(1).rsplit(".", 1)[-1] in _MANY and not many:
            text, many = listed.group(2), True
        else:
            break
    text = text.strip("'\"")
    last = text.rsplit(".", 1)[-1]
    if not re.fullmatch(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)*", text) or last in _NOT_CLASSES:
        return None
    return text, many


def _last(node: ts.Node | None) -> str:
    return ir.dotted(ir.from_py(node)).rsplit(".", 1)[-1] if node is not None else ""


def _kwargs(call: ts.Node) -> dict[str, ts.Node]:
    """Keyword arguments of a call, or the string keys of a dict literal."""
    out: dict[str, ts.Node] = {}
    if call.type == "dictionary":
        for pair in call.named_children:
            key = pair.child_by_field_name("key") if pair.type == "pair" else None
            name = py_strings.string_text(key) if key is not None else None
            value = pair.child_by_field_name("value")
            if name is not None and value is not None:
                out[name] = value
        return out
    arguments = call.child_by_field_name("arguments")
    for argument in arguments.named_children if arguments is not None else ():
        if argument.type == "keyword_argument":
            value = argument.child_by_field_name("value")
            if value is not None:
                out[T.text(argument.child_by_field_name("name"))] = value
    return out


@dataclass
class _Model:
    """What one model class serialises: field -> (alias, annotation text, line)."""

    fields: dict[str, tuple[str | None, str, int]] = field(default_factory=dict)
    rule: str = ""  # a GENERATORS name, "" for none, "?" for one that cannot be known
    open: bool = False
    foreign: bool = False  # a base class from elsewhere: more fields, perhaps a generator
    opaque: bool = False  # ``@model_serializer``: not even an object is known
    line: int = 0


class Models:
    """The pydantic models of one file, by name, built on demand (bases first)."""

    def __init__(self, classes: dict[str, ts.Node], imports: dict[str, str]) -> None:
        self.nodes = classes
        self.imports = imports
        self.built: dict[str, _Model | None] = {}

    def wire(self, name: str, by_alias: bool, seen: tuple[str, ...] = ()) -> Shape:
        """The JSON object model ``name`` serialises to (keys by alias or by field name)."""
        model = self._model(name)
        if model is None or model.opaque:
            return unknown(model.line if model is not None else 0)
        fields: dict[str, ShapeField] = {}
        opened = model.open or model.foreign
        for python_name, (alias, annotation, line) in sorted(model.fields.items()):
            key = python_name
            renamed = model.foreign or model.rule == _UNKNOWN_RULE
            if by_alias and (alias == "" or (alias is None and renamed)):
                opened = True  # renamed to something we cannot read
                continue
            if by_alias:
                generate = GENERATORS.get(model.rule)
                key = alias or (generate(python_name) if generate else python_name)
            value = self._value(annotation, by_alias, line, (*seen, name))
            fields[key] = ShapeField(key, value, line)
        return obj(fields, open=opened, line=model.line)

    def _value(self, annotation: str, by_alias: bool, line: int, seen: tuple[str, ...]) -> Shape:
        """A field typed with another model of this file (or a list of them) nests its JSON."""
        target = model_type(annotation)
        if target is None or target[0] in seen or self._model(target[0]) is None:
            return unknown(line)
        inner = self.wire(target[0], by_alias, seen)
        return Shape("array", items=inner, line=line) if target[1] else inner

    def _model(self, name: str) -> _Model | None:
        if name not in self.built:
            node = self.nodes.get(name)
            self.built[name] = None  # a cycle of bases is no model
            self.built[name] = self._build(node) if node is not None else None
        return self.built[name]

    def _build(self, node: ts.Node) -> _Model | None:
        model = _Model(line=T.line_of(node))
        is_model = False
        for key, value in class_keywords(node):
            self._config(key, value, model)
        for base in base_nodes(node):
            last = _last(base)
            if last == "BaseModel":
                is_model = True
            elif last in ("Generic", "object"):
                continue
            elif base.type == "identifier" and self._model(last) is not None:
                inherited = self._model(last)
                assert inherited is not None
                is_model = True
                model.fields.update(inherited.fields)
                model.rule = model.rule or inherited.rule
                model.open = model.open or inherited.open
                model.foreign = model.foreign or inherited.foreign
                model.opaque = model.opaque or inherited.opaque
            else:
                model.foreign = True  # fields and aliases declared elsewhere
        if not is_model:
            return None
        body = node.child_by_field_name("body")
        for statement in body.named_children if body is not None else []:
            self._member(statement, model)
        return model

    def _member(self, statement: ts.Node, model: _Model) -> None:
        if statement.type == "class_definition":
            if T.text(statement.child_by_field_name("name")) == "Config":
                inner = statement.child_by_field_name("body")
                for item in inner.named_children if inner is not None else []:
                    assignment = item.named_children[0] if item.named_children else None
                    if assignment is not None and assignment.type == "assignment":
                        name = T.text(assignment.child_by_field_name("left"))
                        self._config(name, assignment.child_by_field_name("right"), model)
            return
        if statement.type == "decorated_definition":
            self._decorated(statement, model)
            return
        if statement.type != "expression_statement" or not statement.named_children:
            return
        assignment = statement.named_children[0]
        if assignment.type != "assignment":
            return
        left = assignment.child_by_field_name("left")
        right = assignment.child_by_field_name("right")
        annotation = assignment.child_by_field_name("type")
        if left is None or left.type != "identifier":
            return
        name = T.text(left)
        if name == "model_config" and right is not None:
            if right.type in ("call", "dictionary"):
                for key, value in _kwargs(right).items():
                    self._config(key, value, model)
            else:
                model.opaque = True
            return
        if annotation is None or name.startswith("_") or "ClassVar" in T.text(annotation):
            return
        alias: str | None = None
        for call in _field_calls([annotation, right]):
            options = _kwargs(call)
            if T.text(options.get("exclude")) == "True":
                return
            given = options.get("serialization_alias") or options.get("alias")
            if given is not None:
                alias = py_strings.string_text(given) or ""
        model.fields[name] = (alias, T.text(annotation), T.line_of(assignment))

    def _decorated(self, statement: ts.Node, model: _Model) -> None:
        """``@computed_field`` adds a field; ``@model_serializer`` writes what it likes."""
        definition = definition_of(statement)
        for decorator in decorators(definition):
            named, call = decorator_parts(decorator)
            name = _last(named)
            if name == "model_serializer":
                model.opaque = True
            elif name == "computed_field":
                given = _kwargs(call).get("alias") if call is not None else None
                alias = (py_strings.string_text(given) or "") if given is not None else None
                returns = definition.child_by_field_name("return_type")
                field_name = T.text(definition.child_by_field_name("name"))
                model.fields[field_name] = (alias, T.text(returns), T.line_of(definition))

    def _config(self, key: str, value: ts.Node | None, model: _Model) -> None:
        if value is None:
            return
        if key == "extra" and "allow" in T.text(value):
            model.open = True
        elif key == "alias_generator":
            model.rule = self._generator(value)

    def _generator(self, value: ts.Node) -> str:
        """The GENERATORS name an ``alias_generator`` value is, "" for none, else "?"."""
        if value.type == "none":
            return ""
        callee = value.child_by_field_name("function") if value.type == "call" else None
        if callee is not None and _last(callee) == "AliasGenerator":
            options = _kwargs(value)
            chosen = options.get("serialization_alias") or options.get("alias")
            return self._generator(chosen) if chosen is not None else ""
        if value.type not in ("identifier", "attribute"):
            return _UNKNOWN_RULE
        dotted = ir.dotted(ir.from_py(value))
        qualified = qualify(self.imports, dotted)
        last = qualified.rsplit(".", 1)[-1]
        if last in GENERATORS and qualified.startswith("pydantic."):
            return last
        return _UNKNOWN_RULE


def _field_calls(nodes: list[ts.Node | None]) -> list[ts.Node]:
    """``Field(...)`` calls in a field's value or its ``Annotated[...]`` annotation."""
    out: list[ts.Node] = []
    stack = [n for n in nodes if n is not None]
    while stack:
        node = stack.pop()
        if node.type == "call" and _last(node.child_by_field_name("function")) == "Field":
            out.append(node)
            continue
        if node.type not in ("lambda", "call"):
            stack.extend(node.named_children)
    return out
