package secrets

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/rs/zerolog"
	"github.com/spf13/viper"
	"github.com/stretchr/testify/require"
	"github.com/zricethezav/gitleaks/v8/config"
	"github.com/zricethezav/gitleaks/v8/detect"
	"github.com/zricethezav/gitleaks/v8/logging"
)

var (
	refOnce sync.Once
	refDet  *detect.Detector
	refErr  error
)

// gitleaksDetector returns gitleaks' own detector configured like guard's
// engine: same default rules (parsed and compiled by gitleaks in full, not
// by gitleaksConfig), same decode depth, gitleaks:allow ignored.
func gitleaksDetector(t testing.TB) *detect.Detector {
	refOnce.Do(func() {
		v := viper.New()
		v.SetConfigType("toml")
		if refErr = v.ReadConfig(strings.NewReader(config.DefaultConfig)); refErr != nil {
			return
		}
		var vc config.ViperConfig
		if refErr = v.Unmarshal(&vc); refErr != nil {
			return
		}
		cfg, err := vc.Translate()
		if refErr = err; err != nil {
			return
		}
		// gitleaks' detector logs secrets at trace level: silence it.
		logging.Logger = zerolog.Nop()
		refDet = detect.NewDetector(cfg)
		refDet.MaxDecodeDepth = secretDecodeDepth
		refDet.IgnoreGitleaksAllow = true
	})
	require.NoError(t, refErr)
	return refDet
}

// secretKey identifies a finding in both engines; it holds the secret, so
// it must never be printed: use describeKey.
type secretKey struct {
	rule, secret, match string
	line                int
}

func describeKey(k secretKey) string {
	return fmt.Sprintf("%s line %d secret %s", k.rule, k.line, RedactExcerpt(k.secret))
}

func gitleaksKeys(t testing.TB, s string) []secretKey {
	var out []secretKey
	for _, f := range gitleaksDetector(t).DetectString(s) {
		out = append(out, secretKey{f.RuleID, f.Secret, f.Match, f.StartLine})
	}
	sortKeys(out)
	return out
}

func wardlineKeys(t testing.TB, s string) []secretKey {
	e, err := loadSecretEngine()
	require.NoError(t, err)
	var out []secretKey
	for _, f := range e.scan(s) {
		out = append(out, secretKey{f.ruleID, f.secret, f.match, f.startLine})
	}
	sortKeys(out)
	return out
}

func sortKeys(ks []secretKey) {
	sort.Slice(ks, func(i, j int) bool { return fmt.Sprint(ks[i]) < fmt.Sprint(ks[j]) })
}

type gitleaksCase struct {
	Rule string   `json:"rule"`
	TPs  []string `json:"tps"`
	FPs  []string `json:"fps"`
}

func loadGitleaksCases(t testing.TB) []gitleaksCase {
	b, err := os.ReadFile(filepath.Join("testdata", "gitleaks", "cases.json"))
	require.NoError(t, err)
	var cases []gitleaksCase
	require.NoError(t, json.Unmarshal(b, &cases))
	require.NotEmpty(t, cases)
	return cases
}

// parityInputs returns every gitleaks rule test case and every corpus text.
func parityInputs(t testing.TB) []string {
	var in []string
	for _, c := range loadGitleaksCases(t) {
		in = append(in, c.TPs...)
		in = append(in, c.FPs...)
	}
	in = append(in, corpusTexts(t)...)
	return in
}

// TestSecretsParityWithGitleaks runs gitleaks' own detector and guard's
// engine on every rule test case gitleaks validates its rules with and on
// the corpus: the findings must be identical (rule, secret, match, line).
func TestSecretsParityWithGitleaks(t *testing.T) {
	inputs := raceSample(parityInputs(t))
	var total, found int
	for i, s := range inputs {
		want := gitleaksKeys(t, s)
		got := wardlineKeys(t, s)
		total++
		if len(want) > 0 {
			found++
		}
		if !assert.Equal(t, len(want), len(got), "input %d: finding count", i) {
			for _, k := range want {
				t.Logf("input %d gitleaks: %s", i, describeKey(k))
			}
			for _, k := range got {
				t.Logf("input %d wardline: %s", i, describeKey(k))
			}
			continue
		}
		for j := range want {
			assert.True(t, want[j] == got[j], "input %d: finding %d differs: gitleaks %s, wardline %s", i, j, describeKey(want[j]), describeKey(got[j]))
		}
	}
	t.Logf("parity: %d inputs, %d with gitleaks findings, all identical", total, found)
}

// TestFastRegexpEquivalence checks the windowed search against
// FindAllStringIndex for every rule on every parity input.
func TestFastRegexpEquivalence(t *testing.T) {
	e, err := loadSecretEngine()
	require.NoError(t, err)
	inputs := raceSample(parityInputs(t))
	lowered := make([]string, len(inputs))
	for i, s := range inputs {
		lowered[i] = strings.ToLower(s)
	}
	for _, r := range e.rules {
		for i, s := range inputs {
			if !anyKeyword(lowered[i], r.Keywords) {
				continue // gitleaks never runs the rule on this input
			}
			want := r.fast.ready().re.FindAllStringIndex(s, -1)
			got := r.fast.findAll(s, asciiLower(s), hasFoldRunes(s))
			if len(want) == 0 && len(got) == 0 {
				continue
			}
			assert.Equal(t, want, got, "rule %s input %d", r.RuleID, i)
		}
	}
}

func anyKeyword(lower string, kws []string) bool {
	for _, k := range kws {
		if strings.Contains(lower, strings.ToLower(k)) {
			return true
		}
	}
	return false
}

func encodingsEqual(t testing.TB, data string) bool {
	want, got := glRegexEncodings(data), glScanEncodings(data)
	if len(want) != len(got) {
		t.Errorf("encodings: regexp found %d, scanner %d", len(want), len(got))
		return false
	}
	for i := range want {
		if want[i].encoding != got[i].encoding || want[i].glStartEnd != got[i].glStartEnd {
			t.Errorf("encoding match %d: regexp %s %v, scanner %s %v", i,
				want[i].encoding.kind, want[i].glStartEnd, got[i].encoding.kind, got[i].glStartEnd)
			return false
		}
	}
	return true
}

// TestScanEncodingsMatchesRegexp checks the hand-written segment scanner
// against gitleaks' combined expression.
func TestScanEncodingsMatchesRegexp(t *testing.T) {
	cases := []string{
		"", "%", "%4", "%41", "a%41b%42c\n%43", "%41 text %zz %42 end", "U+0041 U+0042", "U+0041", "U+0041x U+0042\n",
		`\u0041\u0042`, `\\u0041\U0042`, `\\\u0041`, `\x\u00`, strings.Repeat("ab", 20), strings.Repeat("0f", 20) + "zz" + strings.Repeat("Q", 20),
		"dGhpcyBpcyBhIHRlc3Q==", "dGhpcyBpcyBhIHRlc3Q===", "short_run and a_much_longer_identifier_here", "é%41é" + strings.Repeat("é", 3),
	}
	cases = append(cases, parityInputs(t)...)
	for _, c := range cases {
		encodingsEqual(t, c)
	}
}
