; Names and string contents a requirement's terms can match (import edges come from the
; semantic model).
(identifier) @name
(string_content) @string
