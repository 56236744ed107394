; Where a JavaScript/TypeScript file binds names, for the semantic model's scopes
; (javascript/scopes.py). Shared by the javascript, typescript and tsx grammars.
(variable_declarator name: (_) @declare)
(formal_parameters) @params
(arrow_function parameter: (identifier) @param)
(catch_clause parameter: (_) @param)
(function_declaration name: (identifier) @define)
(generator_function_declaration name: (identifier) @define)
(class_declaration name: (_) @define)
(function_expression name: (identifier) @own)
(for_in_statement left: (_) @loop)
