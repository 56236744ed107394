; Statements a CDK stack is made of, in source order (assignments are expression statements).

(expression_statement) @statement

; A construct returned from a helper (`return sfn.StateMachine(...)`) is built too.
(return_statement) @statement
