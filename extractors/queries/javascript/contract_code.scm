; Contract facts of JS/TS code: functions that may produce results, bindings that may
; consume them, imports that wire them. Shared by javascript, typescript and tsx.

(function_declaration name: (identifier) @function.name) @function

(variable_declarator
  name: (identifier) @function.name
  value: [(arrow_function) (function_expression)] @function.value) @function.declarator

(assignment_expression
  left: (member_expression) @function.export
  right: [(arrow_function) (function_expression)] @function.value)

(variable_declarator name: (_) @binding.name value: (_) @binding.value) @binding

(import_statement) @import

(export_statement) @export

(call_expression
  function: (member_expression
    property: (property_identifier) @mock.method)
  (#match? @mock.method "^mock(Resolved|Return)Value(Once)?$")) @mock

(identifier) @ident

(shorthand_property_identifier) @ident
