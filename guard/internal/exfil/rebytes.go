package exfil

// Helpers of the hand-written matchers that stand in for regular
// expressions (the URL matcher and the secret reach checks).

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func isASCIIAlnum(c byte) bool { return isDigit(c) || 'a' <= c|0x20 && c|0x20 <= 'z' }

// isReWordByte reports whether c is an ASCII word character (\w). A rune
// is a word character exactly when its encoding is one such byte, so \b
// at i compares the bytes t[i-1] and t[i].
func isReWordByte(c byte) bool { return isASCIIAlnum(c) || c == '_' }

// runMemo remembers the run of some class of runes containing the
// positions [start, end); end is where it stops.
type runMemo struct{ start, end int }
