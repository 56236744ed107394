; What a test file's bodies do: every call (declarations, assertions, skips, helper calls),
; chai ``.should`` chains and returns. Shared by the JavaScript, TypeScript and TSX grammars.
(call_expression) @call
(member_expression property: (property_identifier) @_should (#eq? @_should "should")) @should
(return_statement) @return
