"""Requirement tracing: which code implements a requirement, which tests cover it."""
