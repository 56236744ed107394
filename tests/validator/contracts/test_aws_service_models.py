"""What botocore's shipped service models answer: a client method's operation, the fields of its
output, near spellings of a field."""

from __future__ import annotations

from ralph_validate.validator.contracts.aws_models import (
    Found,
    near_spellings,
    operation,
    service_model,
    walk,
)


def test_a_method_name_maps_to_its_operation_in_the_shipped_model() -> None:
    assert operation("athena", "get_query_execution").name == "GetQueryExecution"
    assert operation("stepfunctions", "describe_execution").name == "DescribeExecution"
    assert operation("s3", "list_objects_v2").name == "ListObjectsV2"


def test_helpers_and_unknown_services_are_no_operation() -> None:
    assert operation("s3", "upload_file") is None
    assert operation("athena", "get_paginator") is None
    assert service_model("sfn") is None  # boto3's name is "stepfunctions"
    assert service_model("../athena") is None
    assert operation("sfn", "describe_execution") is None


def test_structures_lists_and_maps_are_walked() -> None:
    athena = operation("athena", "get_query_results").output_shape
    rows = ("ResultSet", "Rows", "*", "Data", "0", "VarCharValue")
    assert walk(athena, rows).found == Found.PRESENT
    item = operation("dynamodb", "get_item").output_shape
    assert walk(item, ("Item", "any_attribute", "S")).found == Found.PRESENT
    missing = walk(athena, ("ResultSet", "rows"))
    assert (missing.found, missing.depth, missing.shape.name) == (Found.ABSENT, 1, "ResultSet")


def test_past_a_scalar_or_the_response_metadata_the_model_says_nothing() -> None:
    body = operation("s3", "get_object").output_shape
    assert walk(body, ("Body", "read")).found == Found.OPAQUE
    assert walk(body, ("ResponseMetadata", "HTTPStatusCode")).found == Found.OPAQUE
    assert walk(body, ("LastModified", "year")).found == Found.OPAQUE


def test_an_operation_without_output_has_no_fields() -> None:
    deleted = operation("sqs", "delete_message")
    assert deleted.output_shape is None
    assert walk(deleted.output_shape, ("MessageId",)).found == Found.ABSENT
    assert walk(deleted.output_shape, ("ResponseMetadata",)).found == Found.OPAQUE


def test_near_spellings_cover_case_underscores_and_plurals() -> None:
    status = walk(
        operation("athena", "get_query_execution").output_shape, ("QueryExecution", "Status")
    ).shape
    assert near_spellings(status, "state_change_reasons") == ["StateChangeReason"]
    assert near_spellings(status, "state") == ["State"]
    assert near_spellings(status, "failureReason") == []
