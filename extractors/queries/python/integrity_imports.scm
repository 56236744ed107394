; Imports, for per-file alias resolution (import x as y, from x import y as z).
(import_statement) @import
(import_from_statement) @import
