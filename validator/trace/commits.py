"""Which production files the commits that completed each task changed.

A spec-prefixed commit completed a task when it ticks the task's box in the
task file, or when its message names the task id after the prefix
(``row-count-check: 2.1 add the handler``, ``... (task 3)``). Only a commit
that completed exactly one task ties its files to that task: a commit that
completes several says nothing about which file serves which.
"""

from __future__ import annotations

import re
from collections import defaultdict

from ...core.git import Git
from ...core.specs.model import Spec

_TICKED = re.compile(r"^\+\s*[-*+]\s+\[[xX]\]\*?\s+(?P<title>.+?)\s*$")


def _named_tasks(message: str, spec: Spec) -> set[str]:
    body = message.split(":", 1)[1] if ":" in message else message
    named: set[str] = set()
    for task in spec.tasks:
        if not task.id:
            continue
        tid = re.escape(task.id.rstrip("."))
        if "." in task.id or re.search(r"[A-Za-z]", task.id):
            pattern = rf"(?<![\w.]){tid}(?![\w]|\.\d)"
        else:  # a bare number names a task only as "task 3", "#3" or a leading "3."
            pattern = rf"(?:\btask\s+#?|#|^\s*){tid}(?![\w]|\.\d)"
        if re.search(pattern, body, re.IGNORECASE):
            named.add(task.id)
    return named


def _ticked_tasks(diff: str, spec: Spec) -> set[str]:
    titles = {" ".join(t.title.split()): t.id for t in spec.tasks if t.id}
    ticked: set[str] = set()
    for line in diff.splitlines():
        match = _TICKED.match(line)
        if not match:
            continue
        text = " ".join(match.group("title").split())
        for title, tid in titles.items():
            if tid and (text.endswith(title) or text == title):
                ticked.add(tid)
    return ticked


def files_by_task(git: Git, spec: Spec, commits: tuple[str, ...]) -> dict[str, list[str]]:
    """Task id → sorted files changed by the spec-prefixed commits that completed it."""
    result: dict[str, set[str]] = defaultdict(set)
    for sha in commits:
        message = git.run("log", "-1", "--format=%B", sha)
        files = [f for f in git.run("show", "--name-only", "--format=", sha).splitlines() if f]
        tasks = _named_tasks(message.strip().splitlines()[0] if message.strip() else "", spec)
        if spec.tasks_file and spec.tasks_file in files:
            diff = git.run("show", "--format=", "--unified=0", sha, "--", spec.tasks_file)
            tasks |= _ticked_tasks(diff, spec)
        if len(tasks) == 1:
            result[next(iter(tasks))].update(files)
    return {tid: sorted(paths) for tid, paths in sorted(result.items())}
