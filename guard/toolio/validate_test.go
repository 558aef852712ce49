package toolio

import (
	"errors"
	"net/netip"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestIPOrCIDR(t *testing.T) {
	tests := []struct {
		in     string
		want   string // canonical prefix; "" means rejected
		reason string // substring of the rejection reason
	}{
		{"203.0.113.7", "203.0.113.7/32", ""},
		{" 203.0.113.7\n", "203.0.113.7/32", ""},
		{"198.51.100.0/24", "198.51.100.0/24", ""},
		{"0.0.0.0/0", "0.0.0.0/0", ""},
		{"2001:db8::1", "2001:db8::1/128", ""},
		{"2001:DB8::/32", "2001:db8::/32", ""},
		{"::1.2.3.4", "::102:304/128", ""},
		{"999.999.999.999", "", "out of range"},
		{"256.1.1.1", "", "out of range"},
		{"1.2.3.4/33", "", "out of range 0-32"},
		{"2001:db8::/129", "", "out of range 0-128"},
		{"010.0.0.1", "", "leading zero"},
		{"10.0.0.01", "", "leading zero"},
		{"10.0.0.0/08", "", "leading zero"},
		{"fe80::1%eth0", "", "zone"},
		{"fe80::1%eth0/64", "", "zone"},
		{"::ffff:10.0.0.1", "", "IPv4-mapped"},
		{"10.0.0.1/8", "", "did you mean 10.0.0.0/8"},
		{"1.2.3", "", "not an IP"},
		{"0x7f.0.0.1", "", "not an IP"},
		{"2130706433", "", "not an IP"},
		{"1.2.3.4/", "", "decimal"},
		{"1.2.3.4/+8", "", "decimal"},
		{"1.2.3.4/ 8", "", "decimal"},
		{"1.2.3.4/8/8", "", "decimal"},
		{"1.2.3.4 5.6.7.8", "", "not an IP"},
		{"1.2.3.4; DROP TABLE rules", "", "not an IP"},
		{"", "", "empty"},
		{"   ", "", "empty"},
		{"example.com", "", "not an IP"},
		{"１.２.３.４", "", "not an IP"},
		{strings.Repeat("1", 100), "", "too long"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			p, err := IPOrCIDR(tt.in)
			if tt.want != "" {
				require.NoError(t, err)
				assert.Equal(t, netip.MustParsePrefix(tt.want), p)
				assert.Equal(t, tt.want, p.String())
				return
			}
			var ve *ValidationError
			require.ErrorAs(t, err, &ve)
			assert.Equal(t, "IPOrCIDR", ve.Validator)
			assert.Contains(t, ve.Reason, tt.reason)
			assert.False(t, p.IsValid(), "no prefix alongside an error")
		})
	}
}

func TestOneOf(t *testing.T) {
	mode := OneOf("detect", "block", "off")
	tests := []struct{ in, want string }{
		{"block", "block"},
		{"Block", "block"},
		{" OFF\n", "off"},
		{"DROP TABLE", ""},
		{"block; rm -rf /", ""},
		{"blocks", ""},
		{"ｂｌｏｃｋ", ""},
		{"bloc\u212a", ""}, // Kelvin sign: folds to k under Unicode rules, not ASCII ones
		{"", ""},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := mode(tt.in)
			if tt.want != "" {
				require.NoError(t, err)
				assert.Equal(t, tt.want, got)
				return
			}
			var ve *ValidationError
			require.ErrorAs(t, err, &ve)
			assert.Empty(t, got)
			assert.Equal(t, "OneOf", ve.Validator)
			assert.Equal(t, `not one of "detect", "block", "off"`, ve.Reason)
		})
	}
	_, err := OneOf()("block")
	assert.ErrorContains(t, err, "no allowed values")
	_, err = OneOf("", "")("")
	assert.ErrorContains(t, err, "no allowed values", "empty allowed values never match")
}

func TestComment(t *testing.T) {
	tests := []struct {
		name, in string
		max      int
		want     string
		wantErr  string
	}{
		{"plain", "repeated scans from this host", 64, "repeated scans from this host", ""},
		{"whitespace collapsed", "  scans\n\tfrom\r\n  host  ", 64, "scans from host", ""},
		{"bidi override removed", "ticket \u202eevil\u202c 42", 64, "ticket evil 42", ""},
		{"isolates removed", "a\u2066b\u2069c", 64, "abc", ""},
		{"zero-width and soft hyphen removed", "ad\u200bmin\u00adistrator\ufeff", 64, "administrator", ""},
		{"tag characters removed", "ok\U000E0049\U000E0047\U000E004E", 64, "ok", ""},
		{"controls removed", "a\x00b\x1bc\x7fd\u0085e", 64, "abcd e", ""},
		{"invalid UTF-8 removed", "a\xffb", 64, "ab", ""},
		{"non-Latin kept", "Überprüfung 检查", 64, "Überprüfung 检查", ""},
		{"empty after cleaning", "\u200b\u202e", 64, "", ""},
		{"exactly max", "abcde", 5, "abcde", ""},
		{"max counts runes", "ééééé", 5, "ééééé", ""},
		{"too long", "abcdef", 5, "", "longer than 5 characters"},
		{"too long by a space", "abcd e", 5, "", "longer than 5"},
		{"invisible chars do not count", "a\u200bb\u200bc", 3, "abc", ""},
		{"zero max", "a", 0, "", "at least 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Comment(tt.in, tt.max)
			if tt.wantErr != "" {
				var ve *ValidationError
				require.ErrorAs(t, err, &ve)
				assert.Equal(t, "Comment", ve.Validator)
				assert.Contains(t, ve.Reason, tt.wantErr)
				assert.Empty(t, got)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestValidationErrorDoesNotEchoLongInput(t *testing.T) {
	secret := "ghp_" + strings.Repeat("Ab3x", 9) // shaped like a GitHub token, not one
	_, err := IPOrCIDR(secret)
	require.Error(t, err)
	assert.NotContains(t, err.Error(), secret[4:12])
	assert.Contains(t, err.Error(), `"ghp_…(40 bytes)"`)

	_, err = OneOf("a")(secret + "\u202e")
	require.Error(t, err)
	assert.NotContains(t, err.Error(), secret[4:12])
	assert.NotContains(t, err.Error(), "\u202e")

	_, err = OneOf("a")("DROP\u202eTABLE")
	require.Error(t, err)
	assert.Contains(t, err.Error(), `DROP\u202eTABLE`, "short inputs are echoed, quoted")

	var ve *ValidationError
	require.True(t, errors.As(err, &ve))
	assert.Equal(t, "DROP\u202eTABLE", ve.Input)
}

// FuzzIPOrCIDR checks that IPOrCIDR never panics, that what it accepts is a
// valid, masked, zone-free prefix that net/netip agrees with, and that the
// canonical form parses back to the same prefix. Seeds: the table above and
// testdata/fuzz/FuzzIPOrCIDR.
func FuzzIPOrCIDR(f *testing.F) {
	for _, s := range []string{"203.0.113.7", "198.51.100.0/24", "2001:db8::/32", "999.999.999.999",
		"010.0.0.1", "fe80::1%eth0", "::ffff:10.0.0.1", "10.0.0.1/8", "1.2.3.4/08", "0.0.0.0/0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := IPOrCIDR(s)
		if err != nil {
			var ve *ValidationError
			require.ErrorAs(t, err, &ve)
			require.False(t, p.IsValid())
			require.LessOrEqual(t, len(ve.Input), maxEcho+len("…(1000000000 bytes)"))
			return
		}
		require.True(t, p.IsValid())
		require.Empty(t, p.Addr().Zone())
		require.False(t, p.Addr().Is4In6())
		require.Equal(t, p.Masked(), p)
		t2 := strings.Trim(s, " \t\r\n")
		if !strings.Contains(t2, "/") {
			t2 += "/" + itoa(p.Addr().BitLen())
		}
		q, err := netip.ParsePrefix(t2)
		require.NoError(t, err, "netip must accept what IPOrCIDR accepts")
		require.Equal(t, p, q)
		back, err := IPOrCIDR(p.String())
		require.NoError(t, err)
		require.Equal(t, p, back)
	})
}

func itoa(n int) string {
	if n == 32 {
		return "32"
	}
	return "128"
}

// FuzzComment checks that Comment's output is valid UTF-8 without control,
// format or repeated white space characters and never longer than max.
func FuzzComment(f *testing.F) {
	f.Add("ticket \u202eevil\u202c 42", 16)
	f.Add("a\x00b\r\nc\U000E0041", 3)
	f.Add("\xff\xfe", 1)
	f.Fuzz(func(t *testing.T, s string, max int) {
		max = max%300 + 1
		if max < 1 {
			max += 300
		}
		got, err := Comment(s, max)
		if err != nil {
			require.Empty(t, got)
			var ve *ValidationError
			require.ErrorAs(t, err, &ve)
			return
		}
		require.True(t, utf8.ValidString(got))
		require.LessOrEqual(t, utf8.RuneCountInString(got), max)
		require.Equal(t, strings.TrimSpace(got), got)
		require.NotContains(t, got, "  ")
		for _, r := range got {
			require.False(t, unicode.IsControl(r) || unicode.Is(unicode.Cf, r), "rune %U kept", r)
			require.True(t, r == ' ' || !unicode.IsSpace(r), "space %U kept", r)
		}
	})
}

func BenchmarkIPOrCIDR(b *testing.B) {
	for _, in := range []string{"203.0.113.7", "2001:db8::/32", "999.999.999.999"} {
		b.Run(in, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_, _ = IPOrCIDR(in)
			}
		})
	}
}

func BenchmarkComment(b *testing.B) {
	in := "repeated SSH scans from this host \u202e see ticket 4312"
	b.ReportAllocs()
	for b.Loop() {
		_, _ = Comment(in, 200)
	}
}
