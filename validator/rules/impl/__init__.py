"""The ``impl`` family: production code that special-cases the tests or swallows errors."""
