package audit_test

import "github.com/wardline/wardline/guard"

// propertyRedactor is the redactor the secret-leak property test wires:
// guard.Redact, which replaces every guard.Secrets finding with its
// redacted excerpt.
var propertyRedactor = guard.Redact
