"""Contract rules (``contract.*``): one per question the contract engine answers."""
