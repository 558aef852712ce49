package audit_test

import "regexp"

// propertyRedactor is a STAND-IN for guard.Redact, which had not reached
// main when this test was written. It masks every run of 20 or more
// [A-Za-z0-9_-] characters that has a letter and a digit, and so proves
// the wiring (every path a string can take into the log passes through
// the redactor), not the quality of secret detection.
var propertyRedactor = func(s string) string {
	return standInRE.ReplaceAllStringFunc(s, func(tok string) string {
		if f := foldForCheck(tok); digitRE.MatchString(f) && letterRE.MatchString(f) {
			return "[secret]"
		}
		return tok
	})
}

var standInRE = regexp.MustCompile(`[A-Za-z0-9_\-\x{200B}-\x{200D}\x{FF10}-\x{FF5A}]{20,}`)
