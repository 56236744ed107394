; Statements a CDK stack is made of, in source order (assignments are expression statements).

(expression_statement) @statement

; A construct returned from a helper (`return sfn.StateMachine(...)`) is built too.
(return_statement) @statement

; Helpers a stack may build constructs through, inlined where they are called with their
; arguments: functions and methods, and classes (their ``__init__``).
(function_definition) @helper
(class_definition) @class

; Loops over a constant list run their body once per element.
(for_statement) @loop

; What calls name: helpers called here are run where they are called.
(call function: (identifier) @callee)
(call function: (attribute object: (identifier) @self attribute: (identifier) @callee) (#eq? @self "self"))
