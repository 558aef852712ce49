package instructions

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/wardline/wardline/guard/internal/finding"
)

// Invisible carriers: characters that Normalize removes but whose presence
// is itself an attack. Unicode tag characters (U+E0000–U+E007F) spell out
// ASCII that renders as nothing ("ASCII smuggling"); bidi embedding,
// override and isolate controls (U+202A–U+202E, U+2066–U+2069) reorder what
// a human sees ("Trojan Source"). Neither belongs in a fact or in retrieved
// documentation, so they are reported rather than silently dropped.

const (
	carrierNone = iota
	carrierTag
	carrierBidi
)

func carrierKind(r rune) int {
	switch {
	case 0xE0000 <= r && r <= 0xE007F:
		return carrierTag
	case 0x202A <= r && r <= 0x202E, 0x2066 <= r && r <= 0x2069:
		return carrierBidi
	}
	return carrierNone
}

// hiddenCarriers reports every maximal run of Unicode tag characters and of
// bidi controls in s as an "injection" finding with offsets into s. The
// excerpt of a tag run shows the ASCII it smuggles.
func hiddenCarriers(s string) []finding.Finding {
	var out []finding.Finding
	for i := 0; i < len(s); {
		// Every carrier is a 3- or 4-byte sequence starting 0xE2 or 0xF3.
		if c := s[i]; c != 0xE2 && c != 0xF3 {
			i++
			continue
		}
		r, _ := utf8.DecodeRuneInString(s[i:])
		kind := carrierKind(r)
		if kind == carrierNone {
			i++
			continue
		}
		start := i
		var payload strings.Builder
		for i < len(s) {
			r, w := utf8.DecodeRuneInString(s[i:])
			if carrierKind(r) != kind {
				break
			}
			if kind == carrierTag && 0xE0020 <= r && r <= 0xE007E && payload.Len() < 64 {
				payload.WriteByte(byte(r - 0xE0000))
			} else if kind == carrierBidi && payload.Len() < 64 {
				if payload.Len() > 0 {
					payload.WriteByte(' ')
				}
				fmt.Fprintf(&payload, "U+%04X", r)
			}
			i += w
		}
		excerpt := "bidi control " + payload.String()
		if kind == carrierTag {
			excerpt = "tag characters " + fmt.Sprintf("%q", payload.String())
		}
		out = append(out, finding.Finding{Rule: ruleInjection, Start: start, End: i, Excerpt: finding.Clip(excerpt, finding.MaxExcerpt)})
	}
	return out
}
