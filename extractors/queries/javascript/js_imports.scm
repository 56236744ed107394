; Where test frameworks and assertion libraries come from (shared by the JavaScript,
; TypeScript and TSX grammars: every node type here exists in all three).
(import_statement) @import

(variable_declarator
  value: (call_expression
    function: (identifier) @_require
    arguments: (arguments . (string)))
  (#eq? @_require "require")) @require

(variable_declarator
  value: (member_expression
    object: (call_expression
      function: (identifier) @_require
      arguments: (arguments . (string)))
    property: (property_identifier))
  (#eq? @_require "require")) @require

(variable_declarator
  name: (object_pattern)
  value: (member_expression) @_meta
  (#eq? @_meta "import.meta.vitest")) @in_source

(variable_declarator
  name: (identifier)
  value: (call_expression
    function: (member_expression
      object: (identifier)
      property: (property_identifier) @_extend))
  (#eq? @_extend "extend")) @extend

; ``const { assert } = chai`` / ``const expect = chai.expect``: names taken from a library value.
(variable_declarator
  name: [(object_pattern) (identifier)]
  value: [(identifier) (member_expression object: (identifier))]) @alias
