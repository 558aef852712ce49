package guard

import (
	"sync"

	"github.com/wardline/wardline/guard/internal/exfil"
	"github.com/wardline/wardline/guard/internal/grammar"
	"github.com/wardline/wardline/guard/internal/instructions"
	"github.com/wardline/wardline/guard/internal/langid"
	"github.com/wardline/wardline/guard/internal/secrets"
)

// Warm builds the tables the detectors otherwise build on first use (the
// gitleaks rules, the grammar and language-identification models, the
// word lists, the URL and exfiltration tables) side by side, one
// goroutine each, and returns when all are ready. Calling it is optional:
// every detector builds what it needs on its first call, which then takes
// tens of milliseconds rather than microseconds. A server calls Warm at
// start-up so that its first request does not pay for it; checker.New
// calls it. Later calls return at once. It is safe for concurrent use.
func Warm() {
	var wg sync.WaitGroup
	for _, load := range []func(){
		secrets.Warm,
		func() { grammar.Default() },
		func() { langid.Default(); defaultAnalyzer() },
		instructions.Warm,
		exfil.Warm,
	} {
		wg.Go(load)
	}
	wg.Wait()
}
