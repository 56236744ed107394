"""Comment facts; inside a test, whether the text, parsed as code, is a check.

A commented-out ``// expect(total).toBe(3);`` is read exactly as the same line of a live test
would be, by the reader the BASE/HEAD test comparison uses for commented-out assertions
(``testfile_side.code_checks``): the comment is parsed alone with the file's grammar and
its calls are put to the file's ``AssertionReader`` (its imports, the owning test's context
parameter). Prose does not parse as a call, so ``// we expect this to fail`` is no check.
"""

from __future__ import annotations

from ..common.treesitter import line_of
from ..facts.integrity import Comment, CommentCode
from .context import JsFile
from .declarations import Declaration
from .markers import comment_lines
from .testfile_naming import library_roles
from .testfile_reader import Reader
from .testfile_side import code_checks, context_test


def comment_code(f: JsFile, text: str, owner: Declaration, reader: Reader) -> CommentCode:
    """"check" when the comment's text holds an assertion read as code, else ""."""
    is_context = context_test(owner.context_parameter())
    return "check" if code_checks(f.language, text, reader, f.assertion_reader, is_context) else ""


def comments(f: JsFile) -> None:
    """One Comment per non-blank comment line; inside a test, whether it is a check."""
    # The file's library roles, read once for every comment of its tests.
    reader = Reader(library_roles(f.walk.model), {}) if f.walk is not None else None
    for node in f.markers.get("comment", []):
        symbol, owner = f.place(node.start_byte)
        first = line_of(node)
        for offset, text in comment_lines(node):
            f.facts.append(
                Comment(
                    file=f.path,
                    line=first + offset,
                    symbol=symbol,
                    text=text,
                    in_test=owner is not None,
                    code=comment_code(f, text, owner, reader)
                    if owner is not None and reader is not None
                    else "",
                )
            )
