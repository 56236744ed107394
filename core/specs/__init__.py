"""Spec and task-list formats (DESIGN §4) read into one model."""

from ralph_validate.core.specs.model import Criterion, Requirement, Spec, Task, TaskState

__all__ = ["Criterion", "Requirement", "Spec", "Task", "TaskState"]
