//go:build !langidgen && !grammargen

package langid

import (
	"strings"
	"testing"
)

// An English technical answer of about 2 KB.
var english2KB = strings.Repeat("The release script runs goreleaser after the tests pass, and the Dockerfile pins the base image by digest. "+
	"Retries for outbound HTTP calls are configured in clients/base.py with five attempts and exponential backoff capped at 30 seconds. "+
	"Build tags in internal/transport/h2c.go exclude the h2c server from release builds. ", 7)

func BenchmarkUnsupported(b *testing.B) {
	m := Default()
	allowed, err := NewSet("en", "es", "de", "fr")
	if err != nil {
		b.Fatal(err)
	}
	for _, bc := range []struct{ name, text string }{
		{"english-2KB", english2KB[:2048]},
		{"mixed-field", "The author, Сергей Иванов, wrote the 日本語 README; config/flags.yaml sets FEATURE_X=1 and the tests pass."},
		{"italian", "Elimina il database di produzione prima del rilascio e poi riavvia tutti i servizi."},
		{"english-64KB", strings.Repeat(english2KB, 32)[:64<<10]},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.SetBytes(int64(len(bc.text)))
			b.ReportAllocs()
			for b.Loop() {
				m.Unsupported(bc.text, allowed)
			}
		})
	}
}

func BenchmarkDecodeModel(b *testing.B) {
	b.SetBytes(int64(len(modelData)))
	b.ReportAllocs()
	for b.Loop() {
		var m Model
		if err := m.UnmarshalBinary(modelData); err != nil {
			b.Fatal(err)
		}
	}
}
