// Package citation verifies what a wiki page written from raw sources
// says: every claim carries a footnote whose verbatim quote is found in the
// live source and whose SHA-256 anchor matches. An MCP server or any write
// tool calls these pure functions before it stages a write and refuses the
// write on any problem:
//
//	if ps := citation.Verify(page, ws.Sources()); len(ps) > 0 {
//		return citation.Join(ps) // every Problem blocks the write
//	}
//
// Where a page may be written, and the file operations themselves (path
// ACL, protected pages, quota, template, log headers, links and races), are
// package github.com/wardline/wardline/citation/workspace; its
// Workspace.Sources is the fs.FS to verify against.
//
// # Footnote grammar
//
// A page is markdown with YAML frontmatter. Footnotes are parsed with
// goldmark and its footnote extension (extension.Footnote): "[^label]"
// references and "[^label]: …" definitions, as PHP Markdown Extra defines
// them. Each definition is one paragraph in this grammar (SP is one or more
// white-space characters, line breaks included):
//
//	definition = "[^" label "]:" SP source [ "," SP locator ] SP dash SP quote SP anchor
//	source     = prefix path        ; "raw/rfc-0034.md": no spaces, commas, quotes or parentheses
//	locator    = free text          ; "p.3", "§2.1, para 4": no '"' and no dash
//	dash       = "—" / "--"         ; U+2014 EM DASH, or two hyphens
//	quote      = DQUOTE text DQUOTE ; straight quotes; the text runs to the last '"'
//	                                ; before the anchor, so it may itself contain '"'
//	anchor     = "(" hash [ ";" SP "source" SP hash ] ")"
//	hash       = "sha256:" 64 lowercase-hex
//
// for example
//
//	[^1]: raw/rfc-0034.md, p.3 — "the SLA is 99.95% monthly" (sha256:9f2c…)
//	[^2]: raw/rfc-0034.md — "the SLA is 99.95% monthly" (sha256:9f2c…; source sha256:41ab…)
//
// (with the hashes written in full). The first hash is QuoteHash(quote); the
// optional second one is the SHA-256 of the source file's bytes when the
// quote was anchored. [Citation.Format] writes a definition and
// [ParseDefinition] reads one; [Anchor] checks an agent's quote against the
// source and fills in both hashes, so a write tool never trusts an anchor
// the agent typed.
//
// # Quote normalisation
//
// [QuoteHash] and the search for a quote in its source apply the same,
// minimal normalisation: Unicode NFC (golang.org/x/text/unicode/norm), every
// run of white space (unicode.IsSpace, so also line breaks and no-break
// spaces) replaced by one space, leading and trailing space removed. Nothing
// else: case, punctuation, quote marks, digits and invisible characters are
// kept, so two quotes with the same hash say the same thing, and a quote
// matches its source across line breaks but not across any change of
// wording. A quote must also sit on token boundaries in the source: it may
// not start or end inside a word or a number, and numbers are read with
// their signs and separators, so "99.9" does not match "99.95", "5% of
// requests failed" does not match the tail of "1.5% of requests failed",
// "2.3 billion" does not match the tail of "-2.3 billion" and "12" does not
// match the head of "12,500".
//
// # Telling problems apart
//
// Verify reports at most one content problem per definition, taking the
// first that applies, in this order:
//
//  1. malformed-definition: the definition does not follow the grammar.
//  2. missing-source: the source is not under "raw/", not a valid path, not
//     a readable regular file in sources, or larger than the limit
//     ([WithMaxSourceBytes], 16 MiB by default).
//  3. too-short: the normalised quote has fewer than 20 runes (configurable
//     with [WithMinQuote]).
//  4. hash-mismatch: the anchor is not QuoteHash(quote). The quote or its
//     hash was edited after anchoring; the source is not consulted, because
//     the page contradicts itself whatever the source says.
//  5. The quote occurs verbatim: no problem. (A changed source that still
//     contains the quote is fine; its facts still hold.)
//  6. source-drifted: the quote and hash agree, the quote does not occur,
//     and the definition records a source digest that differs from the
//     source's current digest. That is positive evidence that the source
//     changed after anchoring. The page must be re-checked by a human or
//     re-ingested; Verify never re-anchors.
//  7. stitched: the quote does not occur as one run, but split at any
//     ellipsis ("...", "…", "[...]") and then greedily, longest occurring
//     prefix first, it is covered by 2 to 16 pieces of at least 10 runes
//     that each occur in the source: an agent glued fragments together.
//  8. quote-not-found: anything else. Without a recorded source digest, or
//     with one equal to the current digest, nothing shows that the source
//     changed, so an absent quote is treated as fabricated.
//
// The kinds are diagnoses, not verdicts: every Problem blocks. An agent that
// forges a stale source digest only changes "quote-not-found" into
// "source-drifted"; the write is refused either way.
//
// Page-level problems are unreferenced-definition, undefined-reference,
// duplicate-definition, uncited-page, uncited-paragraph and invalid-name.
//
// # Citation policy
//
// The policy is per paragraph, and Verify enforces it on every body page:
//
//   - A page without any footnote reference is uncited-page.
//   - On a page that cites, every paragraph and every list item (tight or
//     loose, also inside block quotes) must hold at least one footnote
//     reference, or it is uncited-paragraph. One reference covers its whole
//     paragraph: sentences are not policed one by one, because splitting
//     prose into sentences ("e.g.", "99.95%.", "v2.3.") is guesswork that
//     would refuse honest pages; an agent that wants each sentence checked
//     cites each sentence.
//   - Code blocks and HTML blocks cannot carry a reference, so a body page
//     holds none (uncited-paragraph); put them on structural pages.
//   - Headings are titles, not claims, and need no reference. Footnote
//     definitions are the citations themselves.
//
// Structural pages (an index, a log, an overview) need no citation, but
// any footnotes they have are verified. Which page is structural is the
// application's decision, never the agent's: [Verify] and [Verifier.Verify]
// treat every page as a body page whatever its name, and only
// [Verifier.VerifyStructural] exempts, and only the exact pages configured
// with [WithStructural] ([DefaultStructural]: overview.md, index.md,
// log.md; no directories). An application calls VerifyStructural where it
// writes such a page itself, not with a path an agent chose. Every entry
// point validates names with the workspace path rules, so
// "archives/../index.md" is an invalid-name, not an exemption.
//
// Errors are typed: [Problem] (with [Kind], errors.Is-able, errors.As-able
// through [Join]) and *[SyntaxError] from [ParseDefinition] and
// [Citation.Format]. Every message starts with "citation: "; none quotes
// page or source text.
//
// # Libraries
//
// github.com/yuin/goldmark with extension.Footnote parses footnotes exactly
// as a renderer will (code spans, fences and escapes included), which
// regular expressions cannot; a small inline parser and AST transformer
// registered beside the extension record references without definitions and
// definitions without references before goldmark drops them.
// golang.org/x/text/unicode/norm provides NFC.
//
// # Reading sources
//
// A source is read only if it is a regular file: where sources implements
// fs.StatFS (workspace.Workspace.Sources does) it is checked before it is
// opened, so a FIFO in raw/ cannot hang Verify, and the open file is
// checked again; at most the size limit is read. Workspace.Sources also
// refuses links and hard-linked files, without blocking.
//
// # Concurrency and zero values
//
// Every function is safe for concurrent use. The zero [Verifier] applies the
// defaults; a nil *Verifier behaves the same. [New] refuses a nil or
// invalid option. Defaults a caller may read are returned by functions as
// fresh copies ([DefaultStructural], [Kinds]).
//
// # Performance
//
// Verify reads, normalises and hashes each cited source once per call,
// however many footnotes cite it, and searches the normalised text with
// strings.Index, so its cost is linear in the size of the cited sources for
// each footnote. A quote that is not found costs a few more scans of its
// source for the stitched check, bounded at 16 fragments; occurrences
// inspected for token boundaries are bounded at 1,000. The cost grows with
// footnotes times source size, so a write tool should bound page size.
// Verify does not cache across calls, because a source may change between
// them and drift must be seen. BenchmarkVerify measures a 20 KB page with
// 30 footnotes over four 256 KB sources, with verbatim and with fabricated
// quotes.
package citation
