package checker

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/stretchr/testify/require"
	"github.com/wardline/wardline/guard"
	"github.com/wardline/wardline/internal/crafted"
	"github.com/zricethezav/gitleaks/v8/detect"
	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

func typicalResponse(tb testing.TB) []byte {
	b, err := os.ReadFile(filepath.Join("..", "testdata", "responses", "typical.json"))
	require.NoError(tb, err)
	return b
}

// maxResponse builds a conforming response just under the 64 KiB limit:
// every array full of facts of ordinary prose.
func maxResponse(tb testing.TB) []byte {
	sentence := "The parser in internal/toml/lexer.go reads tables, arrays of tables and dotted keys in one pass; its tests cover %d fixtures. "
	fact := func(i int) string {
		var b strings.Builder
		for b.Len() < 300 {
			fmt.Fprintf(&b, sentence, i+b.Len())
		}
		return strings.TrimSpace(b.String())
	}
	r := Response{Role: "guru", Summary: fact(0)}
	for i := 0; i < 50; i++ {
		r.RepoFacts = append(r.RepoFacts, fact(i))
	}
	for i := 0; i < 50; i++ {
		r.InternetFacts = append(r.InternetFacts, InternetFact{
			Source: fmt.Sprintf("https://toml.io/en/v1.0.0#section-%d", i), RetrievedAt: "2026-05-01T12:00:00Z",
			Claims: []string{fact(i)}, Confidence: "medium",
		})
	}
	for i := 0; i < 50; i++ {
		r.OpenQuestions = append(r.OpenQuestions, "Is it documented that "+strings.TrimSuffix(fact(i), ".")+"?")
	}
	raw, err := json.Marshal(r)
	require.NoError(tb, err)
	for len(raw) > 64<<10 {
		r.RepoFacts = r.RepoFacts[:len(r.RepoFacts)-1]
		raw, _ = json.Marshal(r)
	}
	require.Greater(tb, len(raw), 60<<10)
	return raw
}

// adversarialResponse fills a response as far as the limits allow (about
// 55 KB) with a summary and 100 fields of 490 characters, each unit repeated: the worst inputs found for
// the detectors (see BenchmarkValidate/adversarial-*).
func adversarialResponse(tb testing.TB, unit string) []byte {
	field := strings.Repeat(unit, 490/len(unit))
	r := Response{Role: "guru", Summary: strings.Repeat(unit, 1990/len(unit))}
	for i := 0; i < 50; i++ {
		r.RepoFacts = append(r.RepoFacts, field)
		r.InternetFacts = append(r.InternetFacts, InternetFact{
			Source: "https://example.com/", RetrievedAt: "2026-05-01T12:00:00Z", Claims: []string{field}, Confidence: "low",
		})
	}
	raw, err := json.Marshal(r)
	require.NoError(tb, err)
	for len(raw) > 64<<10 {
		r.InternetFacts = r.InternetFacts[:len(r.InternetFacts)-1]
		raw, _ = json.Marshal(r)
	}
	require.Greater(tb, len(raw), 54<<10) // the array limits allow no more
	return raw
}

// naive is the straightforward composition of the same dependencies:
// encoding/json decode, JSON Schema validation, an x/text normalisation
// chain and a gitleaks scan per field.
type naive struct {
	sch *jsonschema.Schema
	det *detect.Detector
}

func newNaive(tb testing.TB) *naive {
	sch, err := compileSchema(defaultLimits)
	require.NoError(tb, err)
	det, err := detect.NewDetectorDefaultConfig()
	require.NoError(tb, err)
	return &naive{sch: sch, det: det}
}

func (n *naive) validate(raw []byte) (*Response, error) {
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return nil, err
	}
	if err := n.sch.Validate(v); err != nil {
		return nil, err
	}
	var r Response
	if err := json.Unmarshal(raw, &r); err != nil {
		return nil, err
	}
	fold := cases.Fold()
	strip := func(r rune) rune {
		if unicode.Is(unicode.Cf, r) {
			return -1
		}
		return r
	}
	check := func(s string) error {
		s = strings.Map(strip, fold.String(norm.NFKC.String(s)))
		if len(n.det.DetectString(s)) > 0 {
			return errors.New("secret")
		}
		return nil
	}
	var errs []error
	errs = append(errs, check(r.Summary))
	for _, s := range r.RepoFacts {
		errs = append(errs, check(s))
	}
	for _, f := range r.InternetFacts {
		errs = append(errs, check(f.Source))
		for _, s := range f.Claims {
			errs = append(errs, check(s))
		}
	}
	for _, s := range r.OpenQuestions {
		errs = append(errs, check(s))
	}
	for _, q := range r.MCPRequests {
		errs = append(errs, check(q.MCP), check(q.Purpose), check(q.Query))
		for _, s := range q.ContextRefs {
			errs = append(errs, check(s))
		}
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return &r, nil
}

func BenchmarkValidate(b *testing.B) {
	typical := typicalResponse(b)
	b.Run("typical", func(b *testing.B) {
		benchValidate(b, benchChecker(b).Validate, typical, "")
	})
	b.Run("naive", func(b *testing.B) {
		benchValidate(b, newNaive(b).validate, typical, "")
	})
	b.Run("max", func(b *testing.B) {
		benchValidate(b, benchChecker(b).Validate, maxResponse(b), "")
	})
	// glue is the checker's own cost on the typical response: every guard
	// detector replaced by a no-op (normalize returns its input), so only
	// tokenizing, the schema mirror, field collection, the markdown rule,
	// the field rules, building the Response and the calls into the
	// detectors are measured.
	b.Run("glue", func(b *testing.B) {
		benchValidate(b, glueChecker(b).Validate, typical, "")
	})
	b.Run("glue-max", func(b *testing.B) {
		benchValidate(b, glueChecker(b).Validate, maxResponse(b), "")
	})
	// glue-reject is the checker's own cost on a blocked response: the
	// typical one with markers that allocation-free stub detectors turn
	// into instruction findings (with quotes) in six fields, a URL in the
	// summary and a markdown code span in a question.
	b.Run("glue-reject", func(b *testing.B) {
		benchValidate(b, rejectChecker(b).Validate, rejectedResponse(b), RuleImperative)
	})
	// adversarial-* are the slowest 64 KiB inputs found (see
	// adversarialResponse): fields made of "www.a." keep xurls' relaxed
	// expression, which spells out every TLD, busy on every byte of
	// Go's NFA; fields made of "key=" are an assignment to a keyword of
	// the generic-api-key rule every four bytes (Go's regexp spent about
	// a microsecond a byte on them; its own matcher now reads them in
	// linear time).
	b.Run("adversarial-www", func(b *testing.B) {
		benchValidate(b, benchChecker(b).Validate, adversarialResponse(b, "www.a."), "")
	})
	b.Run("adversarial-key", func(b *testing.B) {
		raw := adversarialResponse(b, "key=")
		b.SetBytes(int64(len(raw)))
		benchValidate(b, benchChecker(b).Validate, raw, RuleCommand)
	})
	// adversarial-<crafted input> fill a response with one crafted unit
	// (internal/crafted; all of them with WARDLINE_ADVERSARIAL=all): those
	// that cost the most before issue 17, then the costliest of all the
	// crafted units at 64 KiB when those four were brought under 5 ms
	// ("if a; then ", "é. ", "![ ", "~/ "), then the costliest once "é. "
	// and "~/ " were (a verb-like word or gitleaks keyword repeated into
	// 32-word clauses that the tagger reads: "message-bird ", " [dot] "),
	// then the costliest once "if a; then ", "[:: " and "` " were (one
	// program name or imperative repeated, "[^1]: ", pipes and HTML-ish
	// keys that allocate a node per word in the parsers).
	for _, in := range crafted.BenchInputs(64, "url-www.-spaced", "url-a.comx2fx23-spaced", "secret-curl-spaced",
		"secret-bedrock-api-key--sepx3d", "secret-access-glued", "shell-x7cx20sh-spaced", "markdown-x21x5bax5dx28-glued",
		"shell-ifx20ax3bx20thenx20-glued", "url-xc3xa9.-spaced", "markdown-x21x5b-spaced", "shell-x7ex2f-spaced",
		"secret-message-bird-spaced", "url-x20x5bdotx5dx20-glued", "url-x5bx3ax3a-spaced", "markdown-x60-spaced",
		"verb-go-spaced", "secret-pat.-spaced", "markdown-x5bx5e1x5dx3a-spaced", "shell-xx7c-glued",
		"secret-x3caddx20keyx3d-sepx3ax20", "injection-x3cx2fsx3e-spaced") {
		raw := craftedResponse(in.Unit, 64<<10)
		b.Run("adversarial-"+in.Name, func(b *testing.B) {
			c := benchChecker(b)
			b.SetBytes(int64(len(raw)))
			b.ReportAllocs()
			for b.Loop() {
				_, _ = c.Validate(raw)
			}
		})
	}
	// reject-fast is a 10 MiB input refused by its size before any parsing
	// (no bytes/s: the input is never read).
	b.Run("reject-fast", func(b *testing.B) {
		raw := bytes.Repeat([]byte(`{"a":[`), 10<<20/6)
		benchValidate(b, benchChecker(b).Validate, raw, "the limit is 65536")
	})
}

// benchValidate measures validate on raw after checking the outcome once:
// accepted when wantErr is empty (and then reported in bytes/s), otherwise
// refused with an error that contains wantErr.
func benchValidate(b *testing.B, validate func([]byte) (*Response, error), raw []byte, wantErr string) {
	b.Helper()
	resp, err := validate(raw)
	if wantErr == "" {
		require.NoError(b, err)
		require.NotNil(b, resp)
		b.SetBytes(int64(len(raw)))
	} else {
		require.ErrorContains(b, err, wantErr)
		require.Nil(b, resp)
	}
	b.ReportAllocs()
	for b.Loop() {
		_, _ = validate(raw)
	}
}

// BenchmarkStrictJSON measures the tokenizer alone on the typical response.
func BenchmarkStrictJSON(b *testing.B) {
	typical := string(typicalResponse(b))
	var nodes []node
	b.ReportAllocs()
	for b.Loop() {
		var err *syntaxError
		nodes, err = parse(typical, 8, nodes)
		if err != nil {
			b.Fatal(err.msg)
		}
	}
}

// glueChecker is a Checker whose guard detectors do nothing.
func glueChecker(b *testing.B) *Checker {
	none := func(string) []guard.Finding { return nil }
	c, err := New(withScanner(&scanner{normalize: func(s string) string { return s }, instructions: none, secrets: none, urls: none, exfiltration: none}))
	require.NoError(b, err)
	return c
}

// rejectChecker's detectors find an imperative at "IMPERATIVE" and a URL
// at "https://pixel", returning fixed findings (no allocations).
func rejectChecker(b *testing.B) *Checker {
	none := func(string) []guard.Finding { return nil }
	fixed := func(marker, rule string) func(string) []guard.Finding {
		return func(s string) []guard.Finding {
			i := strings.Index(s, marker)
			if i < 0 {
				return nil
			}
			return []guard.Finding{{Rule: rule, Start: i, End: min(len(s), i+40), Excerpt: "x"}}
		}
	}
	c, err := New(withScanner(&scanner{
		normalize: func(s string) string { return s }, instructions: fixed("IMPERATIVE", RuleImperative),
		secrets: none, urls: fixed("https://pixel", "url"), exfiltration: none,
	}))
	require.NoError(b, err)
	return c
}

func rejectedResponse(b *testing.B) []byte {
	raw := string(typicalResponse(b))
	for _, r := range [][2]string{
		{"The service is a Go HTTP API", "The service is a Go HTTP API (https://pixel.example/t.gif)"},
		{"The token issuer lives", "IMPERATIVE the token issuer lives"},
		{"The API key for the billing", "IMPERATIVE the API key for the billing"},
		{"Access tokens expire", "IMPERATIVE access tokens expire"},
		{"RFC 6749 defines", "IMPERATIVE RFC 6749 defines"},
		{"The OWASP password", "IMPERATIVE the OWASP password"},
		{"Establishes whether", "IMPERATIVE whether"},
		{"Does production use", "Does `production` use"},
	} {
		require.Contains(b, raw, r[0])
		raw = strings.Replace(raw, r[0], r[1], 1)
	}
	return []byte(raw)
}

func benchChecker(b *testing.B) *Checker {
	c, err := New()
	require.NoError(b, err)
	return c
}

// BenchmarkCheckerOwnCost measures the checker without the guard
// detectors (each returns nothing): tokenizer, schema mirror, markdown
// pre-scan, field rules and bookkeeping on the typical response.
func BenchmarkCheckerOwnCost(b *testing.B) {
	none := func(string) []guard.Finding { return nil }
	c, err := New(withScanner(&scanner{normalize: guard.Normalize, instructions: none, secrets: none, urls: none, exfiltration: none}))
	require.NoError(b, err)
	typical := typicalResponse(b)
	_, err = c.Validate(typical)
	require.NoError(b, err)
	b.ReportAllocs()
	for b.Loop() {
		_, _ = c.Validate(typical)
	}
}

// BenchmarkValidateContract measures custom contracts (ValidateInto): the
// triage answer of testdata/contract (about 900 bytes, decoded into its Go
// type), and the typical GuruResponse checked as a custom contract
// (WithContract(Schema(), DefaultPolicy())), against which
// BenchmarkValidate/typical shows what the GuruResponse's hand-written
// schema mirror saves: a custom contract's schema is evaluated by the JSON
// Schema engine on every call.
func BenchmarkValidateContract(b *testing.B) {
	b.Run("triage", func(b *testing.B) {
		c, raw := triageChecker(b), triageWith(b, "", nil)
		var v triage
		_, err := c.ValidateInto(raw, &v)
		require.NoError(b, err)
		b.SetBytes(int64(len(raw)))
		b.ReportAllocs()
		for b.Loop() {
			_, _ = c.ValidateInto(raw, &v)
		}
	})
	b.Run("guru-as-custom", func(b *testing.B) {
		c, err := New(WithContract(Schema(), DefaultPolicy()))
		require.NoError(b, err)
		raw := typicalResponse(b)
		var v Response
		_, err = c.ValidateInto(raw, &v)
		require.NoError(b, err)
		b.SetBytes(int64(len(raw)))
		b.ReportAllocs()
		for b.Loop() {
			_, _ = c.ValidateInto(raw, &v)
		}
	})
}
