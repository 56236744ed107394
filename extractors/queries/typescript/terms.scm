; Names and string contents a requirement's terms can match, and import edges.
; TypeScript and TSX share this query (folder "typescript").
(identifier) @name
(property_identifier) @name
(shorthand_property_identifier) @name
(type_identifier) @name
(string_fragment) @string
(import_statement source: (string (string_fragment) @import.module))
(export_statement source: (string (string_fragment) @import.module))
(call_expression
  function: (identifier) @_require
  arguments: (arguments . (string (string_fragment) @import.module))
  (#eq? @_require "require"))
(call_expression
  function: (import)
  arguments: (arguments . (string (string_fragment) @import.module)))
