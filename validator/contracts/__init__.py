"""The producer/consumer field graph and what it observes at each boundary (DESIGN §5, §6)."""
