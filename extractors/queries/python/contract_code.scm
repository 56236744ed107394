; Contract facts of Python code: functions that may produce results, bindings that may
; consume them, mock.patch / monkeypatch.setattr targets, and classes that may declare a
; value's fields (TypedDict, dataclass, pydantic). Imports are read by the semantic model
; (imports.scm).

(function_definition name: (identifier) @function.name) @function

(assignment left: (_) @binding.name right: (_) @binding.value) @binding

(call
  function: [(identifier) (attribute)] @patch.func
  (#match? @patch.func "(^|\\.)patch(\\.object)?$")) @patch

(identifier) @ident

(call
  function: (attribute
    object: (identifier)
    attribute: (identifier) @_setattr.name)
  (#eq? @_setattr.name "setattr")) @setattr

(class_definition) @class
