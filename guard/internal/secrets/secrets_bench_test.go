package secrets

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"
)

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

// typicalResponseText is checker's typical response
// (testdata/responses/typical.json), which checker scans whole with Secrets:
// facts that mention tokens, keys and passwords and hold no secret.
func typicalResponseText(tb testing.TB) string {
	raw, err := os.ReadFile(filepath.Join("..", "..", "..", "testdata", "responses", "typical.json"))
	if err != nil {
		tb.Fatal(err)
	}
	return string(raw)
}

// maxResponseText builds the same JSON as checker's maxResponse benchmark
// input: a response just under checker's 64 KiB limit, every array full of
// facts of ordinary prose.
func maxResponseText(tb testing.TB) string {
	type fact struct {
		Source      string   `json:"source"`
		RetrievedAt string   `json:"retrieved_at"`
		Claims      []string `json:"claims"`
		Confidence  string   `json:"confidence"`
	}
	type response struct {
		Role          string   `json:"role"`
		Summary       string   `json:"summary"`
		RepoFacts     []string `json:"repo_facts,omitempty"`
		InternetFacts []fact   `json:"internet_facts,omitempty"`
		OpenQuestions []string `json:"open_questions,omitempty"`
	}
	sentence := "The parser in internal/toml/lexer.go reads tables, arrays of tables and dotted keys in one pass; its tests cover %d fixtures. "
	text := func(i int) string {
		var b strings.Builder
		for b.Len() < 300 {
			fmt.Fprintf(&b, sentence, i+b.Len())
		}
		return strings.TrimSpace(b.String())
	}
	r := response{Role: "guru", Summary: text(0)}
	for i := 0; i < 50; i++ {
		r.RepoFacts = append(r.RepoFacts, text(i))
		r.InternetFacts = append(r.InternetFacts, fact{
			Source: fmt.Sprintf("https://toml.io/en/v1.0.0#section-%d", i), RetrievedAt: "2026-05-01T12:00:00Z",
			Claims: []string{text(i)}, Confidence: "medium",
		})
		r.OpenQuestions = append(r.OpenQuestions, "Is it documented that "+strings.TrimSuffix(text(i), ".")+"?")
	}
	raw, err := json.Marshal(r)
	if err != nil {
		tb.Fatal(err)
	}
	for len(raw) > 64<<10 {
		r.RepoFacts = r.RepoFacts[:len(r.RepoFacts)-1]
		raw, _ = json.Marshal(r)
	}
	return string(raw)
}

// BenchmarkSecretsAPI measures the exported function, including building
// Findings and redacted excerpts. typical-response and max-response are the
// whole-input scans checker.Validate does on its benchmark inputs.
func BenchmarkSecretsAPI(b *testing.B) {
	inputs := append(secretBenchInputs[:len(secretBenchInputs):len(secretBenchInputs)],
		struct{ name, text string }{"typical-response", typicalResponseText(b)},
		struct{ name, text string }{"max-response", maxResponseText(b)},
		// The same response with typographic punctuation, as models write
		// it: non-ASCII text takes the slower paths.
		struct{ name, text string }{"typical-response-utf8", strings.NewReplacer(
			" and ", " — ", "'s ", "’s ").Replace(typicalResponseText(b))})
	for _, in := range inputs {
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

// TestSecretsSpeedRatio measures gitleaks' DetectString time over guard's
// engine time on each benchmark input in alternating rounds, and logs the
// median of the per-round ratios: on a shared, noisy machine paired rounds
// are steadier than two separate benchmark medians. It runs only when
// WARDLINE_SPEED is set (go test -run SpeedRatio -v ./guard/).
func TestSecretsSpeedRatio(t *testing.T) {
	if os.Getenv("WARDLINE_SPEED") == "" {
		t.Skip("set WARDLINE_SPEED=1 to measure")
	}
	e, err := loadSecretEngine()
	if err != nil {
		t.Fatal(err)
	}
	d := gitleaksDetector(t)
	for _, in := range secretBenchInputs {
		var ratios []float64
		var ws, gs []time.Duration
		for range 15 {
			start := time.Now()
			for range 5 {
				e.scan(in.text)
			}
			w := time.Since(start) / 5
			start = time.Now()
			for range 5 {
				d.DetectString(in.text)
			}
			g := time.Since(start) / 5
			ws, gs = append(ws, w), append(gs, g)
			ratios = append(ratios, float64(g)/float64(w))
		}
		sort.Float64s(ratios)
		slices.Sort(ws)
		slices.Sort(gs)
		t.Logf("%-14s wardline %9v  gitleaks %9v  (medians)  paired ratio median %.1fx (min %.1fx, max %.1fx)",
			in.name, ws[len(ws)/2], gs[len(gs)/2], ratios[len(ratios)/2], ratios[0], ratios[len(ratios)-1])
	}
}
