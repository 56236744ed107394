"""The shape model: lookups, unions, JSONPath selection and placement."""

from __future__ import annotations

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.contracts import (
    ARRAY,
    Producer,
    Shape,
    ShapeField,
    obj,
    scalar,
    union,
    unknown,
)
from ralph_validate.validator.contracts.shape import (
    Presence,
    envelope,
    find_fields,
    leaves,
    lookup,
    parse_path,
    place,
    select,
    with_origin,
)


def _record(**fields: object) -> object:
    out = {}
    for name, value in fields.items():
        shape = _record(**value) if isinstance(value, dict) else value
        out[name] = ShapeField(name, shape, 1)
    return obj(out)


COUNT = _record(success=scalar(), details={"passed": scalar(), "count": scalar()})


def test_a_nested_field_is_present_and_a_shallow_one_is_absent() -> None:
    assert lookup(COUNT, ("details", "passed")).presence is Presence.PRESENT
    assert lookup(COUNT, ("passed",)).presence is Presence.ABSENT


def test_an_open_object_or_unknown_value_answers_unknown_never_absent() -> None:
    opened = obj({"a": ShapeField("a", scalar(), 1)}, open=True)
    assert lookup(opened, ("b",)).presence is Presence.UNKNOWN
    assert lookup(unknown(), ("a", "b")).presence is Presence.UNKNOWN


def test_a_wildcard_names_no_field_so_it_is_never_missing() -> None:
    # ``$[*][*]`` over an object (a Map's result written to a store) or over a scalar.
    assert lookup(COUNT, ("*", "*")).presence is Presence.UNKNOWN
    assert lookup(COUNT, ("success", "*")).presence is Presence.UNKNOWN
    # The honest twin: over a list, a field named after the wildcard is looked up in the
    # items, and one the items do not write is still missing.
    rows = obj({"rows": ShapeField("rows", Shape(ARRAY, items=_record(id=scalar())), 1)})
    assert lookup(rows, ("rows", "*", "id")).presence is Presence.PRESENT
    assert lookup(rows, ("rows", "*", "name")).presence is Presence.ABSENT


def test_a_field_written_by_one_return_of_several_is_present() -> None:
    failure = _record(success=scalar(), error=scalar())
    both = union([failure, COUNT])
    assert lookup(both, ("details", "passed")).presence is Presence.PRESENT
    assert lookup(both, ("nowhere",)).presence is Presence.ABSENT


def test_jsonpaths_parse_into_segments_and_context_paths_do_not() -> None:
    assert parse_path("$.countResult.Payload.details.passed") == (
        "countResult",
        "Payload",
        "details",
        "passed",
    )
    assert parse_path("$.items[0].id") == ("items", "0", "id")
    assert parse_path("$['odd key'].x") == ("odd key", "x")
    assert parse_path("$$.Execution.Id") is None


def test_result_path_places_the_envelope_and_the_lookup_names_the_producer() -> None:
    origin = ("lambda/count.ts", 7, "Count")
    data = place(unknown(), "$.countResult", envelope(COUNT, origin))
    found = lookup(data, ("countResult", "Payload", "passed"))
    assert found.presence is Presence.ABSENT
    assert found.origin == origin
    assert found.inner == ("Payload", "passed")
    assert lookup(data, ("countResult", "Payload", "details", "passed")).presence is (
        Presence.PRESENT
    )


def test_a_null_result_path_keeps_the_input_and_output_path_selects() -> None:
    given = _record(keep=scalar())
    assert place(given, None, COUNT) == given
    selected = select(with_origin(envelope(COUNT, ("f", 1, "L")), ("f", 1, "L")), "$.Payload")
    assert lookup(selected, ("details", "passed")).presence is Presence.PRESENT
    assert lookup(selected, ("details", "passed")).inner == ("Payload", "details", "passed")


def test_leaves_and_spellings_are_found_across_depths() -> None:
    assert [p for p, _ in leaves(COUNT)] == [
        ("details", "count"),
        ("details", "passed"),
        ("success",),
    ]
    snake = _record(user_id=scalar(), meta={"estimated_delivery": scalar()})
    assert [p for p, _ in find_fields(snake, "userId")] == [("user_id",)]
    assert [p for p, _ in find_fields(snake, "estimatedDelivery")] == [
        ("meta", "estimated_delivery")
    ]


def test_a_python_dict_filled_by_methods_or_helpers_is_open() -> None:
    source = (
        "def grouped(rows):\n"
        "    out = {}\n"
        "    for row in rows:\n"
        "        out.setdefault(row.kind, []).append(row)\n"
        "    return out\n"
        "\n"
        "def filled():\n"
        "    out = {'fixed': 1}\n"
        "    add_defaults(out)\n"
        "    return out\n"
        "\n"
        "def logged():\n"
        "    out = {'fixed': 1}\n"
        "    print(out)\n"
        "    return out\n"
    )
    producers = {
        f.name: f.shape
        for f in extract("app/groups.py", source.encode()).facts
        if isinstance(f, Producer)
    }
    assert lookup(producers["grouped"], ("anything",)).presence is Presence.UNKNOWN
    assert lookup(producers["filled"], ("added",)).presence is Presence.UNKNOWN
    assert lookup(producers["filled"], ("fixed",)).presence is Presence.PRESENT
    assert lookup(producers["logged"], ("added",)).presence is Presence.ABSENT
