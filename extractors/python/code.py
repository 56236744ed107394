"""Contract facts of Python code: producers, HTTP routes, consumers, doubles, records, aliases.

Producers are functions with ``return`` statements (``returns``); a function whose returns
show no fields but whose annotation names a class (``-> Order``) carries that class's
qualified name for the validator to join with the class's ``Record`` (``records``).
FastAPI/Flask route decorators make a producer an HTTP route (``routes``). Consumers are
in ``consumers``, test doubles in ``doubles``. Import aliases and relative imports are
resolved by the file's semantic model (``model``), so facts carry qualified names;
module-level imports are also kept as ``PyAlias`` facts so that the validator can follow
re-exports across files.
"""

from __future__ import annotations

from functools import partial

import tree_sitter as ts

from ..common import reads
from ..common import treesitter as T
from ..common.dispatch import SourceFile, register
from ..common.languages import sources
from ..common.returns import function_shape
from ..facts import Fact, symbol_id
from ..facts.contracts import Producer, PyAlias, unknown
from .adapter import PYTHON
from .consumers import consumers
from .doubles import Doubles
from .model import PythonModel, qualname
from .records import class_bases, functional_records, records
from .routes import NO_MODEL, declared_class, response_of, route_of, route_prefixes


def _aliases(model: PythonModel) -> list[Fact]:
    """The names module-level imports bind (``from .client import fetch``): a consumer that
    imports ``fetch`` from this module reaches ``client.fetch`` through them."""
    lines = {bound.local: bound.line for bound in model.imports if bound.top_level}
    return [
        PyAlias(
            file=model.path,
            line=lines[name],
            symbol=model.path,
            name=name,
            qualified=model.qualified[name],
        )
        for name in sorted(lines)
        if name in model.qualified and not model.qualified[name].startswith("__future__")
    ]


def _producers(model: PythonModel, root: ts.Node, functions: list[ts.Node]) -> list[Fact]:
    path, imports = model.path, model.qualified
    prefixes = route_prefixes(root)
    facts: list[Fact] = []
    for function in functions:
        shape = function_shape(function, PYTHON)
        if shape is None:
            continue
        name = qualname(function)
        declared = declared_class(model, function, shape) if "." not in name else ""
        response = response_of(model, function)
        if response is None:
            shape, response = unknown(T.line_of(function)), NO_MODEL
        delegates: tuple[tuple[str, str], ...] = ()
        options = shape.options if shape.kind == "union" else (shape,)
        if not declared and not any(o.kind in ("object", "array") for o in options):
            called = reads.returned_calls(function, PYTHON) or []
            delegates = tuple(
                tuple(imports[n].rpartition(".")[::2]) if n in imports else ("", n)
                for n in called
                if n != name
            )
        facts.append(
            Producer(
                file=path,
                line=T.line_of(function),
                symbol=symbol_id(path, name),
                name=name,
                shape=shape,
                route=route_of(function, prefixes),
                exported=not name.split(".")[-1].startswith("_"),
                declared=declared,
                delegates=delegates,
                response_model=response[0],
                response_by_alias=response[1],
                response_many=response[2],
                response_partial=response[3],
            )
        )
    return facts


def extract_py_contracts(source: SourceFile) -> tuple[Fact, ...]:
    """Producers, routes, consumers and mocks of one Python file."""
    root = source.tree.root_node
    caps = source.captures("contract_code", "python")
    model = source.model(PythonModel)
    functions = caps.get("function", [])
    local = {qualname(f) for f in functions}
    facts = _producers(model, root, functions)
    facts += consumers(model, caps, local)
    facts += Doubles(source.path, caps, model, partial(function_shape, syntax=PYTHON)).facts()
    facts += records(source.path, caps.get("class", []), model.qualified)
    facts += class_bases(source.path, caps.get("class", []), model.qualified)
    facts += functional_records(source.path, caps.get("binding", []))
    facts += _aliases(model)
    return tuple(sorted(facts, key=lambda f: (f.line, type(f).__name__, f.symbol)))


register("python", sources("python"), extract_py_contracts)
