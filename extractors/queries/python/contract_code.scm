; Contract facts of Python code: functions that may produce results, bindings that may
; consume them, imports that wire them, mock.patch targets.

(function_definition name: (identifier) @function.name) @function

(assignment left: (_) @binding.name right: (_) @binding.value) @binding

(import_statement) @import

(import_from_statement) @import

(call
  function: [(identifier) (attribute)] @patch.func
  (#match? @patch.func "(^|\\.)patch(\\.object)?$")) @patch

(identifier) @ident
