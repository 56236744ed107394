; Statements a CDK stack is made of, in source order: declarations and expression statements.

(variable_declarator name: (_) @declare.name value: (_) @declare.value) @declare

(expression_statement) @statement

; A construct returned from a helper (`return new sfn.StateMachine(...)`) is built too.
(return_statement) @statement

; Helpers a stack may build constructs through, inlined where they are called with their
; arguments: functions, methods, arrow functions, and classes (their constructor).
(function_declaration) @helper
(method_definition) @helper
(arrow_function) @helper
(function_expression) @helper
(class_declaration) @class

; Loops over a constant array run their body once per element.
(for_in_statement) @loop

; What calls name: helpers called here are run where they are called.
(call_expression function: (identifier) @callee)
(call_expression function: (member_expression object: (this) property: (property_identifier) @callee))
(new_expression constructor: (identifier) @callee)

; A function handed to ``xs.forEach(...)`` / ``xs.map(...)`` runs once per element.
(call_expression
  function: (member_expression property: (property_identifier) @callback.method)
  arguments: (arguments . [(arrow_function) (function_expression)] @callback)
  (#any-of? @callback.method "forEach" "map"))
