package secrets

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Test texts the secret tests share (the URL and exfiltration tests keep
// their own copies of corpusTexts and testGitHubPAT).

// testGitHubPAT is a throwaway value in gitleaks' GitHub PAT shape (not a
// live credential).
var testGitHubPAT = "ghp_" + "k3Jd8sLq2ZxW9mNp4RtY7vBc1HfGe6AoUi5T"

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

// corpusTexts returns every text of the shared dev corpus.
func corpusTexts(t testing.TB) []string {
	var out []string
	for _, name := range []string{"fields.jsonl", "retrieved.jsonl", "raw.jsonl"} {
		f, err := os.Open(filepath.Join("..", "..", "..", "testdata", "corpus", name))
		require.NoError(t, err)
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			var row map[string]any
			require.NoError(t, json.Unmarshal(sc.Bytes(), &row))
			for _, k := range []string{"text", "line", "raw"} {
				if s, ok := row[k].(string); ok {
					out = append(out, s)
				}
			}
		}
		require.NoError(t, f.Close())
	}
	return out
}
