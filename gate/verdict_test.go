package gate

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestParseVerdict(t *testing.T) {
	const n = "0123456789abcdef0123456789abcdef"
	tests := []struct {
		name, answer string
		allow        bool
		reason       string // want reason, or the error's cause when bad
		bad          bool
	}{
		{"allow", "ALLOW " + n + ": loopback ping", true, "loopback ping", false},
		{"deny", "DENY " + n + ": reaches the internet", false, "reaches the internet", false},
		{"explanation after the first line", "ALLOW " + n + ": read-only\nIt only prints the kernel name.", true, "read-only", false},
		{"CRLF", "DENY " + n + ": no\r\n", false, "no", false},
		{"reason with lowercase words", "ALLOW " + n + ": policy does allow this; nothing to deny", true, "policy does allow this; nothing to deny", false},

		{"empty", "", false, "empty answer", true},
		{"blank", " \n ", false, "empty answer", true},
		{"lowercase", "allow " + n + ": fine", false, "uppercase", true},
		{"title case", "Deny " + n + ": no", false, "uppercase", true},
		{"no nonce", "ALLOW: fine", false, "no nonce", true},
		{"no nonce, space", "ALLOW : fine", false, "no nonce", true},
		{"wrong nonce", "ALLOW ffffffffffffffffffffffffffffffff: fine", false, "wrong nonce", true},
		{"nonce prefix only", "ALLOW " + n[:8] + ": fine", false, "wrong nonce", true},
		{"no colon", "ALLOW " + n + " fine", false, "followed by a colon", true},
		{"no reason", "ALLOW " + n + ":", false, "no reason", true},
		{"blank reason", "ALLOW " + n + ":   ", false, "no reason", true},
		{"both words", "DENY " + n + ": but ALLOW if read-only", false, "ambiguous", true},
		{"second verdict line", "ALLOW " + n + ": ok\nDENY " + n + ": actually no", false, "ambiguous", true},
		{"verdict on line 2", "Thinking...\nALLOW " + n + ": ok", false, "first line is not a verdict", true},
		{"leading blank line", "\nALLOW " + n + ": ok", false, "not at the start", true},
		{"leading space", " ALLOW " + n + ": ok", false, "not at the start", true},
		{"markdown bold", "**ALLOW " + n + ": ok**", false, "first line is not a verdict", true},
		{"control character", "ALLOW " + n + ": ok\x1b[8m", false, "control", true},
		{"bidi control", "ALLOW " + n + ": ok \u202e", false, "control", true},
		{"invalid UTF-8", "ALLOW " + n + ": ok \xff", false, "UTF-8", true},
		{"too long", "ALLOW " + n + ": " + strings.Repeat("x", MaxAnswerBytes), false, "over the 4096-byte limit", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			allow, reason, err := ParseVerdict(tc.answer, n)
			assert.Equal(t, tc.allow, allow)
			if tc.bad {
				assert.ErrorIs(t, err, ErrVerdict)
				assert.ErrorContains(t, err, tc.reason)
				assert.Empty(t, reason)
				return
			}
			assert.NoError(t, err)
			assert.Equal(t, tc.reason, reason)
		})
	}
	allow, _, err := ParseVerdict("ALLOW : x", "")
	assert.False(t, allow)
	assert.ErrorIs(t, err, ErrVerdict, "an empty nonce must never match")
}
