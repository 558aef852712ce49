package guard

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCredentials(t *testing.T) {
	pass := "iTue7fiPgpoiN4au9KWL~bAz"
	for text, want := range map[string]string{
		"src/db.ts falls back to mongodb+srv://app_rw:" + pass + "@cluster0.x7kq2.mongodb.net/orders?retryWrites=true.": pass,
		"DATABASE_URL=postgres://svc:Zq8vLw3nPx@db.internal:5432/app":                                                   "Zq8vLw3nPx",
		"Use postgres://user:password@localhost/db in development.":                                                     "",
		"postgres://user:${DB_PASSWORD}@db/app":                                                                         "",
		"redis://:****@cache:6379":                                                                                      "",
		"https://token@github.com/acme/widget.git":                                                                      "",
		"See https://example.com/a:b@c for the format.":                                                                 "",
		"amqp://guest:guest@localhost:5672/":                                                                            "",
	} {
		fs := Credentials(text)
		if want == "" {
			assert.Empty(t, fs, text)
			continue
		}
		require.Len(t, fs, 1, text)
		assert.Equal(t, want, text[fs[0].Start:fs[0].End])
		assert.Equal(t, RuleURLCredentials, fs[0].Rule)
		assert.NotContains(t, fs[0].Excerpt, want)
		assert.NotContains(t, Redact(text), want, "Redact removes it")
	}
}

func FuzzCredentials(f *testing.F) {
	for _, s := range []string{"a://b:c@d", "mongodb+srv://u:Abcdef12@h/x", "://", strings.Repeat("a://", 100), "x://u:p@"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, fd := range Credentials(s) {
			if fd.Start < 0 || fd.End > len(s) || fd.Start >= fd.End {
				t.Fatalf("finding %+v out of bounds for %q", fd, s)
			}
			if strings.Contains(fd.Excerpt, s[fd.Start:fd.End]) {
				t.Fatalf("excerpt %q shows the secret", fd.Excerpt)
			}
		}
	})
}
