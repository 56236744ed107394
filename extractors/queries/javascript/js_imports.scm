; Names test frameworks and assertion libraries bind besides imports and requires (those
; are read by the semantic model, javascript/model.py). Shared by the JavaScript,
; TypeScript and TSX grammars: every node type here exists in all three.
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

; ``const maybe = process.env.CI ? it.skip : it`` (or ``cond && it.skip || it``): a test
; function chosen by a condition; javascript/imports.py reads the arms.
(variable_declarator
  name: (identifier)
  value: [(ternary_expression) (binary_expression) (parenthesized_expression)]) @switch
