package citation

import (
	"errors"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Citation is one footnote definition in the documented grammar (see the
// package documentation):
//
//	[^Label]: Source, Locator — "Quote" (Hash; source SourceHash)
//
// The zero value is not a valid citation; [Citation.Format] refuses it.
type Citation struct {
	// Label is the footnote label without "[^" and "]", e.g. "1" or "sla".
	Label string
	// Source is the cited file as the page names it, e.g. "raw/rfc-0034.md".
	Source string
	// Locator is optional free text that says where in the source, e.g.
	// "p.3" or "§2.1". It may not contain '"', "—" or "--".
	Locator string
	// Quote is the verbatim text from the source.
	Quote string
	// Hash is QuoteHash(Quote). Format fills it in when empty.
	Hash string
	// SourceHash is optional: "sha256:<hex>" of the source file's bytes when
	// the quote was anchored. It is the evidence that tells a drifted source
	// from a fabricated quote (see "Telling problems apart" in the package
	// documentation). [Anchor] fills it in.
	SourceHash string
}

// SyntaxError reports text that does not follow one of the package's
// grammars (footnote definition, log header, frontmatter). It never quotes
// the offending text, only says what is wrong.
type SyntaxError struct {
	// What names the grammar: "definition", "log header", "frontmatter".
	What string
	// Reason says what is wrong.
	Reason string
}

// Error implements error: what was malformed and why.
func (e *SyntaxError) Error() string { return "citation: malformed " + e.What + ": " + e.Reason }

// ErrSyntax matches every *SyntaxError with errors.Is.
var ErrSyntax = errors.New("citation: malformed input")

// Is makes errors.Is(err, ErrSyntax) true for every *SyntaxError.
func (e *SyntaxError) Is(target error) bool { return target == ErrSyntax }

func defErr(reason string) error { return &SyntaxError{What: "definition", Reason: reason} }

// Format returns the definition line for c, without a trailing newline. It
// fills in Hash when it is empty, writes the quote with its white space
// normalised (which does not change its hash), and refuses a citation that
// would not parse back to the same values: a bad label, a source with
// spaces, commas or quotes, a locator with a quote or dash, an empty quote,
// a Hash that is not QuoteHash(Quote), a malformed SourceHash.
func (c Citation) Format() (string, error) {
	if !validLabel(c.Label) {
		return "", defErr("label must be 1 to 64 ASCII letters, digits, '-' or '_'")
	}
	if err := checkSourceToken(c.Source); err != nil {
		return "", err
	}
	loc := normalizeQuote(c.Locator)
	if strings.ContainsRune(loc, '"') || strings.Contains(loc, "—") || strings.Contains(loc, "--") {
		return "", defErr(`locator may not contain '"', "—" or "--"`)
	}
	q := normalizeQuote(c.Quote)
	if q == "" {
		return "", defErr("empty quote")
	}
	h := QuoteHash(q)
	if c.Hash != "" && c.Hash != h {
		return "", defErr("hash is not QuoteHash(quote)")
	}
	if c.SourceHash != "" && !isHash(c.SourceHash) {
		return "", defErr("source hash must be sha256: and 64 lowercase hex digits")
	}
	var b strings.Builder
	b.WriteString("[^")
	b.WriteString(c.Label)
	b.WriteString("]: ")
	b.WriteString(c.Source)
	if loc != "" {
		b.WriteString(", ")
		b.WriteString(loc)
	}
	b.WriteString(` — "`)
	b.WriteString(q)
	b.WriteString(`" (`)
	b.WriteString(h)
	if c.SourceHash != "" {
		b.WriteString("; source ")
		b.WriteString(c.SourceHash)
	}
	b.WriteString(")")
	return b.String(), nil
}

// ParseDefinition parses one footnote definition, "[^label]: body", in the
// documented grammar. Line breaks inside the definition count as spaces.
// Verify parses pages with goldmark and uses the same body grammar; this
// function exists for tools that handle a single definition line.
func ParseDefinition(def string) (Citation, error) {
	s := strings.TrimLeftFunc(def, unicode.IsSpace)
	if !strings.HasPrefix(s, "[^") {
		return Citation{}, defErr(`must start with "[^"`)
	}
	end := strings.Index(s, "]:")
	if end < 0 {
		return Citation{}, defErr(`missing "]:" after the label`)
	}
	label := s[2:end]
	if label == "" || strings.ContainsAny(label, "[]") || strings.IndexFunc(label, unicode.IsSpace) >= 0 {
		return Citation{}, defErr("bad label")
	}
	return parseBody(label, s[end+2:])
}

// parseBody parses the part of a definition after "[^label]:".
func parseBody(label, body string) (Citation, error) {
	s := normalizeQuote(body)
	c := Citation{Label: label}
	if !strings.HasSuffix(s, ")") {
		return Citation{}, defErr(`must end with the anchor "(sha256:…)"`)
	}
	open := strings.LastIndexByte(s, '(')
	if open < 0 {
		return Citation{}, defErr(`must end with the anchor "(sha256:…)"`)
	}
	anchor := s[open+1 : len(s)-1]
	qh, rest, hasSource := strings.Cut(anchor, ";")
	qh = strings.TrimSpace(qh)
	if !isHash(qh) {
		return Citation{}, defErr("quote hash must be sha256: and 64 lowercase hex digits")
	}
	c.Hash = qh
	if hasSource {
		sh, ok := strings.CutPrefix(strings.TrimSpace(rest), "source ")
		if !ok || !isHash(sh) {
			return Citation{}, defErr(`source anchor must be "source sha256:" and 64 lowercase hex digits`)
		}
		c.SourceHash = sh
	}
	head := strings.TrimRight(s[:open], " ")
	if len(head) == len(s[:open]) {
		return Citation{}, defErr("space required before the anchor")
	}
	if !strings.HasSuffix(head, `"`) {
		return Citation{}, defErr(`quote must be in straight double quotes before the anchor`)
	}
	// Source: up to the first ',' or ' '.
	i := strings.IndexAny(head, ", ")
	if i <= 0 {
		return Citation{}, defErr("missing source")
	}
	c.Source = head[:i]
	if err := checkSourceToken(c.Source); err != nil {
		return Citation{}, err
	}
	rest = head[i:]
	// Dash: " — " or " -- ", the first one after the source.
	dash, width := strings.Index(rest, " — "), len(" — ")
	if d := strings.Index(rest, " -- "); d >= 0 && (dash < 0 || d < dash) {
		dash, width = d, len(" -- ")
	}
	if dash < 0 {
		return Citation{}, defErr(`missing " — " between source and quote`)
	}
	if rest[0] == ',' {
		c.Locator = strings.TrimSpace(rest[1:dash])
		if c.Locator == "" {
			return Citation{}, defErr("empty locator after ','")
		}
		if strings.ContainsRune(c.Locator, '"') {
			return Citation{}, defErr(`locator may not contain '"'`)
		}
	} else if dash != 0 {
		return Citation{}, defErr(`source must be followed by ", locator" or " — "`)
	}
	q := rest[dash+width:]
	if len(q) < 2 || q[0] != '"' {
		return Citation{}, defErr(`quote must open with '"' right after the dash`)
	}
	c.Quote = strings.TrimSpace(q[1 : len(q)-1])
	if c.Quote == "" {
		return Citation{}, defErr("empty quote")
	}
	return c, nil
}

func checkSourceToken(s string) error {
	if s == "" {
		return defErr("missing source")
	}
	if !utf8.ValidString(s) || strings.ContainsAny(s, ",\"()") || strings.IndexFunc(s, unicode.IsSpace) >= 0 {
		return defErr("source may not contain spaces, commas, quotes or parentheses")
	}
	return nil
}

func validLabel(s string) bool {
	if s == "" || len(s) > 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}
