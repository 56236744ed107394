"""A truth test of a field the resolved producer never writes is a read (Q2 FAIL): the
branch it guards can never run. A field the producer writes on some paths, and explicit
existence checks or defaults, still cope with absence."""

from __future__ import annotations

import pytest

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.validator.checks.contracts import answers_of

TS_SOURCE = (
    "export function loadEvent(id: string, full: boolean) {\n"
    "  if (full) { return { id, kind: 'order', extra: { note: 'x' } }; }\n"
    "  return { id, kind: 'order' };\n"
    "}\n"
)
PY_SOURCE = (
    "def load_event(event_id, full):\n"
    "    if full:\n"
    "        return {'id': event_id, 'kind': 'order', 'extra': {'note': 'x'}}\n"
    "    return {'id': event_id, 'kind': 'order'}\n"
)


def _fails(files: dict[str, str]) -> list[tuple[str, int, str]]:
    answers = answers_of(extract(path, text.encode()) for path, text in sorted(files.items()))
    return sorted(
        (a.row.consumer.path, a.row.consumer.line, a.row.reason)
        for a in answers
        if a.row.question == 2 and a.row.status.value == "FAIL" and a.row.consumer is not None
    )


def _ts(body: str) -> list[tuple[str, int, str]]:
    use = (
        "import { loadEvent } from './events';\n"
        "export function handle(id: string) {\n"
        "  const event = loadEvent(id, true);\n"
        f"{body}"
        "  return event.kind;\n"
        "}\n"
    )
    return _fails({"src/events.ts": TS_SOURCE, "src/handle.ts": use})


@pytest.mark.parametrize(
    ("body", "read"),
    [
        ("  if (event.priority) { return event.priority.level; }\n", "priority"),
        ("  if (!event.priority) { return 'none'; }\n", "priority"),
        ("  while (event.priority && event.kind) { break; }\n", "priority"),
        ("  const high = event.priority?.level === 'high';\n", "priority.level"),
    ],
)
def test_a_js_truth_test_of_a_field_no_producer_writes_is_a_missing_read(
    body: str, read: str
) -> None:
    found = _ts(body)
    assert [(path, line) for path, line, _ in found] == [(read, 4)]
    assert found[0][2].endswith("src/events.ts::loadEvent never writes priority")


@pytest.mark.parametrize(
    "body",
    [
        "  if (event.extra) { return event.extra.note; }\n",
        "  if ('priority' in event) { return 1; }\n",
        "  if (event.hasOwnProperty('priority')) { return 1; }\n",
        "  if (event.priority !== undefined) { return 1; }\n",
        "  const level = event.priority ?? 'low';\n",
    ],
)
def test_existence_checks_and_fields_written_on_some_paths_stay_as_they_are(body: str) -> None:
    assert _ts(body) == []


def test_the_python_truth_test_of_get_is_read_the_same_way() -> None:
    use = (
        "from app.events import load_event\n"
        "\n"
        "def handle(event_id):\n"
        "    event = load_event(event_id, True)\n"
        "    if event.get('priority'):\n"
        "        return event['priority']['level']\n"
        "    if event.get('extra'):\n"
        "        return event['extra']['note']\n"
        "    if 'urgent' in event:\n"
        "        return 1\n"
        "    return event.get('owner', 'nobody'), event['kind']\n"
    )
    found = _fails({"app/events.py": PY_SOURCE, "app/handle.py": use})
    assert found == [
        (
            "priority",
            5,
            "reads priority only in a truth test or through ?.; "
            "app/events.py::load_event never writes priority",
        ),
    ]
