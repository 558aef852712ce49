package gate

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// ExtractCommand finds the command an agent proposed in its output. The
// output must contain exactly one line that starts, in its first column,
// with "EXECUTE:" outside any code fence; the command is the rest of that
// line with surrounding blanks removed. Prose on other lines is tolerated.
//
// It returns false when:
//   - there is no such line, or "EXECUTE:" (in any letter case) occurs more
//     than once anywhere in the output, or occurs anywhere other than at
//     the start of that line (quoted, indented, in a block quote, mid-line,
//     inside a ``` or ~~~ fence), since an agent that writes it twice or
//     quotes it is ambiguous;
//   - the command is empty, longer than [MaxCommandBytes], not UTF-8, or
//     contains control or invisible format characters (carriage return,
//     NUL, escape, zero-width and bidi controls, line or paragraph
//     separators), or ends with a backslash (a line continuation that
//     would smuggle the next line into the command).
//
// ExtractCommand only finds the text; the command must still go through
// a [Gate].
func ExtractCommand(output string) (string, bool) {
	if !utf8.ValidString(output) {
		return "", false
	}
	if countFold(output, "EXECUTE:") != 1 {
		return "", false
	}
	fenced := false
	for line := range strings.Lines(output) {
		line = strings.TrimSuffix(strings.TrimSuffix(line, "\n"), "\r")
		trimmed := strings.TrimLeft(line, " \t")
		if strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~") {
			fenced = !fenced
			continue
		}
		if !strings.HasPrefix(line, "EXECUTE:") {
			continue
		}
		if fenced {
			return "", false
		}
		cmd := strings.Trim(line[len("EXECUTE:"):], " \t")
		if cmd == "" || len(cmd) > MaxCommandBytes || strings.HasSuffix(cmd, "\\") {
			return "", false
		}
		for _, r := range cmd {
			if r != '\t' && (unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || r == '\u2028' || r == '\u2029') {
				return "", false
			}
		}
		return cmd, true
	}
	// The single marker was not at the start of a line.
	return "", false
}

// countFold counts ASCII-case-insensitive occurrences of an ASCII upper
// case needle.
func countFold(s, needle string) int {
	n := 0
	for i := 0; i+len(needle) <= len(s); i++ {
		match := true
		for j := 0; j < len(needle); j++ {
			c := s[i+j]
			if 'a' <= c && c <= 'z' {
				c -= 'a' - 'A'
			}
			if c != needle[j] {
				match = false
				break
			}
		}
		if match {
			n++
			i += len(needle) - 1
		}
	}
	return n
}
