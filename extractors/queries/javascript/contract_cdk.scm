; Statements a CDK stack is made of, in source order: declarations and expression statements.

(variable_declarator name: (_) @declare.name value: (_) @declare.value) @declare

(expression_statement) @statement
