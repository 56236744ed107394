"""Report + tasks + git -> a completion verdict by fixed, readable rules (DESIGN §9)."""
