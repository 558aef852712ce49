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

	// Optional, all three or none: normOffs returns normalize(s) and the
	// offset in s behind each of its bytes; exfilURLsNorm and
	// instructionsNorm are exfilURLs (without the normalised text) and
	// instructions given them. A field that is not ASCII and goes
	// through both detectors is normalised once for the two (see
	// shareNorm).
	normOffs         func(string) (string, []int)
	exfilURLsNorm    func(s, norm string, offs []int) ([]guard.Finding, int)
	instructionsNorm func(s, norm string, offs []int) []guard.Finding
}

// sharedNorm is normOffs of a field, when shareNorm computed it.
type sharedNorm struct {
	norm string
	offs []int
	ok   bool
}

// shareNorm returns normOffs(text) for a text that is not ASCII, when
// the scanner has the detectors that take it; otherwise nothing (ASCII
// text is normalised into each detector's pooled buffers at little
// cost).
func (s *scanner) shareNorm(text string) sharedNorm {
	if s.normOffs == nil || s.exfilURLsNorm == nil || s.instructionsNorm == nil || isASCII(text) {
		return sharedNorm{}
	}
	norm, offs := s.normOffs(text)
	return sharedNorm{norm: norm, offs: offs, ok: true}
}

// instructionsOf returns instructions(text), from sh when it holds
// normOffs(text).
func (s *scanner) instructionsOf(text string, sh *sharedNorm) []guard.Finding {
	if sh.ok {
		return s.instructionsNorm(text, sh.norm, sh.offs)
	}
	return s.instructions(text)
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
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
// of URLs in text when urls is set; sh, when it holds normOffs(text), saves
// normalising text again.
func (s *scanner) exfilAndURLs(text string, exfil, urls bool, sh *sharedNorm) scanned {
	var r scanned
	switch {
	case exfil && sh.ok:
		// (The URL count comes with it whether asked or not.)
		r.exfil, r.urls = s.exfilURLsNorm(text, sh.norm, sh.offs)
		r.norm, r.normOK = sh.norm, true
		if !urls {
			r.urls = 0
		}
		return r
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
