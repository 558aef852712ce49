package checker

import "github.com/wardline/wardline/guard"

// scanner is the seam between the checker and package guard: the text
// detectors every field goes through. guardScanner (guardwire.go) fills it
// with package guard's functions; tests may substitute their own with the
// unexported withScanner option.
type scanner struct {
	// normalize undoes obfuscation (NFKC, invisible characters,
	// homoglyphs, spacing, case); the markdown rule reads its output too.
	normalize func(string) string
	// instructions finds instruction.* and injection.
	instructions func(string) []guard.Finding
	// secrets finds "secret.<gitleaks-id>".
	secrets func(string) []guard.Finding
	// urls finds every URL (rule "url"); placement is the checker's job.
	urls func(string) []guard.Finding
	// exfiltration finds exfil.url and exfil.request.
	exfiltration func(string) []guard.Finding

	// Optional: exfilURLs returns exfiltration(s) and len(urls(s)) sharing
	// their work, urlCount len(urls(s)); when nil, exfiltration and urls
	// are called.
	exfilURLs func(string) ([]guard.Finding, int)
	urlCount  func(string) int
}

// exfilAndURLs returns exfiltration(text) when exfil is set and the number
// of URLs in text when urls is set.
func (s *scanner) exfilAndURLs(text string, exfil, urls bool) ([]guard.Finding, int) {
	switch {
	case exfil && urls && s.exfilURLs != nil:
		return s.exfilURLs(text)
	case urls && !exfil && s.urlCount != nil:
		return nil, s.urlCount(text)
	}
	var fs []guard.Finding
	n := 0
	if exfil {
		fs = s.exfiltration(text)
	}
	if urls {
		n = len(s.urls(text))
	}
	return fs, n
}

func (s *scanner) complete() bool {
	return s != nil && s.normalize != nil && s.instructions != nil && s.secrets != nil && s.urls != nil && s.exfiltration != nil
}

// withScanner replaces the guard detectors (tests only).
func withScanner(s *scanner) Option {
	return func(c *config) error {
		c.scan = s
		return nil
	}
}
