"""The producer/consumer field graph and the four cross-component questions (DESIGN §5, §6)."""
