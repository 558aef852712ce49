package audit_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/wardline/wardline/audit"
)

// corpusSecret is one "secret" line of the development corpus, with the
// secret-looking tokens the leak check looks for.
type corpusSecret struct {
	id     string
	text   string
	tokens []string
}

// foldForCheck undoes the obfuscations the corpus uses (fullwidth forms,
// zero-width characters, soft hyphens) so that a leaked secret is found
// whatever form it was written in.
func foldForCheck(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= 0xFF01 && r <= 0xFF5E:
			b.WriteRune(r - 0xFEE0)
		case r == 0x200B, r == 0x200C, r == 0x200D, r == 0x2060, r == 0xFEFF, r == 0x00AD:
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

var (
	tokenRE  = regexp.MustCompile(`[A-Za-z0-9_\-]+`)
	digitRE  = regexp.MustCompile(`[0-9]`)
	letterRE = regexp.MustCompile(`[A-Za-z]`)
)

// secretTokens returns the runs of at least 20 token characters with both
// a letter and a digit: in the corpus's secret lines, exactly the key
// material (checked by hand for all 20 lines), independent of any detector.
func secretTokens(text string) []string {
	var out []string
	for _, tok := range tokenRE.FindAllString(foldForCheck(text), -1) {
		if len(tok) >= 20 && digitRE.MatchString(tok) && letterRE.MatchString(tok) {
			out = append(out, tok)
		}
	}
	return out
}

func loadCorpusSecrets(t *testing.T) []corpusSecret {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "testdata", "corpus", "fields.jsonl"))
	require.NoError(t, err)
	defer f.Close()
	var out []corpusSecret
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	for sc.Scan() {
		var row struct{ ID, Text, Rule string }
		require.NoError(t, json.Unmarshal(sc.Bytes(), &row))
		if row.Rule != "secret" {
			continue
		}
		toks := secretTokens(row.Text)
		require.NotEmpty(t, toks, "%s: no token to check", row.ID)
		out = append(out, corpusSecret{id: row.ID, text: row.Text, tokens: toks})
	}
	require.NoError(t, sc.Err())
	require.Len(t, out, 20, "the dev corpus has 20 secret lines")
	return out
}

// leakWindow is how many consecutive characters of a secret token count as
// a leak. guard.Redact's excerpt keeps at most four characters of a secret
// (e.g. "ghp_…(40)"); ten consecutive characters of key material in a log
// line are a leak whatever the redactor meant to keep.
const leakWindow = 10

// leaks reports which of the secret's tokens have a leakWindow-long piece
// in out (by token index, so that a failure message never holds a secret).
func leaks(out string, s corpusSecret) []int {
	folded := foldForCheck(out)
	var hit []int
	for i, tok := range s.tokens {
		for j := 0; j+leakWindow <= len(tok); j++ {
			if strings.Contains(folded, tok[j:j+leakWindow]) {
				hit = append(hit, i)
				break
			}
		}
	}
	return hit
}

type errString string

func (e errString) Error() string { return string(e) }

// wireEverything logs text through every path the audit package offers
// (record fields, attributes of every shape, the slog bridge) and through
// an ordinary slog handler protected by ReplaceAttr and Redacted; it
// returns everything written.
func wireEverything(t *testing.T, redact func(string) string, text string) string {
	t.Helper()
	var auditBuf, plainBuf bytes.Buffer
	l := audit.NewLogger(&auditBuf, audit.WithRedactor(redact))
	raw, err := json.Marshal(map[string]string{"field": text})
	require.NoError(t, err)
	require.NoError(t, l.Log(context.Background(), audit.Record{
		Gate: "checker", Decision: audit.DecisionDeny,
		Reason:  text,
		Verdict: "DENY " + text,
		Attrs: map[string]any{
			"text":   text,
			"nested": map[string]any{"list": []any{text, map[string]string{"k": text}}},
			"strs":   []string{"prefix", text},
			"err":    errors.Join(errString("wrapped"), errString(text)),
			"struct": struct{ Field string }{text},
			"raw":    json.RawMessage(raw),
		},
	}))
	h := audit.NewHandler(l, &audit.HandlerOptions{Next: slog.NewJSONHandler(&plainBuf,
		&slog.HandlerOptions{ReplaceAttr: audit.ReplaceAttr(redact)})})
	log := slog.New(h)
	log.Warn(text, "gate", "guard.secrets", "decision", "deny", slog.Group("tool", "output", text))
	log.Info(text, "out", text, "lazy", audit.Redacted{Text: text, Redact: redact})
	require.NoError(t, l.Close())
	require.NoError(t, audit.Verify(bytes.NewReader(auditBuf.Bytes())))
	return auditBuf.String() + plainBuf.String()
}

func TestLeakCheckIsNotVacuous(t *testing.T) {
	for _, s := range loadCorpusSecrets(t) {
		out := wireEverything(t, func(s string) string { return s }, s.text)
		assert.Len(t, leaks(out, s), len(s.tokens), "%s: without redaction every token must be found", s.id)
	}
}

// TestNoCorpusSecretInAuditLines: with guard.Redact wired (see
// propertyRedactor), no secret of the development corpus appears in any
// audit line or ordinary log line, whichever path it took.
func TestNoCorpusSecretInAuditLines(t *testing.T) {
	for _, s := range loadCorpusSecrets(t) {
		out := wireEverything(t, propertyRedactor, s.text)
		assert.Empty(t, leaks(out, s), "%s: secret token(s) leaked (indices)", s.id)
	}
}
