package audit_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wardline/wardline/audit"
	"github.com/wardline/wardline/guard"
)

// Made-up credentials of common shapes (not secrets).
var commonSecrets = []string{
	"AKIA" + "Z7Q2W4E6RXTJY3U5",
	"ghp_" + "Qm9kZXJuIHNlY3JldCB0b2tlbjEyMzQ1Njc4",
	"xoxb-" + "2741852963-9638527410-Zq8Xw7Cv6Bn5Mm4Ll3Kk",
	"sk_live_" + "51HqLyjWDarjtT1zdp7dc",
	"glpat-" + "Xy9Zq2Wv8Ut7Sr6Qp5On",
}

func TestRedactedByDefault(t *testing.T) {
	for _, secret := range commonSecrets {
		r := audit.Record{
			Time: t0, DecisionID: "d-" + secret, Gate: "gate " + secret, Decision: "deny " + secret,
			Reason: "token=" + secret, TurnID: "turn " + secret, Actor: "actor " + secret,
			InputDigest: "sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
			Verdict:     "DENY " + secret,
			Attrs: map[string]any{
				"key " + secret: "value " + secret,
				"bytes":         []byte("raw " + secret),
				"err":           errors.New("failed with " + secret),
				"nested":        map[string]any{"l": []any{secret}},
			},
		}
		line, err := logOne(t, r)
		require.NoError(t, err)
		assert.NotContains(t, line, secret[4:], "no option needed: redaction is on by default")
		assert.Contains(t, line, "…(", "the redacted excerpt is written")
		assert.Contains(t, line, r.InputDigest, "digests are kept")
	}
	// The decision id a logger makes up is a UUID, which is kept.
	line, err := logOne(t, audit.Record{Time: t0, Gate: "g", Decision: "allow"})
	require.NoError(t, err)
	assert.Regexp(t, `"decision_id":"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}"`, line)
}

func TestWithoutRedaction(t *testing.T) {
	secret := commonSecrets[0]
	r := base()
	r.Reason = "key " + secret
	line, err := logOne(t, r, audit.WithoutRedaction())
	require.NoError(t, err)
	assert.Contains(t, line, secret, "the named opt-out writes strings as given")

	l := audit.NewLogger(&bytes.Buffer{}, audit.WithoutRedaction(), audit.WithRedactor(strings.ToUpper))
	err = l.Log(context.Background(), base())
	require.ErrorIs(t, err, audit.ErrInvalidOption)
	assert.ErrorContains(t, err, "WithRedactor and WithoutRedaction")
	assert.ErrorIs(t, l.Err(), audit.ErrInvalidOption)
}

func TestRedactedKeysKeepEveryValue(t *testing.T) {
	// Two different secrets of the same length redact to the same excerpt.
	a, b := "AKIA"+"Z7Q2W4E6RXTJY3U5", "AKIA"+"Q3W5E7R9TYUIOPAS"
	r := withAttrs(map[string]any{a: 1, b: 2, "plain": map[string]string{a: "x", b: "y"}})
	line, err := logOne(t, r)
	require.NoError(t, err)
	assert.NotContains(t, line, a[4:])
	assert.NotContains(t, line, b[4:])
	assert.Contains(t, line, `"AKIA…(20)":2,"AKIA…(20)#2":1`, "keys taken in the order of the originals")
	assert.Contains(t, line, `{"AKIA…(20)":"y","AKIA…(20)#2":"x"}`)
	again, err := logOne(t, r)
	require.NoError(t, err)
	assert.Equal(t, line, again, "deterministic")
}

func TestInvisibleCharactersEscaped(t *testing.T) {
	s := "a\u202Eevil\u2066b\u2069\x7fc\u0085d\u200Be\u00ADf\U000E0041g\u2028h\x01i"
	r := base()
	r.Reason, r.Actor = s, s
	r.Attrs = map[string]any{"k\u202E": s}
	line, err := logOne(t, r, audit.WithoutRedaction())
	require.NoError(t, err)
	for _, ch := range line {
		assert.False(t, unicode.IsControl(ch) || unicode.Is(unicode.Cf, ch) || ch == 0x2028, "raw %U in the line", ch)
	}
	assert.Contains(t, line, `"reason":"a\u202eevil\u2066b\u2069\u007fc\u0085d\u200be\u00adf\udb40\udc41g\u2028h\u0001i"`)
	var m struct {
		Reason string
		Attrs  map[string]string
	}
	require.NoError(t, json.Unmarshal([]byte(line), &m))
	assert.Equal(t, s, m.Reason, "escaping is lossless")
	assert.Equal(t, s, m.Attrs["k\u202E"])
}

// gitleaksCase is one rule's test cases from guard's fixtures.
type gitleaksCase struct {
	Rule string   `json:"rule"`
	TPs  []string `json:"tps"`
}

var base64Run = regexp.MustCompile(`[A-Za-z0-9+/_-]{16,}={0,2}`)

// decodedRuns decodes every base64-looking run of out, so that a secret
// that reached the log inside base64 is found too.
func decodedRuns(out string) string {
	var b strings.Builder
	for _, run := range base64Run.FindAllString(out, -1) {
		for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding, base64.URLEncoding, base64.RawURLEncoding} {
			if d, err := enc.DecodeString(run); err == nil {
				b.Write(d)
				b.WriteByte('\n')
			}
		}
	}
	return b.String()
}

// TestGitleaksSecretsNeverReachDisk plants true-positive test cases of
// every gitleaks rule (guard/internal/secrets/testdata/gitleaks/cases.json:
// each rule's first case that guard finds secrets in) in every field of a
// record (16 places: the eight string fields, an attribute key and value,
// nested values, a []string, []byte, an error, raw JSON and a struct),
// through a file logger with guard.Redact wired as the application would,
// and checks that none of the secrets guard.Secrets finds in the case
// reaches the file: not verbatim, not inside base64. It also reports how
// many of them RedactCommon alone, the default, removes.
func TestGitleaksSecretsNeverReachDisk(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "guard", "internal", "secrets", "testdata", "gitleaks", "cases.json"))
	require.NoError(t, err)
	var cases []gitleaksCase
	require.NoError(t, json.Unmarshal(data, &cases))
	path := filepath.Join(t.TempDir(), "audit.log")
	l, err := audit.OpenFile(path, audit.WithRedactor(guard.Redact), audit.WithSyncEvery(0))
	require.NoError(t, err)
	type planted struct {
		rule    string
		secrets []string
	}
	var all []planted
	rules, defaultCaught, total := map[string]bool{}, 0, 0
	for i, c := range cases {
		if raceEnabled && i%5 != 0 {
			continue // the race detector adds nothing to a single goroutine
		}
		// Every rule, with its first case that guard finds secrets in
		// (every case of every rule costs minutes).
		var picked []int
		for j := range c.TPs {
			if len(guard.Secrets(c.TPs[j])) > 0 {
				picked = append(picked, j)
				break
			}
		}
		for _, j := range picked {
			tp := c.TPs[j]
			var secrets []string
			for _, f := range guard.Secrets(tp) {
				secrets = append(secrets, tp[f.Start:f.End])
			}
			rules[c.Rule] = true
			for _, s := range secrets {
				total++
				if !strings.Contains(audit.RedactCommon(tp), s) {
					defaultCaught++
				}
			}
			all = append(all, planted{c.Rule, secrets})
			require.NoError(t, l.Log(context.Background(), audit.Record{
				Time: t0, DecisionID: tp, Gate: tp, Decision: tp, Reason: tp, TurnID: tp, Actor: tp,
				InputDigest: tp, Verdict: tp, Latency: 1,
				Attrs: map[string]any{
					tp:       tp,
					"nested": map[string]any{"list": []any{tp, map[string]string{tp: tp}}},
					"strs":   []string{tp},
					"bytes":  []byte(tp),
					"err":    errors.New(tp),
					"raw":    json.RawMessage(mustJSON(t, map[string]string{tp: tp})),
					"struct": struct{ Field string }{tp},
				},
			}))
		}
	}
	require.NoError(t, l.Close())
	out, err := os.ReadFile(path)
	require.NoError(t, err)
	ls := lines(out)
	require.Len(t, ls, len(all)+1, "the head and one line per case")
	leaked := 0
	for i, p := range all {
		// Each case is checked against its own line: a string that is a
		// secret in one case may be ordinary text in another.
		haystack := ls[i+1] + decodedRuns(ls[i+1])
		for k, s := range p.secrets {
			if strings.Contains(haystack, s) {
				leaked++
				t.Errorf("rule %s: secret %d of a case reached the log", p.rule, k)
			}
		}
	}
	t.Logf("%d cases of %d rules, %d secrets planted in 16 places each: %d on disk; RedactCommon alone (without guard) removes %d of %d",
		len(all), len(rules), total, leaked, defaultCaught, total)
	if !raceEnabled {
		assert.GreaterOrEqual(t, len(rules), 150, "most gitleaks rules have a string test case")
	}
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	_, err = (&audit.Verifier{}).Verify(f)
	assert.NoError(t, err)
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return b
}
