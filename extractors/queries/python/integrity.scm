; Python nodes that carry test-integrity and placeholder facts.
(function_definition) @function
(class_definition) @class
(comment) @comment
(module (expression_statement (assignment left: (identifier) @_name (#eq? @_name "pytestmark")) @module_skip))
(assignment left: (_) right: (_)) @binding
(keyword_argument) @binding
(default_parameter) @binding
(typed_default_parameter) @binding
(pair key: (string) value: (_)) @binding
; ``pytest.skip(..., allow_module_level=True)`` at module level, or under a module-level ``if``.
(module (expression_statement (call) @module_call))
(module (if_statement consequence: (block (expression_statement (call) @module_call))))
; ``pytest.importorskip("pkg")`` at module level, its module kept in a name or not.
(module (expression_statement (assignment right: (call) @module_call)))
