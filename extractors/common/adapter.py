"""What the language-neutral readers need to know of one language's grammar.

``reads`` (field reads on a bound value), ``returned_calls``, ``returns`` (what a function
returns), the CDK interpreter and the readers of production behaviour (``answers``,
``probes``, ``handlers``, ``patches``) are written once; each language hands them a
``CodeSyntax`` (``python/adapter.py``, ``javascript/adapter.py``) naming its node types and
the few places where the language's semantics differ (a Python subscript raises on an
absent key, a JS member read does not). A new language is one more adapter, not another
``if`` in every algorithm: it fills ``CodeSyntax`` (reads, lowering, imports), its
``ReturnSyntax`` (and a ``ResponseSyntax`` where handlers send responses) and its
``BehaviourSyntax`` with one part per behaviour reader (``AnswerSyntax``, ``ProbeSyntax``,
``HandlerSyntax``).
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
from .parameters import Parameter

# (outermost node of a member/subscript chain, field path, segments an ``?.`` covers)
Climb = tuple[ts.Node, list[str], int]
# The literal keys an answer is chosen by, in the order written: each with the names it is
# compared with (one name, or every name of a string joined from several).
Pairs = list[tuple[tuple[str, ...], str]]
# (the keys, None when they are not all literals compared with names; the statement whose
# first ``return`` answers) of one ``case``
Case = tuple[Pairs | None, ts.Node | None]
# (the node an entry is written at, its key, its value) of a table's entry
Entry = tuple[ts.Node, ts.Node | None, ts.Node | None]
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
class AnswerSyntax:
    """How a function answers by table or branch (``common/answers.py``): the literal keys a
    condition or a ``case`` compares with, and the table literals keyed by them."""

    # (symbol, group) of the branch answers of one function.
    answer_group: Callable[[str, ts.Node], tuple[str, str]]
    # The keys a condition requires all at once (an equality with a literal, or a
    # conjunction of them), None for any other condition.
    condition_pairs: Callable[[ts.Node | None], Pairs | None]
    # (keys, answering statement) of a ``case`` clause.
    case: Callable[[ts.Node], Case]
    # The query capture of table literals (dict / object), also the word naming an unnamed one.
    table: str
    # The query captures of tables: literals, and calls building one from literal pairs.
    tables: tuple[str, ...]
    # (entry, key, value) of each entry of a table literal or of a table built from literal
    # pairs (``new Map([[k, v]])``, ``dict([(k, v)])``, ``dict(zip(keys, values))``); None
    # for any other node or a table with an entry of another shape.
    entries: Callable[[ts.Node], list[Entry] | None]
    # The literal form of a table key (a bare JS property name is its string).
    table_key: Callable[[ts.Node | None], str | None]
    # The literals of a key combining several (Python's ``(2, 3)``), None for any other.
    tuple_key: Callable[[ts.Node | None], list[str] | None]
    # The name a table literal is bound to, "" for none.
    table_name: Callable[[ts.Node], str]
    # The names of a function's parameters the answers are compared with.
    parameters: Callable[[ts.Node], list[str]]
    # The literals a function's parameter's declared type lists, () when it is open.
    domain: Callable[[ts.Node, str], tuple[str, ...]]
    # The key literals a table literal's declared type lists, () when it is open.
    table_domain: Callable[[ts.Node], tuple[str, ...]]
    # A string literal the program writes as a value rather than compares with.
    produced: Callable[[ts.Node], bool]


@dataclass(frozen=True)
class ProbeSyntax:
    """How a branch decides on what it reads (``common/probes.py``): the test runner or
    environment a condition probes, and where the read stops belonging to that decision."""

    branches: frozenset[str]  # ``if`` node types whose condition decides a branch
    elif_clause: str  # the ``elif`` clause type, "" for a language without one
    # The (condition, consequence, alternative) of a conditional expression, else None.
    conditional: Callable[[ts.Node | None], Conditional | None]
    statement_stops: frozenset[str]  # where a read stops being part of one condition
    carrier_stops: frozenset[str]  # where a read stops flowing into the name carrying it
    returning_functions: frozenset[str]  # functions whose value is what they return (``=>``)
    takes_arguments: Callable[[ts.Node], bool]  # a function takes arguments (``self`` aside)
    # The operands of the equality comparison a node sits in, to find a literal among.
    compared_operands: Callable[[ts.Node], list[ts.Node | None]]


@dataclass(frozen=True)
class HandlerSyntax:
    """What an error handler's statements are (``common/handlers.py``): constants, copies
    of held values, statements that do nothing, logging calls."""

    constant_collections: frozenset[str]  # collections of literals (``[...]``, ``{...}``)
    constant_pair_fields: tuple[str, ...]  # fields of a collection's pair that must be literal
    value_calls: frozenset[str]  # node types of a value that is a call
    references: frozenset[str]  # node types of a value that is a name (``x``, ``a.b``)
    empty_statements: frozenset[str]  # statements that do nothing (``pass``)
    # An expression statement that does nothing (``...``, a docstring).
    inert: Callable[[ts.Node], bool]
    # (qualified callee, word) of logging calls the language spells without a level.
    log_calls: tuple[tuple[str, str], ...]
    # A call that builds a fresh value from its arguments (``dict(...)``, ``new Map(...)``,
    # ``Promise.resolve(...)``): (its arguments, type names among them left out as constant
    # as a literal: ``defaultdict(list)``; whether it copies them, a collection's
    # constructor); None for any other node.
    constructed: Callable[[ts.Node], tuple[list[ts.Node], bool] | None]
    # Elements that spread a held value into a collection (``{ ...DEFAULTS }``, ``{**D}``).
    spreads: frozenset[str]
    # An unlevelled logging call (``print``) writes to standard error (``file=sys.stderr``);
    # the resolver of names as written is given.
    to_stderr: Callable[[ts.Node, Callable[[str], str]], bool]


@dataclass(frozen=True)
class BehaviourSyntax:
    """Node types and spellings of one language for the language-neutral readers of
    production behaviour: what a function, a name, a call and a binding look like, and one
    part per reader (``answers``, ``probes``, ``handlers``). What a probe or a patch *is*
    (runner modules, environment spellings) stays in the language's own readers."""

    functions: frozenset[str]  # named function scopes a symbol and a decision belong to
    nested: frozenset[str]  # node types a walk of one body does not enter
    names: frozenset[str]  # node types of a name read
    blocks: frozenset[str]  # statement blocks: a function body of another type is a value
    wrappers: frozenset[str]  # wrappers an expression's parent may sit in (parentheses)
    lambdas: frozenset[str]  # expression functions (``lambda``, ``=>``)
    call: str  # the call node type
    literal: Callable[[ts.Node | None], str | None]  # a literal's normal form, else None
    # The expression inside wrappers that do not change its value (casts, ``await``).
    strip: Callable[[ts.Node | None], ts.Node | None]
    function_name: Callable[[ts.Node], str]  # a function's name, "" for an anonymous one
    anonymous: str  # the word for a function without a name
    # ``path::name`` of the innermost function around a node, "" at module level.
    symbol_at: Callable[[str, ts.Node], str]
    binding: str  # the node type that binds a name to a value
    binding_fields: tuple[str, str]  # that node's name and value fields
    binds: Callable[[ts.Node], bool]  # the identifier is a name being bound, not a read
    updates: frozenset[str]  # assignment expressions (``x = …`` inside a body)
    answers: AnswerSyntax
    probes: ProbeSyntax
    handlers: HandlerSyntax


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
    # The (first) base a class definition names: ``B`` of ``class A extends B`` /
    # ``class A(B)``; None when it names none.
    class_base: Callable[[ts.Node], ts.Node | None]
    # The parameters of a function node (``common/parameters.py``).
    parameters: Callable[[ts.Node], list[Parameter]]
    # (owner, sources) when the expression merges fields into a value: Python's
    # ``owner.update(a, k=v)``, JavaScript's ``Object.assign(owner, a, b)``; else None.
    merge_call: Callable[[ir.Expr], tuple[ir.Expr, list[ir.Expr]] | None]
    # What the readers of production behaviour need of the language.
    behaviour: BehaviourSyntax
    # What the follower of a function's returns needs of the language.
    returns: ReturnSyntax
