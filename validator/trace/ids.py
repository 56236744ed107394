"""Find requirement ids named in comments, docstrings and test names.

A bare ``1.2`` is a version number as often as a requirement, so dotted ids
count only after a requirement word (``Requirement 1.2``, ``Req 2``,
``_Requirements: 1.1, 2.3_``, ``Validates: Requirements 7.4``, ``AC 1.2``) or in a
test name (``test_req_1_2``). Ids that carry letters (``US-001``, ``REQ-3``,
``TASK-13``) are distinctive on their own and count wherever they appear.
"""

from __future__ import annotations

import re
from collections.abc import Collection

# "Requirement 1.2", "Requirements: 1.1, 2.3 and 4", "Req. 3", "AC 1.2", "Validates: 7.4-7.6"
_KEYWORD_LIST = re.compile(
    r"(?<![A-Za-z])(?:requirements?|reqs?\.?|acceptance\s+criteri(?:on|a)|ac|validates)"
    r"(?![A-Za-z])[\s:#*_-]*"
    r"(?:requirements?\s*)?"
    r"(?P<ids>\d+(?:\.\d+)*(?:\s*(?:-|–|to)\s*\d+(?:\.\d+)*)?"
    r"(?:\s*(?:,|and|&|/)\s*\d+(?:\.\d+)*(?:\s*(?:-|–|to)\s*\d+(?:\.\d+)*)?)*)",
    re.IGNORECASE,
)
# "REQ-3", "REQ_3", "req-1.2"
_REQ_TOKEN = re.compile(
    r"(?<![A-Za-z])req[-_](?P<id>\d+(?:[._]\d+)*)(?![A-Za-z0-9])", re.IGNORECASE
)
# test_req_1_2 / test_requirement_2_1 / testRequirement2
_TEST_NAME = re.compile(r"(?:req|requirement)_?(?P<id>\d+(?:_\d+)*)", re.IGNORECASE)
_ONE_ID = re.compile(r"\d+(?:\.\d+)*")


def _expand(chunk: str) -> list[str]:
    """``7.1-7.3`` → 7.1, 7.2, 7.3; ``2 to 4`` → 2, 3, 4; other ids as written."""
    found = _ONE_ID.findall(chunk)
    if len(found) == 2 and re.search(r"(-|–|to)", chunk):
        first, last = found
        head_a, _, tail_a = first.rpartition(".")
        head_b, _, tail_b = last.rpartition(".")
        if head_a == head_b and int(tail_a) <= int(tail_b):
            prefix = f"{head_a}." if head_a else ""
            return [f"{prefix}{n}" for n in range(int(tail_a), int(tail_b) + 1)]
    return found


def ids_in_text(text: str, known: Collection[str]) -> set[str]:
    """The known requirement or criterion ids that ``text`` names."""
    found: set[str] = set()
    for match in _KEYWORD_LIST.finditer(text):
        for part in re.split(r",|\band\b|&|/", match.group("ids")):
            found.update(_expand(part))
    for match in _REQ_TOKEN.finditer(text):
        found.add(match.group("id").replace("_", "."))
    found |= _lettered_ids(text, known)
    lowered = {f.lower() for f in found}
    return {k for k in known if k.lower() in lowered}


def _lettered_ids(text: str, known: Collection[str]) -> set[str]:
    """Known ids with letters and digits (``US-001``) that ``text`` names, ``_``/``-`` alike."""
    found: set[str] = set()
    for key in known:
        if not (re.search(r"[A-Za-z]", key) and re.search(r"\d", key)):
            continue
        pattern = "[-_ ]?".join(re.escape(part) for part in re.split(r"[-_ ]", key))
        if re.search(rf"(?<![A-Za-z0-9]){pattern}(?![A-Za-z0-9])", text, re.IGNORECASE):
            found.add(key)
    return found


def ids_in_test_name(name: str, known: Collection[str]) -> set[str]:
    """Ids named by a test's name: ``test_req_1_2``, ``test_US_001_...``, ``Requirement 2 ...``."""
    # Snake-case names (test_req_1_2) are read by the name pattern alone: the keyword
    # pattern would stop at the first underscore and take "1" for "1.2".
    found = ids_in_text(name, known) if " " in name.strip() else _lettered_ids(name, known)
    for match in _TEST_NAME.finditer(name):
        found_id = match.group("id").replace("_", ".")
        if found_id in known:
            found.add(found_id)
    return found
