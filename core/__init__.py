"""Leaf helpers shared by validator and gate: errors, atomic writes, git, spec formats.

The gate must judge a report another tool wrote, so it may not import the
validator; what both need (reading specs and tasks, running git) lives here
and depends on nothing else in the project.
"""
