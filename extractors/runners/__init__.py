"""Test runners' configuration, test files and invocations read into plain facts (no judgement)."""
