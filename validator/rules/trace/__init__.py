"""Traceability rules (``trace.*``): requirements without code or without an honest test."""
