package guard

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// typicalFields returns every string value of
// testdata/responses/typical.json, the input of checker's
// BenchmarkValidate/typical, which runs Exfiltration and URLs once per
// string field.
func typicalFields(tb testing.TB) []string {
	tb.Helper()
	raw, err := os.ReadFile(filepath.Join("..", "testdata", "responses", "typical.json"))
	if err != nil {
		tb.Fatal(err)
	}
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		tb.Fatal(err)
	}
	var out []string
	var walk func(any)
	walk = func(v any) {
		switch v := v.(type) {
		case string:
			out = append(out, v)
		case []any:
			for _, e := range v {
				walk(e)
			}
		case map[string]any:
			for _, e := range v {
				walk(e)
			}
		}
	}
	walk(v)
	return out
}

// BenchmarkExfiltrationFields runs Exfiltration once per string field of
// typical.json; one op is the whole response.
func BenchmarkExfiltrationFields(b *testing.B) {
	fields := typicalFields(b)
	b.ReportAllocs()
	for b.Loop() {
		for _, f := range fields {
			Exfiltration(f)
		}
	}
}

// BenchmarkURLsFields runs URLs once per string field of typical.json; one
// op is the whole response.
func BenchmarkURLsFields(b *testing.B) {
	fields := typicalFields(b)
	b.ReportAllocs()
	for b.Loop() {
		for _, f := range fields {
			URLs(f)
		}
	}
}
