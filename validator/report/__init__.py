"""The report model and its writers (Markdown, JSON; SARIF and JUnit where built)."""
