; Python nodes that carry test-integrity and placeholder facts.
(function_definition) @function
(class_definition) @class
(comment) @comment
(assignment left: (_) right: (_)) @binding
(keyword_argument) @binding
(default_parameter) @binding
(typed_default_parameter) @binding
(pair key: (string) value: (_)) @binding
