// Package citation holds the hard rules for an agent that maintains a wiki
// (wiki/) from immutable raw sources (raw/) through write tools: every claim
// carries a footnote whose verbatim quote is found in the live source and
// whose SHA-256 anchor matches; paths stay inside the workspace; structural
// pages cannot be deleted; edits replace exactly one match; log headers
// parse. The tools, not the prompt, enforce these rules: an MCP server or any
// write tool calls these pure functions before it stages a write and refuses
// the write on any problem.
//
//	if ps := citation.Verify(page, ws.Sources()); len(ps) > 0 {
//		return citation.Join(ps) // every Problem blocks the write
//	}
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
// wording. A quote must also sit on token boundaries in the source: one that
// starts or ends with a letter or digit does not match inside a longer word
// or number ("99.9" does not match "99.95").
//
// # Telling problems apart
//
// Verify reports at most one content problem per definition, taking the
// first that applies, in this order:
//
//  1. malformed-definition: the definition does not follow the grammar.
//  2. missing-source: the source is not under "raw/", not a valid path, or
//     not a readable file in sources.
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
// duplicate-definition and uncited-page (a body page without any citation).
// Structural pages (overview.md, index.md, log.md and archives/…, see
// [DefaultStructural] and [WithStructural]) need no citation; the
// package-level [Verify] has no page name and treats every page as a body
// page, [Verifier.Verify] takes the name.
//
// # Paths and workspaces
//
// [Workspace] opens a workspace directory with os.Root and owns the path ACL
// (this package does not import guard): [ValidatePath] refuses the text of
// hostile paths (absolute, "..", NUL and control characters, backslashes,
// colons, percent-encoding, dot-files, Unicode look-alike dots and slashes,
// anything that changes under NFC or NFKC); [Workspace.Check] then allows
// writes only under wiki/, reads under wiki/ and raw/, refuses any symbolic
// link on the path, wherever it points, and refuses deleting protected pages
// ([DefaultProtected], compared case-insensitively). [Workspace.Create],
// [Workspace.WriteFile], [Workspace.Remove] and [Workspace.ReadFile] do the
// operation through the os.Root after the check, so even a tree changed in
// between cannot lead outside the workspace. [Workspaces] serves a directory
// of workspaces; in pinned mode it refuses any call that names another one.
//
// # Other write rules
//
//   - [Template.Check] (create): the frontmatter parses and sets the
//     required fields (default title and sources).
//   - [CheckQuota]: a page-count limit; the caller supplies the count.
//   - [ReplaceOnce]: the exactly-one-match edit of a safe str_replace tool.
//   - [LogFormat.Parse], [LogFormat.CheckLogEntry]: log.md headers
//     "## [YYYY-MM-DD] <op> | <title> | touched: a.md, b.md" with op from
//     [DefaultLogOps] (or a configured list); anything unparseable is refused.
//
// Errors are typed: [Problem] (with [Kind], errors.Is-able), *[PathError]
// wrapping [ErrHostilePath], [ErrReadOnly], [ErrSymlink], [ErrProtected],
// [ErrOtherWorkspace] and friends, *[ReplaceError] wrapping [ErrNoMatch] or
// [ErrMultipleMatches], *[TemplateError], *[QuotaError] and *[SyntaxError].
// No error quotes page or source text.
//
// # Libraries
//
// github.com/yuin/goldmark with extension.Footnote parses footnotes exactly
// as a renderer will (code spans, fences and escapes included), which
// regular expressions cannot; a small inline parser and AST transformer
// registered beside the extension record references without definitions and
// definitions without references before goldmark drops them.
// golang.org/x/text/unicode/norm provides NFC and NFKC. Frontmatter is
// decoded with go.yaml.in/yaml/v3 (the maintained home of yaml.v3, already
// in the module graph through cel-go): YAML has flow and block lists,
// quoting, comments and duplicate keys, and a hand-written subset parser
// would accept pages a real YAML reader sees differently.
// Path confinement uses os.Root (Go 1.24).
//
// # Concurrency and zero values
//
// Every function is safe for concurrent use. The zero [Verifier] applies the
// defaults; a nil *Verifier behaves the same. The zero [Template] and
// [LogFormat] apply the defaults. The zero [Workspace] and [Workspaces]
// refuse every operation. [CheckQuota] refuses a limit below 1.
//
// # Performance
//
// Verify reads, normalises and hashes each cited source once per call,
// however many footnotes cite it, and searches the normalised text with
// strings.Index. BenchmarkVerify measures a 20 KB page with 30 footnotes
// over four 256 KB sources (1 MB): about 13 ms and 4.3 MiB per call when
// every quote is verbatim, about 60 ms when every quote is fabricated
// (measured on a shared, heavily loaded 2-core machine; expect less on an
// idle one). A quote that is not found costs a few more scans of its source
// for the stitched check, bounded at 16 fragments; occurrences inspected for
// token boundaries are bounded at 1,000. The cost grows with footnotes times
// source size, so a write tool should bound page size. Verify does not cache
// across calls, because a source may change between them and drift must be
// seen.
package citation
