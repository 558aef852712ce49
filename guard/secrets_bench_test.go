package guard

import (
	"strings"
	"testing"
)

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

// neutralProse has no secret keywords at all.
var neutralProse = strings.Repeat(`The build runs on every pull request and takes about four minutes on the shared runners.
Release notes are written by the maintainers and published with each tagged version of the library.
The parser handles nested lists, tables and footnotes, and reports line numbers for every problem it finds.
Benchmarks are kept next to the code they measure, and results are compared with benchstat before merging.
`, 30)

// secretsProse mixes throwaway secrets in gitleaks' default shapes into
// the keyword prose.
var secretsProse = func() string {
	secrets := []string{
		"The old deploy token was ghp_" + "k3Jd8sLq2ZxW9mNp4RtY7vBc1HfGe6AoUi5T before rotation.\n",
		"AWS access key AKIA" + "Z7Q4XK2M9PLR3TVW and aws_secret_access_key = \"wJalrXUtnFEMI/K7MDENG/bPxRfiCYzq8Xk2LmQ1\"\n",
		"config: api_key = \"9f8Kq2mZ7vLp4Rt1Wn3Yb6Hd\"\n",
		"slack bot xoxb-" + "2718281828-3141592653589-Zq8Kd02LmXnPwRtY5sVbCe7H\n",
		"DB_PASSWORD=Xq9!vT2#mK8zL4pR\n",
	}
	var b strings.Builder
	parts := strings.SplitAfter(keywordProse, "\n")
	for i, p := range parts {
		b.WriteString(p)
		if i%7 == 3 {
			b.WriteString(secrets[(i/7)%len(secrets)])
		}
	}
	return b.String()
}()

var secretBenchInputs = []struct{ name, text string }{
	{"keyword-prose", keywordProse},
	{"secrets-prose", secretsProse},
	{"neutral-prose", neutralProse},
}

// BenchmarkSecrets runs guard's engine and gitleaks' DetectString side by
// side on the same inputs: compare BenchmarkSecrets/<input>/wardline with
// BenchmarkSecrets/<input>/gitleaks (benchstat medians).
func BenchmarkSecrets(b *testing.B) {
	e, err := loadSecretEngine()
	if err != nil {
		b.Fatal(err)
	}
	d := gitleaksDetector(b)
	for _, in := range secretBenchInputs {
		b.Run(in.name+"/wardline", func(b *testing.B) {
			b.SetBytes(int64(len(in.text)))
			b.ReportAllocs()
			for b.Loop() {
				e.scan(in.text)
			}
		})
		b.Run(in.name+"/gitleaks", func(b *testing.B) {
			b.SetBytes(int64(len(in.text)))
			b.ReportAllocs()
			for b.Loop() {
				d.DetectString(in.text)
			}
		})
	}
}

// BenchmarkSecretsAPI measures the exported function, including building
// Findings and redacted excerpts.
func BenchmarkSecretsAPI(b *testing.B) {
	for _, in := range secretBenchInputs {
		b.Run(in.name, func(b *testing.B) {
			b.SetBytes(int64(len(in.text)))
			b.ReportAllocs()
			for b.Loop() {
				Secrets(in.text)
			}
		})
	}
}

// TestSecretBenchInputsParity makes sure the benchmark compares engines
// that agree on the benchmark inputs.
func TestSecretBenchInputsParity(t *testing.T) {
	for _, in := range secretBenchInputs {
		want, got := gitleaksKeys(t, in.text), wardlineKeys(t, in.text)
		if len(want) != len(got) {
			t.Fatalf("%s: gitleaks %d findings, wardline %d", in.name, len(want), len(got))
		}
		for i := range want {
			if want[i] != got[i] {
				t.Errorf("%s: finding %d: gitleaks %s, wardline %s", in.name, i, describeKey(want[i]), describeKey(got[i]))
			}
		}
		t.Logf("%s: %d bytes, %d findings in both engines", in.name, len(in.text), len(got))
	}
}
