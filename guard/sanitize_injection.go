package guard

import (
	"regexp"
	"strings"
	"sync"
)

// roleLabelData reports whether text is a line that starts with a role
// name and a colon but continues with data: a configuration value
// ("developer: true  # enables the debug endpoints") or a credit line
// ("Developer: Jane Doe <jane@example.org>"). Such a line is not a
// conversation turn, so Sanitize does not count [Instructions]'
// "injection" finding on it; everywhere else it reuses that detection
// rather than keeping a second list of override phrases.
func roleLabelData(text string) bool {
	roleDataOnce.Do(func() {
		roleLabelRe = regexp.MustCompile(`^\s*(?:system|developer|assistant|user|human|ai|model|tool|bot)\s*:\s*`)
		dataValueRe = regexp.MustCompile(`^(?:true|false|yes|no|on|off|null|none|~|-?[0-9][0-9._]*|"[^"]*"|'[^']*'|[\pL.' -]{2,60}<[^<>@\s]+@[^<>\s]+>)$`)
	})
	n := Normalize(text)
	m := roleLabelRe.FindStringIndex(n)
	if m == nil {
		return false
	}
	rest := n[m[1]:]
	if i := strings.Index(rest, " #"); i >= 0 {
		rest = rest[:i]
	}
	return dataValueRe.MatchString(strings.TrimSpace(rest))
}

var (
	roleDataOnce sync.Once
	roleLabelRe  *regexp.Regexp
	dataValueRe  *regexp.Regexp
)
