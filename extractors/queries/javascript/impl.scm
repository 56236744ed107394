; JavaScript/TypeScript nodes that carry facts about production behaviour (impl.*).
(function_declaration) @function
(function_expression) @function
(arrow_function) @function
(method_definition) @function
(generator_function_declaration) @function
(catch_clause) @catch
(call_expression) @call
(member_expression) @member
(subscript_expression) @subscript
(unary_expression) @unary
(assignment_expression) @assignment
(object) @object
(if_statement) @if
(switch_case) @case
(variable_declarator) @declarator
(class_declaration) @class
(binary_expression) @binary
