package guard

import (
	"regexp"
	"strings"
	"sync"
)

// injectionRule returns "injection" when [Instructions] finds reproduced
// prompt injection in text (instruction overrides, fake role turns, "you
// are now", invisible carriers), else "". Sanitize reuses that detection
// rather than keeping a second list of override phrases.
//
// One allowance is specific to documentation: a line that starts with a
// role name and a colon but continues with data, a configuration value
// ("developer: true  # enables the debug endpoints") or a credit line
// ("Developer: Jane Doe <jane@example.org>"), is not a conversation turn.
func injectionRule(text string) string {
	found := false
	for _, f := range Instructions(text) {
		if f.Rule == ruleInjection {
			found = true
			break
		}
	}
	if !found {
		return ""
	}
	roleDataOnce.Do(func() {
		roleLabelRe = regexp.MustCompile(`^\s*(?:system|developer|assistant|user|human|ai|model|tool|bot)\s*:\s*`)
		dataValueRe = regexp.MustCompile(`^(?:true|false|yes|no|on|off|null|none|~|-?[0-9][0-9._]*|"[^"]*"|'[^']*'|[\pL.' -]{2,60}<[^<>@\s]+@[^<>\s]+>)$`)
	})
	n := Normalize(text)
	if m := roleLabelRe.FindStringIndex(n); m != nil {
		rest := n[m[1]:]
		if i := strings.Index(rest, " #"); i >= 0 {
			rest = rest[:i]
		}
		if dataValueRe.MatchString(strings.TrimSpace(rest)) {
			return ""
		}
	}
	return ruleInjection
}

var (
	roleDataOnce sync.Once
	roleLabelRe  *regexp.Regexp
	dataValueRe  *regexp.Regexp
)
