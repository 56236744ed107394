"""Test-integrity rules (``test.*``): tests that cannot fail, do not run, or assert less."""
