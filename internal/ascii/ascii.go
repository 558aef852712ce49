// Package ascii holds the byte-level string helpers that route, confirm,
// guard and guard/toolio share. The case helpers fold A-Z onto a-z and
// nothing else: an allowlist or a confirmation reply compared with
// Unicode case folding would let "K" (the Kelvin sign) or "ſ" (long s)
// stand for "k" or "s". Needles looks for a fixed set of substrings in
// one pass. They need only the standard library, so a package that
// imports them stays free of the detectors' dependencies.
package ascii

// EqualFold reports whether a and b are equal when ASCII letters are
// folded to lower case; every other byte must match exactly.
func EqualFold(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		if lower(a[i]) != lower(b[i]) {
			return false
		}
	}
	return true
}

// AppendLower appends s to dst with the ASCII letters A-Z lowered and
// every other byte unchanged, and returns the extended slice.
func AppendLower(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		dst = append(dst, lower(s[i]))
	}
	return dst
}

func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}
