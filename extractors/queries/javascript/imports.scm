; Imports and every declarator a `require` may bind, for the semantic model
; (javascript/model.py). Shared by the javascript, typescript and tsx grammars.
(import_statement) @import

(variable_declarator name: (_) value: (_)) @declarator

; Every other module reference: re-exports, `require('m')` anywhere, `import('m')`.
(export_statement source: (string) @reexport)
(call_expression
  function: (identifier) @_require
  arguments: (arguments . (string) @required)
  (#eq? @_require "require"))
(call_expression
  function: (import)
  arguments: (arguments . (string) @required))
