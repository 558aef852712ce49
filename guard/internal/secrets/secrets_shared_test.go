package secrets

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// checkSharedScan asserts that the shared scan finds exactly what the
// strict and loose engines find when run one after the other.
func checkSharedScan(t *testing.T, s string) {
	e, err := loadSecretEngine()
	require.NoError(t, err)
	want := append(e.scan(s), e.loose.scan(s)...)
	got := e.scanWithLoose(s)
	if len(want) == 0 {
		assert.Empty(t, got)
		return
	}
	assert.Equal(t, want, got)
}

func TestSecretScanShared(t *testing.T) {
	for _, c := range raceSample(loadGitleaksCases(t)) {
		for _, s := range append(append([]string{}, c.TPs...), c.FPs...) {
			checkSharedScan(t, s)
		}
	}
	for _, s := range raceSample(corpusTexts(t)) {
		checkSharedScan(t, s)
	}
}

// FuzzSecretScanShared checks scanWithLoose against two separate scans.
func FuzzSecretScanShared(f *testing.F) {
	for _, s := range corpusTexts(f) {
		f.Add(s)
	}
	f.Add("token: ghp_" + "0123456789abcdefghijABCDEFGHIJ012345.")
	f.Fuzz(func(t *testing.T, s string) {
		checkSharedScan(t, s)
	})
}

// TestSecretRulesCompile checks that every rule's expression, strict and
// loose, compiles (the engine compiles them lazily and would otherwise
// skip a broken one) and that the engine holds gitleaks' rules.
func TestSecretRulesCompile(t *testing.T) {
	e, err := loadSecretEngine()
	require.NoError(t, err)
	require.Greater(t, len(e.rules), 200)
	require.NotEmpty(t, e.loose.rules)
	for _, r := range append(append([]*secretRule{}, e.rules...), e.loose.rules...) {
		re := r.fast.ready().re
		if assert.NotNil(t, re, "rule %s does not compile", r.RuleID) {
			assert.LessOrEqual(t, r.SecretGroup, re.NumSubexp(), "rule %s: secret group", r.RuleID)
		}
	}
}

// TestAnchorPositionsOnePass checks the one-pass anchor search against a
// search per literal on every rule with several anchors.
func TestAnchorPositionsOnePass(t *testing.T) {
	e, err := loadSecretEngine()
	require.NoError(t, err)
	texts := append(corpusTexts(t), "api_key=x token secret-password passwd apikey access_key", "")
	multi := 0
	for _, r := range append(append([]*secretRule{}, e.rules...), e.loose.rules...) {
		f := r.fast.ready()
		if f.byFirst == nil {
			continue
		}
		multi++
		for _, s := range texts {
			lower := asciiLower(s)
			want := anchorPositionsInto(nil, lower, f.anchors)
			got := f.anchorPositionsInto(nil, lower)
			if len(want) == 0 {
				assert.Empty(t, got, "rule %s", r.RuleID)
				continue
			}
			assert.Equal(t, want, got, "rule %s", r.RuleID)
		}
	}
	assert.Positive(t, multi)
}
