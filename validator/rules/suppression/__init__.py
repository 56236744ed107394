"""Suppression rules (``suppression.*``): suppressions the change set added, and stale ones."""
