"""Scope rules (``scope.*``): changes outside the declared scope."""
