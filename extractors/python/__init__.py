"""Python: its semantic model, and the integrity, contract and AWS SDK facts read through it."""
