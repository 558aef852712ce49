// Package checker enforces a facts-only response contract: the output of
// an agent may only state facts, cite sources and name what to ask which
// service. It never tells anyone to do anything. The built-in contract is
// the GuruResponse of a read-only research agent ("guru"); an application
// brings its own JSON shape with [WithContract].
//
// [Validate] is the front door. Call it on the model's raw output before
// anything else sees it:
//
//	resp, err := checker.Validate(output)
//	if err != nil {
//		// resp is nil; err is a *checker.Rejection listing what broke.
//		output = askModelAgain(checker.ReformatPrompt(err))
//	}
//
// # What is checked
//
// In order; a size or strict-JSON failure ends the check, a schema failure
// does not (the content rules still run on every string, so a rejection
// names everything that is wrong at once):
//
//  1. Size: input over [Limits].MaxBytes (64 KiB) is refused before it is
//     read (rule json.syntax).
//  2. Strict JSON (json.syntax): exactly one object and nothing before or
//     after it (no prose, no code fence), no duplicate keys at any depth —
//     also keys that differ only in case, which encoding/json would merge —
//     valid UTF-8, no byte order mark, no lone surrogate escapes, no NaN,
//     comments or trailing commas, nesting within [Limits].MaxDepth.
//  3. Schema (schema): the embedded JSON Schema ([Schema], draft 2020-12):
//     role "guru", no unknown properties, the right types, confidence
//     low|medium|high, retrieved_at an RFC 3339 date-time, strings and
//     arrays within the limits.
//  4. The facts-only rules, on every decoded string (JSON escapes cannot
//     hide anything): imperatives, directive modals and action requests,
//     command lines, step lists and reproduced prompt injection
//     (instruction.*, injection), secrets (secret), URLs outside
//     internet_facts[].source, internet_facts[].claims and mcp_requests[]
//     and payload-carrying URLs anywhere (exfil.url), requests for secrets
//     (exfil.request), markdown or HTML (format.markdown), and the field
//     rules: source.url, source.domain, mcp.service, mcp.context_ref,
//     question.form. The whole input is also scanned for secrets, so a
//     secret split across two fields is still found.
//  5. What the rules cannot read fails closed (language.unsupported): a
//     sentence in a language other than English, Spanish, German or
//     French is rejected, because an instruction in it would pass the
//     rules unread. Names, titles and short strings in other scripts
//     inside a sentence are not judged. [AllowLanguages] widens the set,
//     and says what that loosens.
//
// The text detectors come from package guard, which undoes obfuscation
// (fullwidth forms, zero-width and bidi characters, homoglyphs, odd case
// and spacing) before any rule runs. [Rules] lists every rule id.
//
// # Custom contracts
//
// [WithContract] takes the application's JSON Schema and a [Policy] that
// says, per JSON Pointer pattern ("/items/*/text"), what each string is:
// [Prose] that must state facts, [ProseWithURLs], a [Question], a search
// [Query], a [SourceURL], an [Identifier], a [Service] name, a
// [ContextRef], or [FreeText] that is only scanned for secrets and
// exfiltration. The GuruResponse is the same thing built in: [Schema] with
// [DefaultPolicy].
//
//	c, err := checker.New(checker.WithContract(schema, checker.Policy{
//		"/answer":          checker.Prose,
//		"/evidence/*/text": checker.Prose,
//		"/evidence/*/url":  checker.SourceURL,
//	}))
//	...
//	var a Answer
//	_, err = c.ValidateInto(output, &a) // a is written only if the answer passes
//
// Nothing passes unscanned: a string that no pattern covers, and a
// property name the schema does not declare, is checked as Prose, the
// strictest kind. New refuses a schema that does not compile or loads a
// URL, a pattern that is not a JSON Pointer or that no value the schema
// allows can match, and options that have no field to apply to. A custom
// contract's schema is evaluated by the JSON Schema engine on every call
// (the GuruResponse has a hand-written mirror; see Performance).
//
// # Results
//
// Validate returns a *[Response] and a nil error, or a nil Response and an
// error: there is no partially valid response to forget to check. A blocked
// response yields a *[Rejection] (use errors.As) whose [Violation]s carry a
// stable rule id, a JSON Pointer ("/repo_facts/2") and a message. Violations
// are sorted (document order, then rule id) and merged per rule and path,
// so logs and tests are stable. No message ever contains a secret: messages
// quote at most a few words of the offending text, never from a field that
// holds a secret or a URL, and never a word long enough to be a key.
// [ReformatPrompt] turns a rejection into a message for the model that
// repeats none of its text.
//
// # Options
//
// [New] with no options is the strictest configuration, and it is what the
// package-level Validate and the zero [Checker] use. Options can only be
// applied through New, which checks them and fails on a bad or conflicting
// one (errors wrap [ErrInvalidOption]):
//
//   - [WithLimits] changes the size limits.
//   - [WithAllowedDomains] and [WithAllowedServices] restrict sources and
//     services to allow-lists (by default any well-formed value passes).
//   - [WithoutRuleUnsafe] disables a rule and [WithRuleAsWarningUnsafe]
//     turns it into a warning ([Response.Warnings]). Both LOOSEN the
//     contract and say so in their names; json.syntax and schema
//     cannot be loosened.
//
// # Libraries
//
// The schema is compiled once with github.com/santhosh-tekuri/jsonschema/v6
// (the maintained line of v5) with a loader that refuses every URL, so a
// $ref can never read a file or the network. Markdown is recognised with
// github.com/yuin/goldmark (CommonMark with GFM tables and
// strikethrough): a field must parse as one paragraph of plain text, with
// plain-text idioms that a renderer would mangle (2*3, snake_case,
// __init__, globs such as **/*.md, Option<String>) not counted as markup.
// Text detection is package guard's (golang.org/x/text, gitleaks rules,
// xurls).
//
// # Concurrency and zero values
//
// A [Checker] is immutable after New and safe for concurrent use by
// multiple goroutines; so are the package-level functions. The zero Checker
// and a nil *Checker behave like the default Checker. A [Response] is plain
// data owned by the caller.
//
// # Performance
//
// Build a Checker once and reuse it. Validate makes one pass over the
// input with its own tokenizer (strings without escapes are slices of one
// copy of the input, escaped ones share one more string; working memory is
// pooled) and decodes straight into a Response, whose string slices share
// one backing array, through a hand-written mirror of the schema; only
// when that mirror finds a problem does the JSON Schema engine run, to
// report it. A differential test and a fuzz target hold the mirror to the
// schema.
// goldmark runs only on strings with a character that could start
// markup, and not on one whose link and bracket syntax would cost it more
// than a few steps a byte (internal/mdcost: glued "![a](" openers), which
// is reported as markup instead. The checker's own work is linear in the input: the size limit is
// checked first, nesting as it is entered, duplicate keys of large objects
// through a map. Secrets are looked for once in the whole input and again
// only in strings that had JSON escapes.
//
// On the 2 KB response in testdata/responses/typical.json the checker's
// own work (BenchmarkValidate/glue: everything but the guard detectors)
// is a small fraction of a whole Validate (BenchmarkValidate/typical),
// which is dominated by the guard detectors it calls on each string and
// is an order of magnitude faster than BenchmarkValidate/naive, the
// straightforward composition of the same libraries. A conforming
// response costs a handful of allocations plus two per retrieved_at:
// the date-time format is checked by the schema library's own function,
// taken from the compiled schema, so the mirror cannot disagree with the
// schema on it (a hand-written copy saved those allocations and a
// fraction of a microsecond each, which the budget does not need). A
// custom contract (BenchmarkValidateContract) adds the JSON Schema engine
// and encoding/json's decoding to the same detector work. The detectors
// build their tables (the gitleaks rules, the grammar and language
// models) once per process: New has them built side by side
// ([guard.Warm]), so the first New takes tens of milliseconds and later
// ones only compile the schema; TestFirstValidate measures the first
// Validate in a fresh process. An input over the size limit is refused
// before it is read.
//
// Crafted text costs at most a small multiple of typical text, with no
// work growing faster than the input: every detector Validate calls is
// linear, URLs are matched by hand instead of with xurls' expressions,
// gitleaks' generic-api-key expression by an exact linear matcher, the
// secret scan bounds its work per keyword hit, plain command lists are
// read without the shell parser (nor is a text whose opening if, while,
// until or for nothing closes), and markdown that would cost goldmark
// more than a few steps a byte fails closed as format.markdown (a field
// that opens with a block quote marker or a code span is reported
// without it). TestValidateCostPerByte holds a response made of any
// crafted unit (every trigger token of the detectors repeated,
// internal/crafted) to 20 times a typical response's cost per byte,
// measured side by side, and names the one input known to sit at that
// bound; TestValidateCost64KiB does the same at the 64 KiB input limit
// with a bound of 5 times, and BenchmarkValidate/adversarial-* measures
// the most costly ones. Measured on one core of a shared 2-core AMD EPYC
// (thread CPU time, each input alternated with a typical response), a
// typical response of 64 KiB costs about 2 ms and the costliest crafted
// responses (at the array limits, about 55 KB) 4.5 to 5 ms, 2.4 to 2.6
// times typical per byte: fields of a secret rule's keyword and a
// separator, or of one program name or imperative, repeated ("key: ",
// "pat. ", "go "), which the instruction detectors read as a clause per
// word. Fields that once made goldmark or the shell parser build a node
// per few bytes ("[^1]: ", "x|") are read without them now: a '[' with
// no "](" after it can only make a link where the line may define one
// (mayDefine), and plain command lists of any length, or that cannot
// parse, skip the parser; clauses of punctuation alone (": ", "! ") are
// not read for imperatives. A field that is not ASCII is normalised once
// for the URL scan and the instruction detectors, and fields of
// non-ASCII short sentences ("é. ", "рф. ") cost about 3.5 ms. At these
// costs (about 5 ms a call at worst, on one core), a service on untrusted
// traffic may still bound how many Validate calls run at once.
package checker
