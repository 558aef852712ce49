package checker

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/wardline/wardline/internal/swar"
)

func errorsAs(err error, target any) bool { return errors.As(err, target) }

func TestParseStrict(t *testing.T) {
	deep := `{"a":` + strings.Repeat("[", 20) + strings.Repeat("]", 20) + `}`
	bigObj := func(dup bool) string {
		var b strings.Builder
		b.WriteString("{")
		for i := 0; i < 40; i++ {
			if i > 0 {
				b.WriteString(",")
			}
			b.WriteString(`"k` + strings.Repeat("x", i) + `":1`)
		}
		if dup {
			b.WriteString(`,"KXXX":2`)
		}
		b.WriteString("}")
		return b.String()
	}
	tests := []struct {
		name, in string
		ok       bool
		path     string
		msg      string
	}{
		{"object", `{"a":"b","c":[1,-2.5e3,true,false,null,{}],"d":{}}`, true, "", ""},
		{"surrounding whitespace", " \n\t{}\r\n", true, "", ""},
		{"escapes", `{"a":"\u00fc\/\"\\\b\f\n\r\t\ud83d\ude00"}`, true, "", ""},
		{"large object distinct keys", bigObj(false), true, "", ""},
		{"empty", "", false, "", "empty"},
		{"whitespace only", "  \n", false, "", "empty"},
		{"prose before", `Here: {"a":1}`, false, "", "precedes"},
		{"fence", "```json\n{}\n```", false, "", "code fence"},
		{"prose after", `{"a":1} done`, false, "", "follows"},
		{"second object", `{"a":1}{"b":2}`, false, "", "second"},
		{"array top", `[1]`, false, "", "array"},
		{"bom", "\uFEFF{}", false, "", "byte order mark"},
		{"trailing comma array", `{"a":[1,2,]}`, false, "/a/2", "trailing comma"},
		{"trailing comma object", `{"a":1,}`, false, "", "trailing comma"},
		{"duplicate", `{"a":1,"a":2}`, false, "/a", "duplicate key"},
		{"duplicate case", `{"role":1,"Role":2}`, false, "/Role", "duplicate key"},
		{"duplicate kelvin", "{\"k\":1,\"\u212a\":2}", false, "", "duplicate key"},
		{"duplicate escaped", `{"role":1,"\u0072ole":2}`, false, "/role", "duplicate key"},
		{"duplicate nested", `{"a":[{"x":1,"y":2,"x":3}]}`, false, "/a/0/x", "duplicate key"},
		{"duplicate large object", bigObj(true), false, "", "duplicate key"},
		{"nan", `{"a":NaN}`, false, "/a", "NaN"},
		{"infinity", `{"a":-Infinity}`, false, "/a", "NaN"},
		{"comment", "{\n// c\n\"a\":1}", false, "", "comments"},
		{"block comment", `{"a":1/* c */}`, false, "/a", "comments"},
		{"single quotes", `{"a":'b'}`, false, "/a", "double quotes"},
		{"raw newline", "{\"a\":\"x\ny\"}", false, "/a", "control character"},
		{"invalid utf8", "{\"a\":\"x\xffy\"}", false, "/a", "UTF-8"},
		{"truncated utf8", "{\"a\":\"x\xe2\x82\"}", false, "/a", "UTF-8"},
		{"overlong utf8", "{\"a\":\"\xc0\xaf\"}", false, "/a", "UTF-8"},
		{"utf8 surrogate", "{\"a\":\"\xed\xa0\x80\"}", false, "/a", "UTF-8"},
		{"lone high surrogate", `{"a":"\ud800x"}`, false, "/a", "surrogate"},
		{"lone low surrogate", `{"a":"\udc00"}`, false, "/a", "surrogate"},
		{"bad escape", `{"a":"\x"}`, false, "/a", "escape"},
		{"short unicode escape", `{"a":"\u12"}`, false, "/a", "escape"},
		{"unterminated", `{"a":"abc`, false, "/a", "not terminated"},
		{"backslash at end", `{"a":"abc\`, false, "/a", "not terminated"},
		{"truncated", `{"a":[1,2`, false, "", "ends inside"},
		{"leading zero", `{"a":01}`, false, "/a", "leading zero"},
		{"bare minus", `{"a":-}`, false, "/a", "invalid number"},
		{"dot no digits", `{"a":1.}`, false, "/a", "invalid number"},
		{"exp no digits", `{"a":1e}`, false, "/a", "invalid number"},
		{"unquoted key", `{a:1}`, false, "", "double-quoted"},
		{"missing colon", `{"a" 1}`, false, "/a", "':'"},
		{"missing comma", `{"a":1 "b":2}`, false, "/a", "expected ','"},
		{"deep", deep, false, "/a/0/0/0/0/0/0/0", "deeper than 8"},
		{"invalid byte outside", "{\"a\":1}\xff", false, "", "follows"},
		{"nul outside string", "{\"a\":1\x00}", false, "/a", "expected ','"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			nodes, err := parse(tt.in, 8, nil)
			if tt.ok {
				require.Nil(t, err)
				require.NotEmpty(t, nodes)
				assert.Equal(t, nObject, nodes[0].kind)
				return
			}
			require.NotNil(t, err)
			assert.Contains(t, err.msg, tt.msg)
			if tt.path != "" {
				assert.Equal(t, tt.path, err.path)
			}
			assert.GreaterOrEqual(t, err.off, 0)
			assert.LessOrEqual(t, err.off, len(tt.in))
		})
	}
}

func TestParseDecodes(t *testing.T) {
	nodes, err := parse(`{"s":"a\u00fcb\ud83d\ude00","n":-1.5e+3,"t":[true,false,null]}`, 8, nil)
	require.Nil(t, err)
	root := nodes[0]
	require.EqualValues(t, 3, root.count)
	s := nodes[root.first]
	assert.Equal(t, "s", s.key)
	assert.Equal(t, "aüb😀", s.str)
	n := nodes[s.next]
	assert.Equal(t, nNumber, n.kind)
	assert.Equal(t, "-1.5e+3", n.str)
	arr := nodes[n.next]
	assert.EqualValues(t, 3, arr.count)
	assert.Equal(t, int32(0), arr.parent)
}

// The depth limit is checked as nesting is entered: very deep input is
// refused without reading it all, so time stays linear.
func TestParseDepthIsLinear(t *testing.T) {
	in := `{"a":` + strings.Repeat("[", 1<<20)
	_, err := parse(in, 8, nil)
	require.NotNil(t, err)
	assert.Contains(t, err.msg, "deeper")
}

func TestFoldKey(t *testing.T) {
	for _, pair := range [][2]string{{"role", "ROLE"}, {"k", "\u212a"}, {"s", "\u017f"}, {"straße", "STRASSE"}} {
		assert.Equal(t, strings.EqualFold(pair[0], pair[1]), foldKey(pair[0]) == foldKey(pair[1]), pair)
	}
}

// FuzzStrictJSON holds the tokenizer to encoding/json: whatever it accepts
// is valid JSON and decodes to the same value; whatever encoding/json
// rejects, it rejects.
func FuzzStrictJSON(f *testing.F) {
	for _, s := range []string{`{"a":"b"}`, `{"a":[1,2.5e-3,true,null]}`, `{"a":"\ud83d\ude00\u00e9"}`, "{\"a\":\"\xff\"}", `{"a":1,"A":2}`, `{} {}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		nodes, err := parse(string(raw), 8, nil)
		if err != nil {
			if err.off < 0 || err.off > len(raw) {
				t.Fatalf("error offset %d out of range", err.off)
			}
			return
		}
		if !json.Valid(raw) {
			t.Fatalf("accepted invalid JSON %q", raw)
		}
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.UseNumber()
		var want any
		require.NoError(t, dec.Decode(&want))
		assert.Equal(t, want, toAny(nodes, 0))
	})
}

// strStop8 finds a byte strStop marks in a word exactly when one is there.
func TestStrStop8(t *testing.T) {
	check := func(w uint64) {
		want := false
		for k := 0; k < 8; k++ {
			want = want || strStop[byte(w>>(8*k))]
		}
		if got := strStop8(w); got != want {
			t.Fatalf("strStop8(%#016x) = %v, want %v", w, got, want)
		}
	}
	r := newRand(1)
	for range 200000 {
		check(r.Uint64())
		// mostly printable ASCII, with a few bytes of any value
		var w uint64
		for k := 0; k < 8; k++ {
			c := uint64(0x20 + r.Intn(0x5f))
			if r.Intn(8) == 0 {
				c = uint64(r.Intn(256))
			}
			w |= c << (8 * k)
		}
		check(w)
	}
	// every pair of adjacent byte values, where a borrow could spill over
	for c := 0; c < 256; c++ {
		for d := 0; d < 256; d++ {
			for _, k := range []int{0, 3, 6} {
				check(0x6161616161616161&^(0xffff<<(8*k)) | uint64(c)<<(8*k) | uint64(d)<<(8*k+8))
			}
		}
	}
	for c := 0; c < 256; c++ {
		for k := 0; k < 8; k++ {
			check(0x6161616161616161&^(0xff<<(8*k)) | uint64(c)<<(8*k))
		}
	}
	s := "0123456789abcdef"
	for i := 0; i+8 <= len(s); i++ {
		w := swar.Load8(s, i)
		for k := 0; k < 8; k++ {
			require.Equal(t, s[i+k], byte(w>>(8*k)))
		}
	}
}
