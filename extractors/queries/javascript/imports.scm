; Imports and every declarator a `require` may bind, for the semantic model
; (javascript/model.py). Shared by the javascript, typescript and tsx grammars.
(import_statement) @import

(variable_declarator name: (_) value: (_)) @declarator
