// Command wikiguardian walks through the write rules a wiki guardian
// enforces with packages citation and citation/workspace: a temporary
// workspace with raw/ and wiki/,
// a page whose citations verify, a fabricated quote, a source edited after
// anchoring (drift), path traversal, a protected-file delete, an ambiguous
// edit and log headers. Each attempt is printed with its verdict.
//
//	go run ./examples/wikiguardian
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/wardline/wardline/citation"
	"github.com/wardline/wardline/citation/workspace"
)

func main() {
	if err := run(os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "wikiguardian:", err)
		os.Exit(1)
	}
}

const (
	rfc = `# RFC 0034: Service level agreement

The SLA is 99.95% monthly, measured at the load balancer
over a rolling thirty-day window.

Severity 1 incidents receive a first response within fifteen minutes,
at any hour of any day.
`
	pricingV1 = "# Pricing\n\nThe standard plan costs 10 euros per seat per month, billed yearly.\n"
	pricingV2 = "# Pricing\n\nThe standard plan costs 12 euros per seat per month, billed yearly.\n"
)

// guardian is the write tool: every page write passes the path ACL and the
// page quota (in that order, so a hostile path is reported as such), the
// template and citation verification; Create then decides the path again
// on descriptors.
type guardian struct {
	ws *workspace.Workspace
	v  *citation.Verifier
}

func (g *guardian) create(path string, page []byte) error {
	if err := g.ws.Check(workspace.OpCreate, path); err != nil {
		return err
	}
	if err := workspace.CheckTemplate(page); err != nil {
		return err
	}
	name := strings.TrimPrefix(path, workspace.WikiDir+"/")
	if err := citation.Join(g.v.Verify(name, page, g.ws.Sources())); err != nil {
		return err
	}
	return g.ws.Create(path, page)
}

// lint re-verifies a stored page against the current sources.
func (g *guardian) lint(path string) error {
	page, err := g.ws.ReadFile(path)
	if err != nil {
		return err
	}
	return citation.Join(g.v.Verify(strings.TrimPrefix(path, "wiki/"), page, g.ws.Sources()))
}

// cite anchors one quote against the live source and formats it.
func (g *guardian) cite(label, source, locator, quote string) (string, error) {
	c, err := g.v.Anchor(g.ws.Sources(), citation.Citation{Label: label, Source: source, Locator: locator, Quote: quote})
	if err != nil {
		return "", err
	}
	return c.Format()
}

func verdict(err error) string {
	if err == nil {
		return "allowed"
	}
	var kinds []string
	for _, k := range citation.Kinds() {
		if errors.Is(err, k) {
			kinds = append(kinds, string(k))
		}
	}
	if len(kinds) > 0 {
		return "REFUSED (" + strings.Join(kinds, ", ") + ")"
	}
	return "REFUSED: " + err.Error()
}

func run(out io.Writer) error {
	dir, err := os.MkdirTemp("", "wikiguardian-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	files := map[string]string{
		"raw/rfc-0034.md":  rfc,
		"raw/pricing.md":   pricingV1,
		"wiki/index.md":    "# Index\n",
		"wiki/overview.md": "# Overview\n",
		"wiki/log.md":      "# Log\n",
	}
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			return err
		}
	}
	ws, err := workspace.Open(dir, workspace.WithMaxPages(5))
	if err != nil {
		return err
	}
	defer ws.Close()
	g := &guardian{ws: ws, v: &citation.Verifier{}}
	say := func(what string, err error) { fmt.Fprintf(out, "%-44s %s\n", what+":", verdict(err)) }

	// 1. A page whose every claim carries an anchored, verbatim quote.
	d1, err := g.cite("sla", "raw/rfc-0034.md", "§Availability", "The SLA is 99.95% monthly, measured at the load balancer")
	if err != nil {
		return err
	}
	d2, err := g.cite("sev1", "raw/rfc-0034.md", "", "Severity 1 incidents receive a first response within fifteen minutes")
	if err != nil {
		return err
	}
	good := "---\ntitle: Service levels\nsources: [raw/rfc-0034.md]\n---\n\n" +
		"Availability is 99.95% per month.[^sla] Sev 1 gets an answer within 15 minutes.[^sev1]\n\n" + d1 + "\n" + d2 + "\n"
	say("create wiki/sla.md (verbatim quotes)", g.create("wiki/sla.md", []byte(good)))

	// 2. The agent asks the tool to anchor a quote that is not in the source.
	_, err = g.cite("1", "raw/rfc-0034.md", "", "The SLA is 99.99% monthly, with credits for any breach")
	say("anchor a fabricated quote", err)

	// 3. The agent writes the definition itself, hash and all.
	fake := citation.Citation{Label: "1", Source: "raw/rfc-0034.md", Quote: "The SLA is 99.99% monthly, with credits for any breach"}
	def, err := fake.Format()
	if err != nil {
		return err
	}
	page := "---\ntitle: Credits\nsources: [raw/rfc-0034.md]\n---\n\nBreaches earn credits.[^1]\n\n" + def + "\n"
	say("create wiki/credits.md (fabricated quote)", g.create("wiki/credits.md", []byte(page)))

	// 4. Quotes glued together from two places, and a bare claim.
	glued := citation.Citation{Label: "1", Source: "raw/rfc-0034.md", Quote: "The SLA is 99.95% monthly, at any hour of any day."}
	def, _ = glued.Format()
	page = "---\ntitle: Always\nsources: [raw/rfc-0034.md]\n---\n\nAlways on.[^1]\n\n" + def + "\n"
	say("create wiki/always.md (stitched quote)", g.create("wiki/always.md", []byte(page)))
	page = "---\ntitle: Uncited\nsources: [raw/rfc-0034.md]\n---\n\nThe SLA is great.\n"
	say("create wiki/uncited.md (no citation)", g.create("wiki/uncited.md", []byte(page)))
	page = "---\ntitle: Half\nsources: [raw/rfc-0034.md]\n---\n\nAvailability is 99.95% per month.[^sla]\n\nCredits are paid for every outage.\n\n" + d1 + "\n"
	say("create wiki/half.md (one uncited paragraph)", g.create("wiki/half.md", []byte(page)))
	say("create wiki/notitle.md (no frontmatter)", g.create("wiki/notitle.md", []byte("Claim.[^sla]\n\n"+d1+"\n")))

	// 5. Drift: a pricing page is anchored, then the source is re-ingested.
	d3, err := g.cite("price", "raw/pricing.md", "", "The standard plan costs 10 euros per seat per month, billed yearly.")
	if err != nil {
		return err
	}
	page = "---\ntitle: Pricing\nsources: [raw/pricing.md]\n---\n\nThe standard plan is 10 euros.[^price]\n\n" + d3 + "\n"
	say("create wiki/pricing.md", g.create("wiki/pricing.md", []byte(page)))
	say("lint wiki/pricing.md", g.lint("wiki/pricing.md"))
	if err := os.WriteFile(filepath.Join(dir, "raw", "pricing.md"), []byte(pricingV2), 0o644); err != nil {
		return err
	}
	say("lint wiki/pricing.md after raw/ changed", g.lint("wiki/pricing.md"))

	// 6. Path traversal and the read-only raw/ area.
	for _, p := range []string{"wiki/../raw/rfc-0034.md", "wiki/%2e%2e/raw/rfc-0034.md", "wiki/\uff0e\uff0e/x.md", "/etc/passwd", "raw/rfc-0034.md"} {
		say(fmt.Sprintf("create %+q", p), g.create(p, []byte(good)))
	}
	if err := os.Symlink(os.TempDir(), filepath.Join(dir, "wiki", "tmp")); err == nil {
		say(`create "wiki/tmp/x.md" (symlink out)`, g.create("wiki/tmp/x.md", []byte(good)))
	}

	// 7. Protected files, and an ordinary delete.
	say("delete wiki/index.md", ws.Remove("wiki/index.md"))
	say("delete wiki/LOG.md", ws.Remove("wiki/LOG.md"))
	say("delete wiki/pricing.md", ws.Remove("wiki/pricing.md"))

	// 8. Exactly-one-match edit.
	_, err = workspace.ReplaceOnce(good, "[^sla]", "[^sla2]")
	say("edit wiki/sla.md: replace [^sla]", err)
	_, err = workspace.ReplaceOnce(good, "99.95% per month.", "99.95% a month.")
	say("edit wiki/sla.md: replace the claim", err)

	// 9. The quota: the workspace holds 4 pages and may hold 5.
	say("create wiki/sla-copy.md (quota 5)", g.create("wiki/sla-copy.md", []byte(good)))
	say("create wiki/sla-copy2.md (quota 5)", g.create("wiki/sla-copy2.md", []byte(good)))

	// 10. Log headers.
	_, err = workspace.LogFormat{}.CheckLogEntry("## [2026-11-22] ingest | RFC 0034 | touched: sla.md, index.md\n\nNew SLA page.\n")
	say("append log entry", err)
	_, err = workspace.LogFormat{}.CheckLogEntry("## [2026-11-22] ingest | RFC 0034\nNew SLA page.\n")
	say("append log entry without touched list", err)
	return nil
}
