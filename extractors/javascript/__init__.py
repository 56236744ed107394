"""JavaScript, TypeScript and TSX: their semantic model, integrity and contract facts."""
