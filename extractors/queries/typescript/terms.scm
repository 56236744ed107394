; Names and string contents a requirement's terms can match (import edges come from the
; semantic model).
; TypeScript and TSX share this query (folder "typescript").
(identifier) @name
(property_identifier) @name
(shorthand_property_identifier) @name
(type_identifier) @name
(string_fragment) @string
