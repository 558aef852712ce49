// Package exfil finds URLs ([URLs], [FindURLs]) and the ways text can
// carry data to a third party ([Exfiltration]): URLs with a payload or a
// non-http(s) scheme, images a markdown renderer fetches, and requests to
// reveal or send secrets ([Requests]). Package guard exposes URLs and
// Exfiltration and documents what they report; guard's Sanitize asks
// [Requests] and [URLPayload] about retrieved text.
//
// URLs are the matches of mvdan.cc/xurls/v2's expressions, whose tables
// know every TLD and the punctuation rules around URLs, found by a linear
// hand matcher (urls_match.go) instead of Go's regexp engine, which spends
// microseconds per byte on crafted runs; the matcher is tested against
// the expressions. Text is normalised (guard/internal/normalize) and
// refanged (hxxp, [.], (dot)) first, and spans are mapped back to the
// caller's string.
//
// Markdown and HTML images are found with github.com/yuin/goldmark, as a
// renderer sees them, not with a pattern; markdown that would keep its
// link parser busy for more than a few steps per byte (internal/mdcost)
// is reported as an image instead of parsed. A payload is an encoded run longer than
// a commit hash, a secret after decoding (guard/internal/secrets), a
// password in the userinfo, a placeholder naming a secret, or a
// placeholder for data in an image's query or naming the user's data in
// any query ("?u={user_email}"). Requests are
// read per sentence in English, Spanish, German and French, with the verb
// forms of guard/internal/lexicon.
//
// exfil_ref_test.go keeps the implementation from before the linear
// matcher as a reference; the tests compare the two on every text under
// the repository's testdata.
//
// The package sits above normalize, lexicon, finding and secrets.
package exfil
