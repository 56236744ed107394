"""TODO-style markers and shortcut admissions: reported as such, and read as "not final" next
to a stub or a value."""

from __future__ import annotations

import re

from ....extractors.common.languages import is_prose
from ....extractors.facts import FileFacts
from ....extractors.facts.integrity import Comment

_WORDS = r"(TODO|FIXME|XXX|HACK|TBD)"
# Not part of a longer word, a hyphenated word, a path or a file name ("TODO.md", "xxxl").
_BEFORE = r"(?<![\w./\\-])"
_AFTER = r"(?![\w/\\-]|\.\w)"
MARKER = _BEFORE + _WORDS + _AFTER
# A marker starts the comment (after bullets, boxes or comment leaders) or is followed by
# ":" / "(" / " -" / "!": "TODO: x", "# FIXME(jo)", "<!-- TBD -->". "the TODO list" is prose.
_LEADING = r"^[\s\-*+>#/!<\[\]x]*" + MARKER + r"(?:\b|$)"
_TAGGED = MARKER + r"\s*(?::|\(|-\s|!)"
_MARKER_LEADING = re.compile(_LEADING)
_MARKER_TAGGED = re.compile(_TAGGED)
# In code comments a marker counts in capitals anywhere ("handles refunds (TODO)"), in any
# letter case when tagged ("todo: x", "Fixme(jo)"), and "fixme", which is no English word, in
# any case anywhere. An untagged lower-case "todo" is prose ("todo items expire").
_CODE_ANYCASE = re.compile(_TAGGED, re.IGNORECASE)
_CODE_CAPITALS = re.compile(MARKER)
_CODE_FIXME = re.compile(_BEFORE + r"(fixme)" + _AFTER, re.IGNORECASE)
_SUPPRESSION = re.compile(r"ralph-validate:\s*ignore\[")
# The directive itself; its reason and whatever else the comment says are the comment's text.
_DIRECTIVE = re.compile(r"ralph-validate:\s*ignore\[[^\]]*\]")
_QUOTED = re.compile(r"`[^`]*`|\"[^\"]*\"|“[^”]*”|‘[^’]*’|(?<![\w])'[^']*'(?![\w])")
_URL = re.compile(r"\b[a-z][a-z0-9+.-]*://\S+|\bwww\.\S+", re.IGNORECASE)

# Phrases by which a comment says the code next to it is not final. Each names *this code*
# as provisional ("for now", "temporary hack", "simplified version", "hardcoded until"); a
# word that merely describes ("temporary directory", "simplified Chinese", "hardcoded for
# RFC 7231 compliance because …") is not among them.
_SHORTCUT = re.compile(
    r"\bfor (?:now|the time being|the moment)\b"
    r"|\btemporar(?:y|ily)\s+(?:hack|workaround|fix|solution|implementation|code|shortcut"
    r"|measure|stub|placeholder|value|version|approach|logic|until|hard[- ]?cod)"
    r"|\b(?:this|it|that)(?:\s+is|'s)\s+(?:only\s+|just\s+)?temporary\b"
    r"|^\s*temp(?:orary)?\s*(?:[:!]|-\s|$)"
    r"|\bsimplified\s+(?:version|implementation|logic|approach|check|calculation|algorithm"
    r"|model|stand-?in|placeholder)\b"
    r"|\b(?:this|it|that)(?:\s+is|'s)\s+(?:only\s+|just\s+)?a\s+simplification\b"
    r"|\bhard[- ]?cod(?:ed|ing|e)\b[^.;]*?\b(?:for now|until|temporarily|for (?:the )?"
    r"(?:demo|tests?|testing|mvp|prototype|moment)|to (?:make|get|let) (?:the )?tests? pass)\b"
    r"|\b(?:just|simply)\s+hard[- ]?cod"
    r"|\b(?:fix|revisit|redo|clean(?:\s+(?:this|it))?\s+up|change|replace|tune|handle|refactor"
    r"|finish|implement|see)(?:\s+(?:this|it|that|me))?\s+later\b"
    r"(?!\s+(?:stages?|steps?|versions?|calls?|phases?|releases?|in the|on in))"
    r"|\bhack(?:y|ish)?\b"
    r"|\bquick(?:\s+and\s+dirty|\s+(?:fix|hack|workaround|solution))\b"
    r"|\bstubbed\s+(?:out|for now|until)\b|\bstub\s+(?:implementation|version|for now|until)\b"
    r"|\b(?:(?:this|it|that)(?:\s+is|'s)\s+(?:only\s+|just\s+)?|just\s+|only\s+)a\s+stub\b"
    r"|^\s*stub\s*[:!-]"
    r"|\bplaceholder\s+(?:implementation|logic|value|for now|until|code|response|data|result)s?\b"
    r"|\b(?:(?:this|it|that)(?:\s+is|'s)\s+(?:only\s+|just\s+)?|just\s+|only\s+)a\s+placeholder\b"
    r"|^\s*placeholder\s*[:!-]"
    r"|\b(?:dummy|fake|mock)\s+(?:implementation|logic|response|data|value|result)s?\b"
    r"|\bin a real (?:implementation|app|application|system|world|scenario|version)\b"
    r"|\bin production,?\s+(?:this|we|you|it)\s+(?:would|should)\b"
    r"|\bwould normally\b",
    re.IGNORECASE,
)


def _bare(text: str) -> str:
    """The text without quoted patterns and URLs."""
    return _QUOTED.sub(" ", _URL.sub(" ", text))


def _without_directive(text: str) -> str:
    """A comment without its ``ralph-validate: ignore[...]`` directive: a marker in the
    directive's reason, or beside another tool's (``noqa: E501 FIXME``), is still a marker,
    reported unless the directive names its rule (the suppression then hides it)."""
    return _DIRECTIVE.sub(" ", text)


def is_marker(text: str) -> bool:
    """True when a Markdown line is itself a TODO-style placeholder (quoted patterns aside)."""
    bare = _bare(_without_directive(text))
    # A table cell starts afresh: "| Rollback | TBD |" has a marker cell.
    cells = bare.split("|")
    return any(_MARKER_LEADING.search(cell) for cell in cells) or bool(_MARKER_TAGGED.search(bare))


# A marker named as a thing is a mention: "the TODO above", "a FIXME", "TODO markers".
_DETERMINERS = {"the", "a", "an", "this", "that", "each", "every", "any", "no", "its", "one"}
_MENTIONED_AS = re.compile(
    r"\s*(?:markers?|comments?|lists?|items?|tags?|patterns?|notes?|words?|keywords?|tokens?"
    r"|lines?|style|entries|entry)\b",
    re.IGNORECASE,
)


def _mentioned(text: str, found: re.Match[str]) -> bool:
    before = text[: found.start()].split()
    after = text[found.end() :]
    return bool(before and before[-1].lower() in _DETERMINERS) or bool(_MENTIONED_AS.match(after))


def code_marker(text: str) -> str | None:
    """The TODO-style marker word of a code comment, or None (quoted patterns, URLs,
    mentions of a marker and the suppression directive's own words aside)."""
    bare = _bare(_without_directive(text))
    for pattern in (_CODE_CAPITALS, _CODE_ANYCASE, _CODE_FIXME):
        for found in pattern.finditer(bare):
            if not _mentioned(bare, found):
                return next(g for g in found.groups() if g).upper()
    return None


def marker_word(text: str, markdown: bool) -> str | None:
    """The marker word of a comment (a Markdown line when ``markdown``), or None."""
    if not markdown:
        return code_marker(text)
    if not is_marker(text):
        return None
    found = re.search(MARKER, _bare(_without_directive(text)))
    return found.group(1) if found else "TODO"


# Sample data and placeholders are things a comment may describe rather than admit to.
_THING = re.compile(r"(?:dummy|fake|mock)\s|(?:.*\s)?(?:a\s+)?placeholder\b", re.IGNORECASE)
# Phrases that say "not final" of a time: "for now", "placeholder until".
_FOR_NOW = re.compile(r"for (?:now|the time being|the moment)$|placeholder\s+until$", re.IGNORECASE)
# A clause ends at a sentence's or a parenthesis' end, at a dash between words, or where a
# conjunction starts another ("the API returns X, so we show one page for now").
_CLAUSE_END = re.compile(
    r"[.;!?()]|\s[-\u2013\u2014]+\s|,?\s+\b(?:so|and|but|because|since|which|while|whereas"
    r"|although|though|then)\b",
    re.IGNORECASE,
)
# The thing is named under a hypothesis or a negation: the code does not do it
# ("would be fake data", "instead of mock data", "never a placeholder").
_NOT_DONE = re.compile(
    r"\b(?:would|could|might|not|no|never|nor|without|instead\s+of|rather\s+than"
    r"|avoids?|avoiding|prevents?)\b(?:\s+\S+){0,2}\s*$",
    re.IGNORECASE,
)
# The sample data is named with its purpose or the condition it serves:
# "mock data for the storybook", "use mock data in tests",
# "fallback mock data used when the API is down".
_DOCUMENTED_USE = re.compile(
    r"\s*(?:sets?\s+|files?\s+|records?\s+)?(?:(?:used|shown|served|returned|loaded|kept)\s+)?"
    r"(?:(?:for|in|by)\s+(?:the\s+|our\s+|a\s+|an\s+|local\s+|unit\s+)?(?:storybook|stor(?:y|ies)"
    r"|tests?|testing|specs?|demos?|previews?|docs?|documentation|development|dev|offline"
    r"|e2e|fixtures?|screenshots?|examples?)\b|(?:when|if|while|whenever|unless)\b)",
    re.IGNORECASE,
)
_DATA_ROLE = re.compile(
    r"\b(?:fallback|offline|seed|sample|demo|storybook|test|example)\s+$", re.IGNORECASE
)
# A placeholder shown on screen is part of the interface ("the tile shows a placeholder").
_SHOWN = re.compile(
    r"\b(?:show|shows|showing|shown|display|displays|displaying|displayed|render|renders"
    r"|rendering|rendered|draws?|drawing)\b",
    re.IGNORECASE,
)
# The time the comment speaks of is the program's run, not the code's life: a condition
# that passes by itself ("transient, skip for now", "placeholder until the user resumes").
_RUNTIME = re.compile(
    r"\btransient(?:ly)?\b|\buntil\s+the\s+(?:user|page|image|stream|request|response"
    r"|connection|data)\s+\w+",
    re.IGNORECASE,
)
# Words that defer work to a later version of the code.
_DEFERRAL = re.compile(
    r"\b(?:later|eventually|proper(?:ly)?|real|yet|todo|fixme|until)\b",
    re.IGNORECASE,
)
# Who acts in a clause, the first one named: the code speaking of itself (we, this, it,
# the function, …) …
_SELF = re.compile(
    r"\b(?:we|i|us|our|this|it|here|(?:the|this)\s+(?:code|function|method|class|module"
    r"|component|implementation|handler|logic|version|helper|hook|script|service|endpoint"
    r"|route|page|view|screen|ui|form|app|client|server\s+code))\b",
    re.IGNORECASE,
)
# … or a party outside the code described in the present: "the upstream API returns only
# X", "the browser doesn't support Y", a product named in mixed or upper case ("GitHub
# caps it"). A value of the code itself ("the price is fixed") is no third party.
_THIRD_PARTY = re.compile(
    r"(?:\b[Tt]he\s+(?:[\w-]+\s+)?(?:(?i:apis?|server|backend|upstream|provider|vendor|sdk"
    r"|library|browser|platform|os|gateway|runtime|engine|driver|database))"
    r"|\b[A-Z][a-z]+[A-Z]\w*|\b[A-Z]{2,}[a-z]*)\s+"
    r"(?:(?:only|just|still|currently|always)\s+)?"
    r"(?:is|isn't|has|does|doesn't|can't|cannot|won't|(?!is\b|has\b)[a-z]+[^s\W]s)\b"
)


def _clause(text: str, found: re.Match[str]) -> tuple[str, str]:
    """The words of ``found``'s clause before and after it."""
    starts = [m.end() for m in _CLAUSE_END.finditer(text, 0, found.start())]
    end = _CLAUSE_END.search(text, found.end())
    return text[starts[-1] if starts else 0 : found.start()], text[
        found.end() : end.start() if end else len(text)
    ]


def _describes(text: str, found: re.Match[str]) -> bool:
    """The phrase describes rather than admits: sample data or a placeholder named as a
    thing the code does not use, uses for a stated purpose or shows on screen; a "for now"
    of the program's run (a transient condition), or of a third party's behaviour ("for
    now the API returns only X")."""
    phrase = found.group(0)
    before, after = _clause(text, found)
    if _THING.match(phrase) and (
        _NOT_DONE.search(before)
        or _DOCUMENTED_USE.match(after)
        or _DATA_ROLE.search(before)
        or (phrase.lower().startswith(("placeholder", "a placeholder")) and _SHOWN.search(before))
    ):
        return True
    if not _FOR_NOW.search(phrase):
        return False
    rest = text[: found.start()] + " " + text[found.end() :]
    if _DEFERRAL.search(rest):
        return False  # "for now, until the logger lands", "the zone table comes later"
    if _RUNTIME.search(text):
        return True
    clause = before + " " + after
    party, own = _THIRD_PARTY.search(clause), _SELF.search(clause)
    return party is not None and (own is None or party.start() < own.start())


def shortcut(text: str) -> str | None:
    """The phrase by which a code comment admits a shortcut, or None: the first phrase
    that does not merely describe (``_describes``)."""
    if _SUPPRESSION.search(text):
        return None
    bare = _bare(text)
    for found in _SHORTCUT.finditer(bare):
        if not _describes(bare, found):
            return " ".join(found.group(0).split())
    return None


def todo_lines(facts: FileFacts) -> dict[int, str]:
    """Line → symbol of every comment that says its code is not final: a TODO-style marker
    or an admitted shortcut."""
    markdown = is_prose(facts.language)
    return {
        c.line: c.symbol
        for c in facts.of_type(Comment)
        if marker_word(c.text, markdown) or (not markdown and shortcut(c.text))
    }
