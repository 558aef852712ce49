package guard

import (
	"testing"
)

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
