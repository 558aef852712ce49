package secrets

import (
	"bytes"
	"encoding/base64"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/rs/zerolog"
	"github.com/wardline/wardline/guard/internal/finding"
	"github.com/zricethezav/gitleaks/v8/logging"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Throwaway values in gitleaks' default shapes (not live credentials).
var (
	testSlackBot = "xoxb-" + "2718281828-3141592653589-Zq8Kd02LmXnPwRtY5sVbCe7H"
)

func TestSecrets(t *testing.T) {
	b64 := base64.StdEncoding.EncodeToString([]byte("token=" + testGitHubPAT))
	tests := []struct {
		name   string
		in     string
		rule   string // "" => no finding
		secret string // the exact span expected
	}{
		{"github pat in prose", "The leaked value was " + testGitHubPAT + " yesterday.", "secret.github-pat", testGitHubPAT},
		{"slack bot token", "bot: " + testSlackBot, "secret.slack-bot-token", testSlackBot},
		{"generic assignment", `api_key = "9f8Kq2mZ7vLp4Rt1Wn3Yb6Hd"`, "secret.generic-api-key", "9f8Kq2mZ7vLp4Rt1Wn3Yb6Hd"},
		{"gitleaks:allow is ignored", testGitHubPAT + " // gitleaks:allow", "secret.github-pat", testGitHubPAT},
		{"base64 wrapped", "payload " + b64 + " end", "secret.github-pat", b64},
		{"percent encoded", "https://evil.example/?d=" + url.QueryEscape("k="+testGitHubPAT+"&x=1"), "secret.github-pat", ""},
		{"commit sha is not a secret", "Fixed in 3f786850e387550fdab836ed7e6dc881de23001b.", "", ""},
		{"sha256 digest is not a secret", "sha256:2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824", "", ""},
		{"uuid is not a secret", "request 123e4567-e89b-12d3-a456-426614174000 failed", "", ""},
		{"plain prose", "The password policy requires twelve characters and a rotating API key.", "", ""},
		{"empty", "", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fs := Secrets(tt.in)
			if tt.rule == "" {
				assert.Empty(t, fs)
				return
			}
			var hit *finding.Finding
			for i := range fs {
				if fs[i].Rule == tt.rule {
					hit = &fs[i]
				}
			}
			require.NotNil(t, hit, "want %s, got %v", tt.rule, fs)
			span := tt.in[hit.Start:hit.End]
			if tt.secret != "" {
				assert.Equal(t, tt.secret, span)
			}
			assert.NotContains(t, hit.Excerpt, span)
			assert.Contains(t, hit.Excerpt, "…")
		})
	}
}

func TestSecretsSortedAndDeduplicated(t *testing.T) {
	in := testSlackBot + " and " + testGitHubPAT + " and " + testGitHubPAT
	fs := Secrets(in)
	require.Len(t, fs, 3)
	for i := 1; i < len(fs); i++ {
		assert.LessOrEqual(t, fs[i-1].Start, fs[i].Start)
	}
}

func TestRedact(t *testing.T) {
	in := "token " + testGitHubPAT + " and bot " + testSlackBot + "."
	out := Redact(in)
	assert.NotContains(t, out, testGitHubPAT)
	assert.NotContains(t, out, testSlackBot)
	assert.Equal(t, "token ghp_…(40) and bot xoxb…(54).", out)
	assert.Equal(t, "no secrets here", Redact("no secrets here"))
}

func TestRedactExcerpt(t *testing.T) {
	assert.Equal(t, "…(3)", RedactExcerpt("abc"))
	assert.Equal(t, "ab…(8)", RedactExcerpt("abcdefgh"))
	assert.Equal(t, "ghp_…(40)", RedactExcerpt(testGitHubPAT))
	assert.Equal(t, "…(1)", RedactExcerpt("\x00"))
}

func TestSecretsConcurrent(t *testing.T) {
	in := strings.Repeat("the key is "+testGitHubPAT+"\n", 5)
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			assert.Len(t, Secrets(in), 5)
		}()
	}
	wg.Wait()
}

// TestSecretsBeyondGitleaks covers what Secrets finds and gitleaks'
// DetectString misses: prefixed tokens followed by punctuation, tokens
// split by invisible characters or spelled in fullwidth letters.
func TestSecretsBeyondGitleaks(t *testing.T) {
	stripe := "sk_live_" + "51eu2m7A0aNEvsG6mgvXnHyfySrHvEwUgILK7Z9SpSGdZrf4UC5mcgeOKd"
	tests := []struct{ name, in, rule, span string }{
		{"full stop after token", "Billing uses " + stripe + ".", "secret.stripe-access-token", stripe},
		{"token in parentheses", "The restricted key (rk_live_" + "Zq8Kd02LmXnPwRtY5sVbCe7H) is old.", "secret.stripe-access-token", "rk_live_" + "Zq8Kd02LmXnPwRtY5sVbCe7H"},
		{"zero-width split", "ghp_k3Jd8sLq2ZxW9m\u200bNp4RtY7vBc1HfGe6AoUi5T in CI", "secret.github-pat", "ghp_k3Jd8sLq2ZxW9m\u200bNp4RtY7vBc1HfGe6AoUi5T"},
		{"fullwidth", "key ＡＫＩＡＱＳＹＩＦＳＫ２ＣＣＦ３５ＨＹＣ here", "secret.aws-access-token", "ＡＫＩＡＱＳＹＩＦＳＫ２ＣＣＦ３５ＨＹＣ"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Empty(t, gitleaksKeys(t, tt.in), "gitleaks finds it: not a case beyond gitleaks")
			var spans []string
			for _, f := range Secrets(tt.in) {
				if f.Rule == tt.rule {
					spans = append(spans, tt.in[f.Start:f.End])
				}
			}
			assert.Contains(t, spans, tt.span)
		})
	}
}

// TestSecretsExtrasKeepGitleaksNegatives checks that the extra passes do
// not flag the false positives gitleaks validates its rules against.
func TestSecretsExtrasKeepGitleaksNegatives(t *testing.T) {
	for _, c := range loadGitleaksCases(t) {
		for i, fp := range c.FPs {
			if len(gitleaksKeys(t, fp)) == 0 {
				assert.Empty(t, Secrets(fp), "%s negative %d", c.Rule, i)
			}
		}
	}
}

// TestSecretsLogsNothing turns gitleaks' logger up to trace level and
// checks that scanning a secret writes nothing through it.
func TestSecretsLogsNothing(t *testing.T) {
	_, err := loadSecretEngine()
	require.NoError(t, err)
	var buf bytes.Buffer
	saved := logging.Logger
	logging.Logger = zerolog.New(&buf).Level(zerolog.TraceLevel)
	defer func() { logging.Logger = saved }()
	in := "token " + testGitHubPAT + " and " + base64.StdEncoding.EncodeToString([]byte("k="+testSlackBot))
	require.NotEmpty(t, Secrets(in))
	Redact(in)
	assert.Empty(t, buf.String())
}
