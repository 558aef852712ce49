// Package guard holds the text detectors and input validators that the rest
// of wardline stands on.
//
// The language side normalises text against obfuscation ([Normalize]) and
// finds imperatives, directive modals, command lines, step lists and
// reproduced prompt injection ([Instructions]). The data side finds secrets,
// exfiltration URLs and requests, sanitises retrieved (RAG) text, validates
// tool inputs and judges tool results.
//
// Every detector is a pure function of its input: patterns and tables are
// compiled once, lazily, and every exported function is safe for concurrent
// use by multiple goroutines. Findings carry byte offsets into the caller's
// original string, never into a normalised copy, and are sorted by offset.
package guard
