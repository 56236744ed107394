; Every import of a file, at any depth, for the semantic model (python/model.py).
(import_statement) @import
(import_from_statement) @import
