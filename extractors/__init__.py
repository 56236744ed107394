"""Per-language parsers that turn one file into language-neutral facts. They judge nothing."""
