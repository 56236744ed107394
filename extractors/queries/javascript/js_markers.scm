; Comments, named functions, classes, try/catch and literal bindings of a JavaScript file.
; typescript/js_markers.scm holds the same patterns for the TypeScript node types.
(comment) @comment
(catch_clause) @catch
(throw_statement) @throw

(function_declaration name: (identifier) @fn.name) @fn
(generator_function_declaration name: (identifier) @fn.name) @fn
(method_definition name: (_) @fn.name) @fn
(variable_declarator
  name: (identifier) @fn.name
  value: [(arrow_function) (function_expression) (generator_function)] @fn)
(assignment_expression
  left: [(identifier) (member_expression)] @fn.name
  right: [(arrow_function) (function_expression) (generator_function)] @fn)
(pair
  key: [(property_identifier) (string) (number)] @fn.name
  value: [(arrow_function) (function_expression) (generator_function)] @fn)
(field_definition
  property: (_) @fn.name
  value: [(arrow_function) (function_expression) (generator_function)] @fn)
(export_statement
  value: [(arrow_function) (function_expression) (generator_function)] @fn.default)
(call_expression
  function: (parenthesized_expression [(arrow_function) (function_expression)] @fn.called))

(class_declaration name: (_) @class.name) @class
(class name: (_) @class.name) @class

(variable_declarator
  name: (identifier) @bind.name
  value: [(number) (string) (template_string) (true) (false) (null) (undefined)
          (unary_expression) (identifier) (member_expression)] @bind.value)
(pair
  key: [(property_identifier) (string) (number)] @bind.name
  value: [(number) (string) (template_string) (true) (false) (null) (undefined)
          (unary_expression) (identifier) (member_expression)] @bind.value)
(field_definition
  property: (_) @bind.name
  value: [(number) (string) (template_string) (true) (false) (null) (undefined)
          (unary_expression) (identifier) (member_expression)] @bind.value)
(assignment_pattern
  left: (identifier) @bind.name
  right: [(number) (string) (template_string) (true) (false) (null) (undefined)
          (unary_expression) (identifier) (member_expression)] @bind.value)
(object_assignment_pattern
  left: (shorthand_property_identifier_pattern) @bind.name
  right: [(number) (string) (template_string) (true) (false) (null) (undefined)
          (unary_expression) (identifier) (member_expression)] @bind.value)
(assignment_expression
  left: [(identifier) (member_expression)] @bind.name
  right: [(number) (string) (template_string) (true) (false) (null) (undefined)
          (unary_expression) (identifier) (member_expression)] @bind.value)
