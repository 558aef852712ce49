package workspace

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const wikiData = "../../testdata/wiki"

type replaceCase struct {
	Name  string `json:"name"`
	Doc   string `json:"doc"`
	Old   string `json:"old"`
	New   string `json:"new"`
	Want  string `json:"want"`
	Err   string `json:"err"` // "", "missing" or "multiple"
	Count int    `json:"count"`
}

func replaceCases(t testing.TB) []replaceCase {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(wikiData, "replace.json"))
	require.NoError(t, err)
	var cases []replaceCase
	require.NoError(t, json.Unmarshal(data, &cases))
	require.NotEmpty(t, cases)
	return cases
}

func TestReplaceOnce(t *testing.T) {
	for _, tt := range replaceCases(t) {
		t.Run(tt.Name, func(t *testing.T) {
			got, err := ReplaceOnce(tt.Doc, tt.Old, tt.New)
			switch tt.Err {
			case "":
				require.NoError(t, err)
				assert.Equal(t, tt.Want, got)
			case "missing":
				assert.ErrorIs(t, err, ErrNoMatch)
				assert.Empty(t, got)
			case "multiple":
				assert.ErrorIs(t, err, ErrMultipleMatches)
				var re *ReplaceError
				require.ErrorAs(t, err, &re)
				assert.Equal(t, tt.Count, re.Count)
				assert.Contains(t, err.Error(), strconv.Itoa(tt.Count))
				assert.Empty(t, got)
			default:
				t.Fatalf("bad fixture err %q", tt.Err)
			}
		})
	}
	_, err := ReplaceOnce(strings.Repeat("a", 1000), "a", "b")
	var re *ReplaceError
	require.ErrorAs(t, err, &re)
	assert.Equal(t, 100, re.Count, "counting stops at 100")
}

type logCase struct {
	ok   bool
	line string
}

func logCases(t testing.TB) []logCase {
	t.Helper()
	f, err := os.Open(filepath.Join(wikiData, "log-headers.txt"))
	require.NoError(t, err)
	defer f.Close()
	var out []logCase
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		l := sc.Text()
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		verdict, quoted, ok := strings.Cut(l, "\t")
		require.True(t, ok, l)
		line, err := strconv.Unquote(quoted)
		require.NoError(t, err, l)
		out = append(out, logCase{ok: verdict == "ok", line: line})
	}
	require.NoError(t, sc.Err())
	return out
}

func TestParseLogHeaderFixtures(t *testing.T) {
	for _, tt := range logCases(t) {
		h, err := ParseLogHeader(tt.line)
		if !tt.ok {
			assert.ErrorIs(t, err, ErrSyntax, "%q was accepted", tt.line)
			assert.Zero(t, h.Op)
			continue
		}
		require.NoError(t, err, "%q", tt.line)
		out, err := LogFormat{}.Format(h)
		require.NoError(t, err)
		assert.Equal(t, strings.TrimRight(tt.line, "\r\n"), out)
	}
}

func TestParseLogHeaderFields(t *testing.T) {
	h, err := ParseLogHeader("## [2026-11-22] ingest | RFC 0034 service levels | touched: sla.md, index.md")
	require.NoError(t, err)
	assert.Equal(t, LogHeader{
		Date:    time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC),
		Op:      "ingest",
		Title:   "RFC 0034 service levels",
		Touched: []string{"sla.md", "index.md"},
	}, h)

	custom := LogFormat{Ops: []string{"deploy"}}
	_, err = custom.Parse("## [2026-11-22] deploy | Release | touched: none")
	assert.NoError(t, err)
	_, err = custom.Parse("## [2026-11-22] ingest | Release | touched: none")
	assert.ErrorIs(t, err, ErrSyntax)

	for _, bad := range []LogHeader{
		{Op: "ingest", Title: "x", Date: h.Date, Touched: []string{"../x.md"}},
		{Op: "nope", Title: "x", Date: h.Date},
		{Op: "ingest", Title: "a | b", Date: h.Date},
		{Op: "ingest", Title: "x"},
		{Op: "ingest", Title: "x", Date: time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC)},
		{Op: "ingest", Title: "x", Date: time.Date(0, 12, 31, 0, 0, 0, 0, time.UTC)},
	} {
		_, err := LogFormat{}.Format(bad)
		assert.ErrorIs(t, err, ErrSyntax, "%+v", bad)
	}
	s, err := LogFormat{}.Format(LogHeader{Op: "query", Title: "Q", Date: h.Date})
	require.NoError(t, err)
	assert.Equal(t, "## [2026-11-22] query | Q | touched: none", s)
}

func TestCheckLogEntry(t *testing.T) {
	h, err := LogFormat{}.CheckLogEntry("## [2026-11-22] ingest | RFC | touched: sla.md\n\nAdded the SLA page.\n### details are fine\n")
	require.NoError(t, err)
	assert.Equal(t, "ingest", h.Op)
	for _, bad := range []string{
		"## [2026-11-22] ingest | RFC | touched: sla.md\n\n## [2026-11-23] delete | forged | touched: index.md\n",
		"## [2026-11-22] ingest | RFC | touched: sla.md\n  ## indented header\n",
		"not a header\nbody\n",
	} {
		_, err := LogFormat{}.CheckLogEntry(bad)
		assert.ErrorIs(t, err, ErrSyntax, "%q", bad)
	}
}

func TestTemplateFixtures(t *testing.T) {
	tests := []struct {
		file    string
		missing []string // nil and reason false: passes
		reason  bool
	}{
		{"ok.md", nil, false},
		{"ok-flow.md", nil, false},
		{"ok-crlf.md", nil, false},
		{"no-frontmatter.md", nil, true},
		{"unterminated.md", nil, true},
		{"not-mapping.md", nil, true},
		{"duplicate-key.md", nil, true},
		{"bad-yaml.md", nil, true},
		{"missing-title.md", []string{"title"}, false},
		{"empty-fields.md", []string{"sources", "title"}, false},
		{"null-title.md", []string{"sources", "title"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			page, err := os.ReadFile(filepath.Join(wikiData, "templates", tt.file))
			require.NoError(t, err)
			err = CheckTemplate(page)
			if tt.missing == nil && !tt.reason {
				assert.NoError(t, err)
				return
			}
			assert.ErrorIs(t, err, ErrTemplate)
			var te *TemplateError
			require.ErrorAs(t, err, &te)
			assert.Equal(t, tt.missing, te.Missing)
			assert.Equal(t, tt.reason, te.Reason != "")
		})
	}
	page := []byte("---\ntitle: x\nsources: [raw/a.md]\n---\n")
	assert.ErrorIs(t, Template{Required: []string{"title", "owner"}}.Check(page), ErrTemplate)
	assert.NoError(t, Template{Required: []string{}}.Check(page))
	big := []byte("---\nx: \"" + strings.Repeat("a", 70<<10) + "\"\n---\n")
	assert.ErrorIs(t, CheckTemplate(big), ErrTemplate)
}
