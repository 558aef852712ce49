package guard

import (
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"
	"github.com/wardline/wardline/guard/internal/finding"
)

// Test texts and helpers guard's tests share.

// keywordProse is documentation-style text that keeps mentioning tokens,
// keys, passwords, secrets and auth without containing any secret.
var keywordProse = strings.Repeat(`The API key is issued by the identity service and rotated every ninety days.
Access tokens expire after one hour; refresh tokens last thirty days, and the token endpoint returns both.
Passwords are hashed with argon2id before storage, and the password policy requires twelve characters.
The secret store keeps credentials for the CI runners, so no key, token or password lives in the repository.
Auth middleware checks the bearer token, then the session key, then falls back to basic auth for legacy clients.
Creds for staging are managed by the platform team: access is granted per project, with keys scoped to one bucket.
When a token leaks, the secret scanner opens an incident, and the key owner revokes it within the hour.
`, 20)

// rulesOf returns the distinct rules of fs, sorted.
func rulesOf(fs []Finding) []string {
	var out []string
	for _, f := range fs {
		if !slices.Contains(out, f.Rule) {
			out = append(out, f.Rule)
		}
	}
	slices.Sort(out)
	return out
}

// typicalFields returns every string value (not object keys) of
// testdata/responses/typical.json.
func typicalFields(tb testing.TB) []string {
	tb.Helper()
	raw, err := os.ReadFile(filepath.Join("..", "testdata", "responses", "typical.json"))
	require.NoError(tb, err)
	var doc any
	require.NoError(tb, json.Unmarshal(raw, &doc))
	var out []string
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case string:
			out = append(out, v)
		case []any:
			for _, e := range v {
				walk(e)
			}
		case map[string]any:
			keys := slices.Sorted(maps.Keys(v))
			for _, k := range keys {
				walk(v[k])
			}
		}
	}
	walk(doc)
	return out
}

// validExcerpt reports whether an excerpt is valid UTF-8 within the bound.
func validExcerpt(s string) bool { return utf8.ValidString(s) && len(s) <= finding.MaxExcerpt }
