"""Spec and task-list formats (DESIGN §4) read into one model."""

from .discover import find_spec, load_file, load_folder, read_task_file, read_tasks
from .goalkeeper import Contract, parse_contract
from .json_formats import JsonTaskList, parse_json_tasks, read_json_tasks
from .kiro import expand_refs, parse_tasks, unread_tasks
from .kiro_requirements import parse_requirements, unread_requirements
from .model import (
    Criterion,
    Requirement,
    Spec,
    Task,
    TaskState,
    Unread,
    is_final_title,
)

__all__ = [
    "Contract",
    "Criterion",
    "JsonTaskList",
    "Requirement",
    "Spec",
    "Task",
    "TaskState",
    "Unread",
    "expand_refs",
    "find_spec",
    "is_final_title",
    "load_file",
    "load_folder",
    "parse_contract",
    "parse_json_tasks",
    "parse_requirements",
    "parse_tasks",
    "read_json_tasks",
    "read_task_file",
    "read_tasks",
    "unread_requirements",
    "unread_tasks",
]
