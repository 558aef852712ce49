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
	// their work, and normalize(s) with true when that work computed it;
	// urlCount returns len(urls(s)). When nil, exfiltration and urls are
	// called.
	exfilURLs func(string) ([]guard.Finding, int, string, bool)
	urlCount  func(string) int
}

// scanned is what exfilAndURLs found in a field.
type scanned struct {
	exfil []guard.Finding // exfiltration's findings
	urls  int             // the number of URLs
	// norm is normalize of the field when normOK (computed on the way).
	norm   string
	normOK bool
}

// exfilAndURLs returns exfiltration(text) when exfil is set and the number
// of URLs in text when urls is set.
func (s *scanner) exfilAndURLs(text string, exfil, urls bool) scanned {
	var r scanned
	switch {
	case exfil && s.exfilURLs != nil:
		// (The URL count comes with it whether asked or not.)
		r.exfil, r.urls, r.norm, r.normOK = s.exfilURLs(text)
		if !urls {
			r.urls = 0
		}
		return r
	case urls && !exfil && s.urlCount != nil:
		r.urls = s.urlCount(text)
		return r
	}
	if exfil {
		r.exfil = s.exfiltration(text)
	}
	if urls {
		r.urls = len(s.urls(text))
	}
	return r
}

// normalized returns normalize(text), taken from sc when it holds it.
func (s *scanner) normalized(text string, sc *scanned) string {
	if sc.normOK {
		return sc.norm
	}
	return s.normalize(text)
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
