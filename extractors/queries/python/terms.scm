; Names and string contents a requirement's terms can match, and import edges.
(identifier) @name
(string_content) @string
(import_from_statement module_name: (_) @from.module name: (dotted_name) @from.name)
(import_from_statement module_name: (_) @from.module name: (aliased_import name: (dotted_name) @from.name))
(import_statement name: (dotted_name) @import.module)
(import_statement name: (aliased_import name: (dotted_name) @import.module))
