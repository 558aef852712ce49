package workspace

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// DefaultLogOps returns the operations a log header may name when a
// [LogFormat] lists none: ingest, query, lint, synthesis, create, edit,
// delete and archive. Each call returns a new slice.
func DefaultLogOps() []string {
	return []string{"ingest", "query", "lint", "synthesis", "create", "edit", "delete", "archive"}
}

const (
	logPrefix    = "## ["
	touchedLabel = "touched: "
	maxLogTitle  = 200
	maxTouched   = 100
)

// LogHeader is one parsed log.md entry header:
//
//	## [2026-11-22] ingest | RFC 0034 service levels | touched: sla.md, index.md
type LogHeader struct {
	Date    time.Time // the day, at 00:00 UTC
	Op      string    // one of the format's operations
	Title   string    // non-empty, no '|' or control characters, at most 200 runes
	Touched []string  // wiki-relative pages; empty is written "none"
}

// LogFormat parses and writes log headers. The zero value accepts
// [DefaultLogOps]; it is read-only and safe for concurrent use.
type LogFormat struct {
	// Ops lists the accepted operations: lowercase ASCII letters and '-'.
	// Nil means DefaultLogOps.
	Ops []string
}

// SyntaxError reports a log header that does not follow the grammar. It
// never quotes the offending text, only says what is wrong.
type SyntaxError struct {
	// Reason says what is wrong.
	Reason string
}

// Error implements error.
func (e *SyntaxError) Error() string { return "workspace: malformed log header: " + e.Reason }

// ErrSyntax matches every *SyntaxError with errors.Is.
var ErrSyntax = errors.New("workspace: malformed log header")

// Is makes errors.Is(err, ErrSyntax) true for every *SyntaxError.
func (e *SyntaxError) Is(target error) bool { return target == ErrSyntax }

func logErr(reason string) error { return &SyntaxError{Reason: reason} }

func (f LogFormat) ops() []string {
	if f.Ops == nil {
		return DefaultLogOps()
	}
	return f.Ops
}

// ParseLogHeader parses line with the zero [LogFormat].
func ParseLogHeader(line string) (LogHeader, error) { return LogFormat{}.Parse(line) }

// Parse parses one header line (a trailing "\n" or "\r\n" is allowed) of
// the form
//
//	## [YYYY-MM-DD] <op> | <title> | touched: <page>, <page>
//
// with exactly these separators, a real calendar date (not 0001-01-01, the
// zero time.Time, which Format refuses as unset), a known op, and
// pages that pass [ValidatePath], without duplicates ("touched: none" for
// no pages). Anything else is a *SyntaxError, so an unparseable header can
// never be appended.
func (f LogFormat) Parse(line string) (LogHeader, error) {
	s := strings.TrimSuffix(strings.TrimSuffix(line, "\n"), "\r")
	if !utf8.ValidString(s) {
		return LogHeader{}, logErr("not UTF-8")
	}
	if strings.IndexFunc(s, invisible) >= 0 {
		return LogHeader{}, logErr("control or format character, or a line break")
	}
	rest, ok := strings.CutPrefix(s, logPrefix)
	if !ok {
		return LogHeader{}, logErr(`must start with "## ["`)
	}
	if len(rest) < 12 || rest[10:12] != "] " {
		return LogHeader{}, logErr(`date must be "[YYYY-MM-DD] "`)
	}
	date, err := time.Parse(time.DateOnly, rest[:10])
	if err != nil || date.Format(time.DateOnly) != rest[:10] {
		return LogHeader{}, logErr("date is not a real YYYY-MM-DD day")
	}
	if err := checkLogDate(date); err != nil {
		return LogHeader{}, err
	}
	parts := strings.Split(rest[12:], " | ")
	if len(parts) != 3 {
		return LogHeader{}, logErr(`want "<op> | <title> | touched: …"`)
	}
	h := LogHeader{Date: date, Op: parts[0], Title: parts[1]}
	if !slices.Contains(f.ops(), h.Op) {
		return LogHeader{}, logErr("unknown op")
	}
	if err := checkTitle(h.Title); err != nil {
		return LogHeader{}, err
	}
	list, ok := strings.CutPrefix(parts[2], touchedLabel)
	if !ok {
		return LogHeader{}, logErr(`third field must start with "touched: "`)
	}
	if list == "none" {
		h.Touched = []string{}
		return h, nil
	}
	h.Touched = strings.Split(list, ", ")
	if err := checkTouched(h.Touched); err != nil {
		return LogHeader{}, err
	}
	return h, nil
}

// checkLogDate refuses the zero time (an unset Date: 0001-01-01) and years
// that do not have four digits, so that Parse and Format accept the same
// dates.
func checkLogDate(d time.Time) error {
	switch {
	case d.IsZero():
		return logErr("zero date")
	case d.Year() < 1 || d.Year() > 9999:
		return logErr("year outside 0001-9999")
	}
	return nil
}

func checkTitle(t string) error {
	switch {
	case strings.TrimSpace(t) != t || t == "":
		return logErr("title is empty or has leading or trailing space")
	case strings.ContainsRune(t, '|'):
		return logErr("title may not contain '|'")
	case utf8.RuneCountInString(t) > maxLogTitle:
		return logErr("title is longer than 200 characters")
	case strings.IndexFunc(t, invisible) >= 0:
		return logErr("title has a control or format character")
	}
	return nil
}

func checkTouched(pages []string) error {
	if len(pages) > maxTouched {
		return logErr("more than 100 touched pages")
	}
	seen := make(map[string]bool, len(pages))
	for _, p := range pages {
		if err := ValidatePath(p); err != nil || strings.ContainsRune(p, ',') {
			return logErr("touched page is not a valid path")
		}
		if p == "none" {
			return logErr(`"none" cannot be listed with pages`)
		}
		if seen[p] {
			return logErr("touched page listed twice")
		}
		seen[p] = true
	}
	return nil
}

// Format writes h as a header line without a trailing newline, refusing
// what Parse would refuse.
func (f LogFormat) Format(h LogHeader) (string, error) {
	if !slices.Contains(f.ops(), h.Op) {
		return "", logErr("unknown op")
	}
	if err := checkTitle(h.Title); err != nil {
		return "", err
	}
	if err := checkLogDate(h.Date); err != nil {
		return "", err
	}
	touched := "none"
	if len(h.Touched) > 0 {
		if err := checkTouched(h.Touched); err != nil {
			return "", err
		}
		touched = strings.Join(h.Touched, ", ")
	}
	return fmt.Sprintf("%s%s] %s | %s | %s%s", logPrefix, h.Date.Format(time.DateOnly), h.Op, h.Title, touchedLabel, touched), nil
}

// CheckLogEntry checks an entry about to be appended to log.md: its first
// line must parse as a header and no later line may start with "## ", so an
// entry cannot smuggle in a second, unchecked header. It returns the parsed
// header.
func (f LogFormat) CheckLogEntry(entry string) (LogHeader, error) {
	first, body, _ := strings.Cut(entry, "\n")
	h, err := f.Parse(first)
	if err != nil {
		return LogHeader{}, err
	}
	for _, l := range strings.Split(body, "\n") {
		if strings.HasPrefix(strings.TrimLeft(l, " \t"), "## ") || strings.HasPrefix(l, "##\t") {
			return LogHeader{}, logErr("entry body contains another header line")
		}
	}
	return h, nil
}

// invisible reports control (Cc) and format (Cf) characters: line breaks,
// bidi overrides, zero-width characters.
func invisible(r rune) bool { return unicode.IsControl(r) || unicode.Is(unicode.Cf, r) }
