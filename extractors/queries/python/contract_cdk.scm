; Statements a CDK stack is made of, in source order (assignments are expression statements).

(expression_statement) @statement
