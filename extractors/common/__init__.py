"""What every language shares: tree-sitter plumbing, dispatch, language-neutral algorithms."""
