; Statements a CDK stack is made of, in source order: declarations and expression statements.

(variable_declarator name: (_) @declare.name value: (_) @declare.value) @declare

(expression_statement) @statement

; A construct returned from a helper (`return new sfn.StateMachine(...)`) is built too.
(return_statement) @statement
