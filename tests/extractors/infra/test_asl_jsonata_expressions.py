"""JSONata expressions of an ASL state: a single reference is kept as its path; any other
expression reads every reference in it, except quoted text, function names and the names
the expression binds itself."""

from __future__ import annotations

from ralph_validate.extractors.infra.asl_jsonata import expression, references, value


def test_only_a_string_wrapped_in_percent_braces_is_an_expression() -> None:
    assert expression("{% $states.input.a %}") == "$states.input.a"
    assert expression("  {%\n $x \n%}  ") == "$x"
    assert expression("$states.input.a") is None
    assert expression("{% unterminated") is None


def test_references_skip_quotes_function_calls_and_bound_names() -> None:
    expr = (
        "$count($states.input.lines) & '$states.input.quoted' & "
        "$map($lines, function($l) { $l.qty }) & ($t := $states.result.Payload.total; $t)"
    )
    assert references(expr) == ("$states.input.lines", "$lines", "$states.result.Payload.total")


def test_a_single_reference_is_a_path_and_any_other_expression_reads_its_references() -> None:
    single = value("sku", "{% $states.context.Map.Item.Value.sku %}", 4)
    assert (single.path, single.reads) == ("$states.context.Map.Item.Value.sku", ())
    summed = value("n", "{% $sum($states.input.lines.qty) %}", 5)
    assert (summed.path, summed.reads, summed.vague) == ("", ("$states.input.lines.qty",), False)


def test_an_expression_that_tests_what_it_reads_marks_its_reads_vague() -> None:
    for text in (
        "{% $exists($states.input.note) ? $states.input.note : '' %}",
        "{% $states.input.a and $states.input.b %}",
    ):
        assert value("x", text, 1).vague


def test_objects_and_arrays_are_templates_of_expressions_and_literals() -> None:
    entry = value("Arguments", {"Entries": [{"Detail": {"id": "{% $id %}"}}, 3]}, 2)
    (entries,) = entry.sub
    first, second = entries.items
    assert first.sub[0].sub[0].path == "$id"
    assert second.value is not None
