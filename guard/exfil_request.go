package guard

import (
	"regexp"
	"strings"
	"sync"
)

// Requests to reveal or send secrets ("exfil.request").
//
// The detector works sentence by sentence on Normalize's output, so that
// fullwidth, zero-width and homoglyph spellings read as plain words. A
// sentence is a request when
//
//   - a disclosure verb in any inflection (reveal, leak, dump, paste, send,
//     upload, share, disclose, forward, e-mail, post, ...) and a sensitive
//     object (environment variables, .env, ~/.ssh, id_rsa, /etc/passwd,
//     ~/.aws/credentials, a private, SSH or deploy key, the system prompt,
//     .git/config, ...) occur close together; or
//   - any disclosure verb, including weak ones (show, print, tell, give,
//     provide, output, reply with, ...), meets any secret-like object
//     (token, API key, password, secret, credential, an upper-case name
//     such as OPENAI_API_KEY) in a sentence addressed to a reader: "your",
//     "me", "here", "can you", "please", "in the next message", "would
//     help", "ask(s) that", "to <e-mail address>"; or
//   - it asks for a value or contents outright: "the value of
//     GITHUB_TOKEN", "the contents of ~/.ssh/id_rsa".
//
// Plain facts about secrets stay allowed: "The CI reads its token from the
// GITHUB_TOKEN secret", "The client sends the token in the Authorization
// header" (a weak object with no reader cue), "Which environment variables
// does the deploy script read?".

type exfilRequestRegexps struct {
	strongVerb, weakVerb, strongObj, weakObj, cue, valueOf *regexp.Regexp
}

var (
	exfilReqOnce sync.Once
	exfilReqRe   exfilRequestRegexps
)

func exfilRequestRes() *exfilRequestRegexps {
	exfilReqOnce.Do(func() {
		w := func(alts string) *regexp.Regexp {
			return regexp.MustCompile(`(?:^|[^\pL\pN_])(?:` + alts + `)(?:$|[^\pL\pN_])`)
		}
		exfilReqRe = exfilRequestRegexps{
			strongVerb: w(`reveal(?:s|ed|ing)?|leak(?:s|ed|ing)?|dump(?:s|ed|ing)?|exfiltrat(?:e|es|ed|ing)|` +
				`past(?:e|es|ed|ing)|send(?:s|ing)?|sent|upload(?:s|ed|ing)?|shar(?:e|es|ed|ing)|` +
				`disclos(?:e|es|ed|ing)|forward(?:s|ed|ing)?|e-?mail(?:s|ed|ing)?|transmit(?:s|ted|ting)?|` +
				`post(?:s|ed|ing)?|collect(?:s|ed|ing)?|harvest(?:s|ed|ing)?|steal(?:s|ing)?|stole|` +
				`submit(?:s|ted|ting)?|hand(?:s|ed|ing)? over|reply with|respond with`),
			weakVerb: w(`show(?:s|n|ed|ing)?|display(?:s|ed|ing)?|print(?:s|ed|ing)?|echo(?:es|ed|ing)?|` +
				`output(?:s|ted|ting)?|tell(?:s|ing)?|told|giv(?:e|es|en|ing)|gave|provid(?:e|es|ed|ing)|` +
				`repl(?:y|ies|ied|ying) with|respond(?:s|ed|ing)? with|return(?:s|ed|ing)?|includ(?:e|es|ed|ing)|` +
				`read(?:s|ing)? out|cop(?:y|ies|ied|ying)|list(?:s|ed|ing)?|expos(?:e|es|ed|ing)|` +
				`repeat(?:s|ed|ing)?|writ(?:e|es|ing)|wrote|type|spell(?:s|ed|ing)? out|confirm(?:s|ed|ing)?`),
			strongObj: w(`environment variables?|env vars?|environment|printenv|process\.env|os\.environ|/proc/self/environ|\.env|~/\.ssh[\w/.-]*|\.ssh/[\w.-]+|id_rsa|id_ed25519|id_ecdsa|` +
				`/etc/passwd|/etc/shadow|~/\.aws/credentials|\.aws/credentials|credentials? files?|` +
				`private keys?|ssh keys?|deploy keys?|signing keys?|secret keys?|master keys?|` +
				`system prompts?|(?:your|the) (?:initial|original|hidden|system|previous) (?:prompt|instructions)|` +
				`your instructions|\.git/config|\.npmrc|\.netrc|\.pgpass|kubeconfig|\.kube/config|` +
				`keychain|session cookies?|cookies|all (?:the )?secrets|every secret|secrets|passwords|` +
				`api keys|tokens|credentials`),
			weakObj: w(`tokens?|api[ _-]?keys?|access keys?|keys?|passwords?|passphrases?|pass words?|secrets?|` +
				`credentials?|creds|pins?|otp|2fa codes?|cookies?|` +
				`[a-z0-9]+(?:_[a-z0-9]+)*_(?:token|key|secret|password|passwd|pwd|credentials?)`),
			cue: w(`your|you|me|us|here|please|pls|kindly|can you|could you|would you|will you|` +
				`reply with|respond with|to verify|to confirm|for verification|` +
				`in (?:the|your|this|a) (?:next )?(?:message|reply|response|answer|chat|output|comment)|` +
				`would (?:help|unblock|allow|let|speed)|ask(?:s|ed|ing)? (?:that|for|readers|users|you)|` +
				`readers|to [\w.+-]+@[\w-]+(?:\.[\w-]+)+|to (?:https?://|www\.)\S+`),
			valueOf: w(`(?:value|values|contents?) of|what(?:'s| is| are) (?:the|your)`),
		}
	})
	return &exfilReqRe
}

// exfilRequests reports sentences of s that request secrets.
func exfilRequests(s string) []Finding {
	n, offs := normalizeWithOffsets(s)
	res := exfilRequestRes()
	var out []Finding
	for _, sp := range sentences(n) {
		for sp[0] < sp[1] && (n[sp[0]] == ' ' || n[sp[0]] == '\n') {
			sp[0]++
		}
		for sp[1] > sp[0] && (n[sp[1]-1] == ' ' || n[sp[1]-1] == '\n') {
			sp[1]--
		}
		sent := n[sp[0]:sp[1]]
		if !isExfilRequest(sent, res) {
			continue
		}
		a, b := offs[sp[0]], endOffset(offs, sp[1])
		out = append(out, Finding{Rule: ruleExfilRequest, Start: a, End: b, Excerpt: "request for secrets"})
	}
	return out
}

// maxRequestGap bounds the distance in bytes between a verb and its object.
const maxRequestGap = 90

// objectHints are substrings every sensitive object contains; a sentence
// with none of them is not a request for secrets.
var objectHints = []string{"env", "environ", "key", "token", "pass", "secret", "cred", "ssh", "id_", "/etc/", "aws",
	"prompt", "instruction", "cookie", "pin", "otp", "2fa", "config", "rc", "keychain", "pwd"}

func isExfilRequest(sent string, res *exfilRequestRegexps) bool {
	hint := false
	for _, h := range objectHints {
		if strings.Contains(sent, h) {
			hint = true
			break
		}
	}
	if !hint {
		return false
	}
	strongObj := res.strongObj.FindAllStringIndex(sent, -1)
	weakObj := res.weakObj.FindAllStringIndex(sent, -1)
	if len(strongObj) == 0 && len(weakObj) == 0 {
		return false
	}
	near := func(verbs, objs [][]int) bool {
		for _, v := range verbs {
			for _, o := range objs {
				if o[0]-v[1] <= maxRequestGap && v[0]-o[1] <= maxRequestGap {
					return true
				}
			}
		}
		return false
	}
	// "the value of X", "the contents of ~/.ssh/id_rsa", "what is your password"
	for _, v := range res.valueOf.FindAllStringIndex(sent, -1) {
		for _, o := range append(append([][]int{}, strongObj...), weakObj...) {
			if o[0] >= v[1]-1 && o[0]-v[1] <= 40 {
				return true
			}
		}
	}
	strong := notNegated(sent, res.strongVerb.FindAllStringIndex(sent, -1))
	if near(strong, strongObj) {
		return true
	}
	if !res.cue.MatchString(sent) {
		return false
	}
	weak := notNegated(sent, res.weakVerb.FindAllStringIndex(sent, -1))
	verbs := append(strong, weak...)
	return near(verbs, strongObj) || near(verbs, weakObj)
}

// sentences splits normalised text into sentence spans: at line breaks,
// and after '.', '!', '?' or ';' followed by a space or the end.
func sentences(n string) [][2]int {
	var out [][2]int
	start := 0
	for i := 0; i < len(n); i++ {
		c := n[i]
		end := -1
		switch c {
		case '\n':
			end = i
		case '.', '!', '?', ';':
			if i+1 == len(n) || n[i+1] == ' ' || n[i+1] == '\n' {
				end = i + 1
			}
		}
		if end < 0 {
			continue
		}
		if strings.TrimSpace(n[start:end]) != "" {
			out = append(out, [2]int{start, end})
		}
		start = end
		if c != '\n' {
			continue
		}
		start = i + 1
	}
	if strings.TrimSpace(n[start:]) != "" {
		out = append(out, [2]int{start, len(n)})
	}
	return out
}

// negators turn a request into a warning: "Never share your API key".
var negators = []string{"never", "not", "don't", "dont", "do not", "must not", "mustn't", "should not",
	"shouldn't", "cannot", "can't", "no one", "nobody", "avoid", "without"}

// notNegated drops verb matches preceded, within three words, by a
// negator.
func notNegated(sent string, verbs [][]int) [][]int {
	out := verbs[:0:0]
	for _, v := range verbs {
		before := strings.Fields(sent[:v[0]+1])
		if len(before) > 3 {
			before = before[len(before)-3:]
		}
		window := " " + strings.Join(before, " ") + " "
		neg := false
		for _, n := range negators {
			if strings.Contains(window, " "+n+" ") {
				neg = true
				break
			}
		}
		if !neg {
			out = append(out, v)
		}
	}
	return out
}
