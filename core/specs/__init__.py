"""Spec and task-list formats (DESIGN §4) read into one model."""

from ralph_validate.core.specs.discover import find_spec, load_file, load_folder, read_tasks
from ralph_validate.core.specs.goalkeeper import Contract, parse_contract
from ralph_validate.core.specs.json_formats import parse_json_tasks
from ralph_validate.core.specs.kiro import expand_refs, parse_tasks
from ralph_validate.core.specs.kiro_requirements import parse_requirements
from ralph_validate.core.specs.model import (
    Criterion,
    Requirement,
    Spec,
    Task,
    TaskState,
    is_final_title,
)

__all__ = [
    "Contract",
    "Criterion",
    "Requirement",
    "Spec",
    "Task",
    "TaskState",
    "expand_refs",
    "find_spec",
    "is_final_title",
    "load_file",
    "load_folder",
    "parse_contract",
    "parse_json_tasks",
    "parse_requirements",
    "parse_tasks",
    "read_tasks",
]
