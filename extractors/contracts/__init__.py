"""Contract-fact extractors, one module per source kind (code, CDK, ASL, templates, mocks)."""
