"""Test and suite declarations (``describe``/``it``/``test`` calls) and the skips they carry.

A declaration is a call to a framework function with a name and a callback:
``it('adds', () => ...)``, ``describe.each(table)('%s', fn)``,
``test('x', { skip: true }, fn)``, ``t.test('sub', fn)`` (a node:test subtest
of the enclosing test's context ``t``). Ids join the enclosing suite names:
``path::outer > inner > name``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property

import tree_sitter as ts

from ..common.env_conditions import skip_env, skip_platform
from ..common.treesitter import squash, text
from ..facts.integrity import JsFramework, PlatformWhere, SkipScope, SkipWhere
from .conditions import lower_condition
from .frameworks import SUITE_BASES, FrameworkNames, Resolved
from .module_bindings import module_declarators
from .strings import decoded_string, template_source
from .syntax import CALLBACK_TYPES, Chain, arguments_of, string_content

# Words a declaration callee may carry after its base, and what they mean.
SKIP_WORDS = frozenset(
    {"skip", "only", "todo", "fixme", "fails", "failing", "fail", "skipIf", "runIf"}
)
CONDITIONAL_WORDS = frozenset({"skipIf", "runIf"})
PARAMETRIZE_WORDS = frozenset({"each", "for"})
NEUTRAL_WORDS = frozenset({"concurrent", "sequential", "serial", "parallel", "shuffle"})
CALLING_WORDS = frozenset({"each", "for", "skipIf", "runIf"})
OPTION_SKIPS = ("skip", "todo", "only", "fails")
IN_BODY_SKIPS = frozenset({"skip", "fixme", "fail"})
FALSY = frozenset({"false", "null", "undefined", "0", '""', "''"})


@dataclass
class Declaration:
    """One recognised ``describe``/``it`` call."""

    call: ts.Node
    kind: str  # "test" | "suite"
    framework: JsFramework
    name: str
    symbol: str = ""
    callback: ts.Node | None = None
    parametrized: bool = False
    # (how, conditional, reason) of each skip the declaration itself makes
    skips: list[tuple[str, bool, str]] = field(default_factory=list)
    # how -> (environment variable, where it skips) for a condition that reads one alone
    skip_env: dict[str, tuple[tuple[str, ...], SkipWhere]] = field(default_factory=dict)
    # how -> (platforms, skipped on or off them) for a condition that reads the platform alone
    skip_platform: dict[str, tuple[tuple[str, ...], PlatformWhere]] = field(default_factory=dict)
    # The titles of the enclosing suites (and test, for a subtest) and its own, outermost first.
    path: tuple[str, ...] = ()
    parent: Declaration | None = None
    # The title is known where it is written (``known_title``), not computed at run time.
    literal_title: bool = True

    @property
    def scope(self) -> SkipScope:
        """The Skip scope of this declaration: "test" or "describe"."""
        return "describe" if self.kind == "suite" else "test"

    def context_parameter(self) -> str:
        """The name of the callback's first parameter (node:test/vitest test context)."""
        return self._context_parameter

    @cached_property
    def _context_parameter(self) -> str:
        """The name of the callback's first parameter (node:test/vitest test context)."""
        if self.callback is None:
            return ""
        params = self.callback.child_by_field_name("parameters")
        if params is None:
            param = self.callback.child_by_field_name("parameter")
            return text(param) if param is not None and param.type == "identifier" else ""
        for param in params.named_children:
            if param.type == "identifier":
                return text(param)
            if param.type in ("required_parameter", "optional_parameter"):
                pattern = param.child_by_field_name("pattern")
                return text(pattern) if pattern is not None and pattern.type == "identifier" else ""
            return ""
        return ""


@dataclass(frozen=True)
class _Shape:
    kind: str
    how_base: str  # "it", "describe", "test.describe"
    words: tuple[str, ...]


def _shape(resolved: Resolved) -> _Shape | None:
    """Validate the words after the base; None when the callee is no declaration."""
    kind = "suite" if resolved.base in SUITE_BASES else "test"
    how_base = resolved.base
    words = resolved.words
    if words and words[0] == "describe" and resolved.base == "test":
        kind, how_base, words = "suite", "test.describe", words[1:]
    previous = ""
    for word in words:
        if word == "()":
            if previous not in CALLING_WORDS:
                return None
        elif word not in SKIP_WORDS | PARAMETRIZE_WORDS | NEUTRAL_WORDS:
            return None
        previous = word
    return _Shape(kind, how_base, words)


TITLE_LITERALS = frozenset({"string", "template_string", "number"})


def name_of(node: ts.Node) -> str:
    """A test title as the runner reports it: a string's value (escapes decoded); a template
    filled in per case (`via ${name}`) or any other expression as written, whitespace runs
    squashed (a number: its digits)."""
    value = decoded_string(node)
    if value is not None:
        return value
    if node.type == "template_string":
        return " ".join(template_source(node).split())
    return squash(node)


_NAMED_VALUES = frozenset(
    {"function_expression", "function", "arrow_function", "class", "generator_function"}
)
_NAMED_DECLARATIONS = frozenset(
    {
        "function_declaration",
        "generator_function_declaration",
        "class_declaration",
        "abstract_class_declaration",
    }
)


def _names_function(name: str, root: ts.Node) -> bool:
    """A module-level function or class of this name (``function f``, ``class Foo``,
    ``const f = () => {}``): its ``.name`` is ``name``."""
    for statement in root.named_children:
        if statement.type == "export_statement":
            statement = statement.child_by_field_name("declaration") or statement
        if statement.type in _NAMED_DECLARATIONS:
            own = statement.child_by_field_name("name")
            if own is not None and text(own) == name:
                return True
    return any(
        d.name == name and d.value is not None and d.value.type in _NAMED_VALUES
        for d in module_declarators(root)
    )


def known_title(node: ts.Node) -> bool:
    """The title is known where it is written, as the runner reports it: a literal (a string,
    a template, a number), literals joined by ``+`` (``'a' + 'b'``), or a module-level
    function or class, whose name Jest, Vitest and Mocha take (``describe(Foo, ...)``)."""
    if node.type in TITLE_LITERALS or decoded_string(node) is not None:
        return True
    if node.type != "identifier":
        return False
    root = node
    while root.parent is not None:
        root = root.parent
    return _names_function(text(node), root)


def _reason(node: ts.Node | None) -> str:
    content = string_content(node) if node is not None else None
    return content or ""


def _option_skips(options: ts.Node | None, how_base: str) -> list[tuple[str, bool, str]]:
    """``{ skip: true }``/``{ todo: 'why' }``/``{ only }`` options as (how, conditional, reason)."""
    if options is None or options.type != "object":
        return []
    found: list[tuple[str, bool, str]] = []
    for entry in options.named_children:
        if entry.type == "shorthand_property_identifier" and text(entry) in OPTION_SKIPS:
            found.append((f"{how_base}({{ {text(entry)} }})", True, ""))
            continue
        if entry.type != "pair":
            continue
        key = entry.child_by_field_name("key")
        value = entry.child_by_field_name("value")
        word = string_content(key) or text(key)
        if word not in OPTION_SKIPS or value is None or text(value) in FALSY:
            continue
        how = f"{how_base}({{ {word} }})"
        if value.type == "true":
            found.append((how, False, ""))
        elif value.type in ("string", "template_string"):
            found.append((how, False, _reason(value)))
        else:
            found.append((how, True, ""))
    return found


def read_declaration(
    call: ts.Node,
    chain: Chain,
    names: FrameworkNames,
    parent: Declaration | None,
    constant: Callable[[ts.Node], str | None],
) -> Declaration | None:
    """The declaration ``call`` makes, or None when it makes none. ``constant`` is the
    file's model's reading of a constant string (a ``const`` title, ``'a' + B``)."""
    resolved = names.resolve(chain)
    if resolved is None:
        if parent is None or parent.kind != "test" or chain.words[:1] != ("test",):
            return None
        if chain.root != parent.context_parameter() or len(chain.words) != 1:
            return None
        resolved = Resolved(parent.framework, "test", "", ())
    shape = _shape(resolved)
    if shape is None:
        return None
    outer = call.parent
    if (
        outer is not None
        and outer.type == "call_expression"
        and outer.child_by_field_name("function") == call
    ):
        return None  # ``it.each(table)`` in ``it.each(table)(name, fn)``: the outer call declares
    args = arguments_of(call)
    if not args or args[0].type in CALLBACK_TYPES:
        return None
    callback = next((a for a in args[1:] if a.type in CALLBACK_TYPES), None)
    options = args[1] if len(args) > 1 and args[1].type == "object" else None
    named = args[0].type in ("string", "template_string")
    pending = False
    if callback is None:
        by_reference = (
            named and len(args) > 1 and args[1].type in ("identifier", "member_expression")
        )
        if not (
            "todo" in shape.words
            or by_reference
            or (options is not None and named)
            or (named and len(args) == 1 and shape.kind == "test")
        ):
            return None
        pending = named and len(args) == 1 and "todo" not in shape.words
    declaration = Declaration(
        call=call,
        kind=shape.kind,
        framework=resolved.framework,
        name=title if (title := constant(args[0])) is not None else name_of(args[0]),
        callback=callback,
        literal_title=title is not None or known_title(args[0]),
        parametrized=bool(PARAMETRIZE_WORDS & set(shape.words))
        or (parent is not None and parent.parametrized),
    )
    skips: list[tuple[str, bool, str]] = []
    if resolved.prefix:
        skips.append((resolved.prefix, False, ""))
    for word in shape.words:
        if word in SKIP_WORDS:
            how = f"{shape.how_base}.{word}"
            conditional = word in CONDITIONAL_WORDS or resolved.switched is not None
            skips.append((how, conditional, ""))
            if resolved.switched is not None and word not in CONDITIONAL_WORDS:
                declaration.skip_env[how] = (resolved.switched.env, resolved.switched.where)
                declaration.skip_platform[how] = (
                    resolved.switched.platforms,
                    resolved.switched.platform_skipped,
                )
            elif word in CONDITIONAL_WORDS:
                condition = _condition_of(call, word)
                if condition is not None:
                    read = lower_condition(condition)
                    declaration.skip_env[how] = skip_env(read, word == "skipIf")
                    declaration.skip_platform[how] = skip_platform(read, word == "skipIf")
    skips.extend(_option_skips(options, shape.how_base))
    if pending:
        skips.append((f"{shape.how_base} (pending)", False, ""))
    declaration.skips = skips
    return declaration


def _condition_of(call: ts.Node, word: str) -> ts.Node | None:
    """The argument of ``.skipIf(cond)`` / ``.runIf(cond)`` in ``it.skipIf(cond)(name, fn)``."""
    node = call.child_by_field_name("function")
    while node is not None and node.type in ("call_expression", "member_expression"):
        if node.type == "call_expression":
            callee = node.child_by_field_name("function")
            if (
                callee is not None
                and callee.type == "member_expression"
                and text(callee.child_by_field_name("property")) == word
            ):
                args = arguments_of(node)
                return args[0] if args else None
            node = callee
        else:
            node = node.child_by_field_name("object")
    return None


def in_body_skip(
    chain: Chain, call: ts.Node, names: FrameworkNames, owner: Declaration | None
) -> tuple[str, bool, str] | None:
    """A skip called inside a body: ``this.skip()``, ``t.skip()``/``t.todo()`` on the test
    context, Playwright ``test.skip(cond, 'why')``/``test.fixme()``/``test.fail()``.
    Returns (how, conditional by its arguments, reason)."""
    args = arguments_of(call)
    if chain.root == "this" and chain.words == ("skip",):
        return ("this.skip()", False, "")
    if (
        owner is not None
        and len(chain.words) == 1
        and chain.words[0] in ("skip", "todo")
        and chain.root == owner.context_parameter()
    ):
        return (f"t.{chain.words[0]}()", False, _reason(args[0] if args else None))
    if len(chain.words) != 1 or chain.words[0] not in IN_BODY_SKIPS:
        return None
    resolved = names.resolve(Chain(chain.root, (), ()))
    if resolved is None or resolved.base != "test" or resolved.prefix:
        return None
    if args and args[0].type in ("string", "template_string") and len(args) > 1:
        return None  # a declaration: test.skip('title', fn)
    condition = args[0] if args and args[0].type not in ("string", "template_string") else None
    reason = next((_reason(a) for a in args if a.type in ("string", "template_string")), "")
    conditional = condition is not None and condition.type != "true"
    return (f"test.{chain.words[0]}()", conditional, reason)
