"""What the language-neutral readers need to know of one language's grammar.

``reads`` (field reads on a bound value), ``returned_calls``, the CDK interpreter and the
readers of production behaviour (``answers``, ``probes``, ``handlers``, ``patches``) are
written once; each language hands them a ``CodeSyntax`` and its ``BehaviourSyntax``
(``python/adapter.py``, ``javascript/adapter.py``) naming its node types and the few
places where the language's semantics differ (a Python subscript raises on an absent key, a
JS member read does not). A new language is one more adapter, not another ``if`` in every
algorithm.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

import tree_sitter as ts

from ..facts.contracts import Shape
from . import ir
from .code_shapes import Env
from .dispatch import SourceFile

# (outermost node of a member/subscript chain, field path, segments an ``?.`` covers)
Climb = tuple[ts.Node, list[str], int]
# The literal keys an answer is chosen by, in the order written: each with the names it is
# compared with (one name, or every name of a string joined from several).
Pairs = list[tuple[tuple[str, ...], str]]
# (the keys, None when they are not all literals compared with names; the statement whose
# first ``return`` answers) of one ``case``
Case = tuple[Pairs | None, ts.Node | None]
# (condition, consequence, alternative) of a conditional expression
Conditional = tuple[ts.Node | None, ts.Node | None, ts.Node | None]


class ImportModel(Protocol):
    """What every language's semantic model tells of the file's imports."""

    def named_imports(self) -> list[tuple[str, str, str]]:
        """(module, imported name, local name) of each name imported from a module."""
        ...

    def module_imports(self) -> list[tuple[str, str]]:
        """(module, local name) of each whole module bound to a name of its own."""
        ...


@dataclass(frozen=True)
class BehaviourSyntax:
    """Node types and spellings of one language for the language-neutral readers of
    production behaviour (``common/answers.py``, ``common/probes.py``,
    ``common/handlers.py``): what a function, a return, a branch, a table and a handler's
    statement look like. What a probe or a patch *is* (runner modules, environment
    spellings) stays in the language's own readers."""

    functions: frozenset[str]  # named function scopes a symbol and a decision belong to
    nested: frozenset[str]  # node types a walk of one body does not enter
    names: frozenset[str]  # node types of a name read
    blocks: frozenset[str]  # statement blocks: a function body of another type is a value
    wrappers: frozenset[str]  # wrappers an expression's parent may sit in (parentheses)
    lambdas: frozenset[str]  # expression functions (``lambda``, ``=>``)
    call: str  # the call node type
    # The normal form of a literal (``common/literals.py``), else None.
    literal: Callable[[ts.Node | None], str | None]
    # The expression inside wrappers that do not change its value (casts, ``await``).
    strip: Callable[[ts.Node | None], ts.Node | None]
    # A function's name ("" for an anonymous one), and the word for one without.
    function_name: Callable[[ts.Node], str]
    anonymous: str
    # ``path::name`` of the innermost function around a node, "" at module level.
    symbol_at: Callable[[str, ts.Node], str]
    # (symbol, group) of the branch answers of one function.
    answer_group: Callable[[str, ts.Node], tuple[str, str]]
    # The keys a condition requires all at once (one equality with a literal, or a
    # conjunction of them), None for any other condition.
    condition_pairs: Callable[[ts.Node | None], Pairs | None]
    # (keys, answering statement) of a ``case`` clause.
    case: Callable[[ts.Node], Case]
    # The capture of table literals (dict / object) and the word naming an unnamed one.
    table: str
    # The literal form of a table key (a bare JS property name is its string).
    table_key: Callable[[ts.Node | None], str | None]
    # The literals of a key combining several (Python's ``(2, 3)``), None for any other.
    tuple_key: Callable[[ts.Node | None], list[str] | None]
    # The name a table literal is bound to, "" for none.
    table_name: Callable[[ts.Node], str]
    # The names of a function's parameters the answer readers compare with.
    parameters: Callable[[ts.Node], list[str]]
    # ``if`` node types whose condition decides a branch; the ``elif`` clause type ("").
    branches: frozenset[str]
    elif_clause: str
    # The parts of a conditional expression, None for any other node.
    conditional: Callable[[ts.Node | None], Conditional | None]
    # Where a read stops being part of one condition, and stops flowing into a carrier.
    statement_stops: frozenset[str]
    carrier_stops: frozenset[str]
    # The node type that binds a name to a value, and its name and value fields.
    binding: str
    binding_fields: tuple[str, str]
    # The identifier is a name being bound, not a read.
    binds: Callable[[ts.Node], bool]
    # Function types whose value is what they return (an arrow function's body).
    returning_functions: frozenset[str]
    # A function takes arguments (``self``/``cls`` aside).
    takes_arguments: Callable[[ts.Node], bool]
    # The operands of the equality comparison a node sits in, to find a literal among.
    compared_operands: Callable[[ts.Node], list[ts.Node | None]]
    # Error handlers' statements (``common/handlers.py``): collections of literals and the
    # fields of their pairs that must be literal; node types of a value that is a call and
    # of one that is a name; statements that do nothing; assignment expressions; an
    # expression statement that does nothing (``...``, a docstring); logging calls the
    # language spells without a level (``print``).
    constant_collections: frozenset[str]
    constant_pair_fields: tuple[str, ...]
    value_calls: frozenset[str]
    references: frozenset[str]
    empty_statements: frozenset[str]
    updates: frozenset[str]
    inert: Callable[[ts.Node], bool]
    log_calls: tuple[tuple[str, str], ...]  # (qualified callee, word)
    # A call that builds a fresh value from its arguments (``dict(...)``, ``new Map(...)``,
    # ``Promise.resolve(...)``): (its arguments, type names among them left out as
    # constant as a literal: ``defaultdict(list)``; whether it copies them, a collection's
    # constructor); None for any other node.
    constructed: Callable[[ts.Node], tuple[list[ts.Node], bool] | None]
    # Elements that spread a held value into a collection (``{ ...DEFAULTS }``,
    # ``{**DEFAULTS}``).
    spreads: frozenset[str]
    # An unlevelled logging call (``print``) writes to standard error (``file=sys.stderr``);
    # the resolver of names as written is given.
    to_stderr: Callable[[ts.Node, Callable[[str], str]], bool]


@dataclass(frozen=True)
class ResponseSyntax:
    """How a route handler sends its body through a response parameter (Express ``res``,
    Hono ``c``, Fastify ``reply``) in a language whose frameworks do so."""

    # The body a response call sends (``res.status(201).json(x)``) through one of the
    # given parameters, None when the node is no such call.
    sent: Callable[[ts.Node | None, frozenset[str], Env], Shape | None]
    # A returned call hands over to another handler (``return next(err)``).
    passes_on: Callable[[ts.Node, frozenset[str]], bool]
    # (response calls anywhere in a body, whether a response parameter is also used bare).
    uses: Callable[[ts.Node, frozenset[str]], tuple[int, bool]]


@dataclass(frozen=True)
class ReturnSyntax:
    """What ``common/returns.py`` needs to follow a function body to the union of what it
    returns: the statement types it steps through and how the language's locals may change
    behind a literal's back."""

    nested: frozenset[str]  # node types the walk does not enter (nested functions, classes)
    names: frozenset[str]  # node types of a name a returned value may mention
    statement: str  # an expression statement
    return_statement: str  # a ``return``
    declarations: frozenset[str]  # statements whose declarators bind (``const x = …``)
    writes: frozenset[str]  # assignments a nested callback may write with (``+=`` too)
    mutators: frozenset[str]  # methods that add keys a literal cannot show (``setdefault``)
    # A local handed to a call (not one of ``read_only_callees`` nor a logger's) may be
    # filled by it: its shape opens.
    fills_arguments: bool
    read_only_callees: frozenset[str]  # callees known not to change their arguments
    loggers: frozenset[str]  # roots of logging calls (``logger.info(out)``), read-only too
    needed_only: bool  # only locals that may flow into a ``return`` are followed
    # Objects a nested callback writes into stay open (when it runs is not known).
    callbacks_fill: bool
    # (object, method name) of a method callee ``owner.name``, None for any other callee.
    method: Callable[[ts.Node], tuple[ts.Node, str] | None]
    # The literal key a member/subscript node reads (``a`` of ``o.a`` / ``o["a"]``), "" for
    # a computed one.
    chain_key: Callable[[ts.Node], str]
    # The node a merge call writes into (``t`` of ``Object.assign(t, …)``), None for others.
    merge_target: Callable[[ts.Node], ts.Node | None]
    # How route handlers send a body, None where handlers only return it.
    responses: ResponseSyntax | None


@dataclass(frozen=True)
class CodeSyntax:
    """Node types and read semantics of one language, for the language-neutral readers."""

    name: str
    functions: frozenset[str]  # node types that open a function scope
    classes: frozenset[str]  # class definitions: their methods' returns are not the function's
    call: str  # the call node type
    patterns: bool  # destructuring patterns and shorthand properties exist (JS)
    expression_bodies: bool  # a function's body may be a bare expression (arrow functions)
    absent_raises: bool  # a plain field read fails on an absent key (Python ``d["k"]``)
    # Walk up a member/subscript chain from an identifier.
    climb: Callable[[ts.Node], Climb]
    # The arguments of ``x.get(...)`` when the node is that call (a dict read that tolerates
    # an absent key), else None.
    get_call: Callable[[ts.Node], list[ts.Node] | None]
    # The node runs inside a ``try`` whose handler catches a missing key.
    caught: Callable[[ts.Node, ts.Node], bool]
    # The identifier is the name ``with … as name`` / ``except … as name`` binds.
    as_binds: Callable[[ts.Node], bool]
    # Spellings of ``root`` followed by ``path`` an existence check may use
    # (``o.a``; Python also ``o["a"]`` and ``o['a']``).
    spellings: Callable[[str, list[str]], set[str]]
    # A truth test of the member itself (``if (o.k)``) counts as an existence check.
    member_truth_checks: bool
    # Lower a syntax node to the shared expression tree.
    lower: Callable[[ts.Node | None], ir.Expr]
    # Options are passed as keyword arguments (``Function(self, "Id", handler=...)``), not
    # as an object literal (``new Function(this, 'Id', {handler})``).
    keyword_options: bool
    # Constructors are called like functions, without ``new``.
    bare_constructors: bool
    # The folder of the language's queries (``queries/<folder>/``), shared by its dialects.
    query_folder: str
    # The node type of a declaration that binds a name (``const x = …``); "" for none.
    declarator: str
    # Node types of an assignment statement's expression (``x = …``).
    assignments: frozenset[str]
    # The file's semantic model (imports, qualified names), built once per file.
    model: Callable[[SourceFile], ImportModel]
    # The object of a member/subscript node (``r`` of ``r.a`` / ``r["a"]``), None for any
    # other node.
    chain_object: Callable[[ts.Node], ts.Node | None]
    # The node is a subscript whose key is computed, not a literal one.
    computed_key: Callable[[ts.Node], bool]
    # (owner, sources) when the expression merges fields into a value: Python's
    # ``owner.update(a, k=v)``, JavaScript's ``Object.assign(owner, a, b)``; else None.
    merge_call: Callable[[ir.Expr], tuple[ir.Expr, list[ir.Expr]] | None]
    # What the readers of production behaviour need of the language.
    behaviour: BehaviourSyntax
    # What the follower of a function's returns needs of the language.
    returns: ReturnSyntax
