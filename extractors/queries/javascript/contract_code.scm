; Contract facts of JS/TS code: functions that may produce results, bindings that may
; consume them, exports. Shared by javascript, typescript and tsx (imports: imports.scm).

(function_declaration name: (identifier) @function.name) @function

(variable_declarator
  name: (identifier) @function.name
  value: [(arrow_function) (function_expression)] @function.value) @function.declarator

(assignment_expression
  left: (member_expression) @function.export
  right: [(arrow_function) (function_expression)] @function.value)

(variable_declarator name: (_) @binding.name value: (_) @binding.value) @binding

(export_statement) @export

(call_expression
  function: (member_expression
    property: (property_identifier) @mock.method)
  (#match? @mock.method "^mock((Resolved|Return)Value|Implementation)(Once)?$")) @mock

; jest.mock(path, factory) / vi.mock(path, factory)
(call_expression
  function: (member_expression
    object: (identifier) @mock.framework
    property: (property_identifier) @mock.how)
  (#match? @mock.framework "^(jest|vi)$")
  (#match? @mock.how "^(mock|doMock|unstable_mockModule)$")) @mock.module

; Express / Hono routes: app.get('/x', handler)
(call_expression
  function: (member_expression
    property: (property_identifier) @route.verb)
  arguments: (arguments . (string))
  (#match? @route.verb "^(get|post|put|patch|delete)$")) @route

; app.use('/api', router) / app.route('/api', sub)
(call_expression
  function: (member_expression
    property: (property_identifier) @mount.verb)
  arguments: (arguments . (string))
  (#match? @mount.verb "^(use|route)$")) @mount

(export_statement
  value: (_) @export.default)

(identifier) @ident

(shorthand_property_identifier) @ident
