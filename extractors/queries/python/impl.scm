; Python nodes that carry facts about production behaviour (impl.*).
(function_definition) @function
(except_clause) @except
(with_item value: (call) @with_call)
(comparison_operator) @comparison
(call) @call
(subscript) @subscript
(assignment) @assignment
(dictionary) @dict
(if_statement) @if
(elif_clause) @if
(case_clause) @case
(assert_statement) @assert
(binary_operator) @binary
