"""Spec and task-list formats (DESIGN §4) read into one model."""

from ralph_validate.core.specs.discover import find_spec, load_file, load_folder, read_tasks
from ralph_validate.core.specs.model import Criterion, Requirement, Spec, Task, TaskState

__all__ = [
    "Criterion",
    "Requirement",
    "Spec",
    "Task",
    "TaskState",
    "find_spec",
    "load_file",
    "load_folder",
    "read_tasks",
]
