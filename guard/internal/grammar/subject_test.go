package grammar

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSubjectReading holds clauses that open with a word that can be a
// base-form verb. Statements: the opener starts the subject of a finite
// verb. Commands: the opener is the verb.
func TestSubjectReading(t *testing.T) {
	m := Default()
	cases := []struct {
		clause    string
		statement bool
	}{
		// Plural head, base-form verb after it.
		{"Kill switches live in config/flags.yaml", true},
		{"Cache hits account for about 70% of requests", true},
		{"Merge queues serialize the pull requests", true},
		{"Select queries against the audit table use the composite index", true},
		{"Spawn rates above 200 workers per second exhaust the file descriptor limit", true},
		{"Duplicate sends in the email_log table cluster at 60-minute intervals", true},
		{"Open issues labelled good-first-issue currently number 14", true},
		{"Export jobs started after midnight skip the previous day's partition", true},
		{"Clean builds take 4 minutes", true},
		{"Delete requests return 204", true},
		// A verb that is only a verb and takes a finite clause: the
		// clause is its complement. One that can be a noun or an
		// adjective heads a subject.
		{"Ensure backups are encrypted", false},
		{"Remember keys are rotated weekly", false},
		{"Read replicas are used for reporting", true},
		{"Install scripts are in bin/", true},
		// The opener alone as the subject of an -s verb the treebank saw
		// only as a verb, or one with a possessor as its object (Go doc
		// comments).
		{"Validate performs basic sanity checks on the key", true},
		{"Close stops listening on the TCP address", true},
		{"Size returns r's width and height", true},
		// "then" before a finite verb is an adverb; a verb that takes a
		// clause, followed by the clause's subject, is finite.
		{"Power producers then turned their attention toward the cap", true},
		{"Police said Bernard confessed to detectives", true},
		{"Run tests then deploy the build", false},
		// An adverb before a noun inside a prepositional phrase.
		{"Schedule drift on the nightly export job reached 40 minutes in March", true},
		// An irregular plural opener as the head ("people", "police").
		{"People love to buy these animals for gifts", true},
		{"Police say the suspect fled", true},
		// An adverb between the subject and its verb.
		{"Bush successfully makes the case", true},
		{"Builds regularly take 4 minutes", true},
		// Singular or mass head, -s verb.
		{"Seed data for the integration tests lives in testdata/fixtures.sql", true},
		{"Write throughput on the primary peaks at 9,000 rows per second", true},
		{"Spring Boot Actuator exposes /actuator/health without authentication", true},
		{"Cache invalidation happens on every write", true},
		{"Setup takes about five minutes", true},
		{"Decode accepts a *Config argument", true},
		// Past tense.
		{"Drop rates on the ingest queue stayed below 0.1%", true},
		{"Log lines from botocore and urllib3 disappeared after the switch", true},
		{"Commit 9e4b7c1 introduced refresh-token reuse detection", true},
		{"Flush intervals shorter than one second caused write amplification", true},
		{"Build times on the arm64 runners doubled after the upgrade", true},
		{"Cut-over to the new cluster happened on 12 March", true},
		// Auxiliaries and modals.
		{"Access to the API is restricted", true},
		{"Update frequency is daily", true},
		{"Test coverage has dropped to 71%", true},
		{"Build artifacts are stored in dist/", true},
		{"Upgrade paths from 3.x to 5.x require a migration", true},
		// Coordinated names.
		{"Rebuild and Get both touch the same map", true},

		// Commands: an object marker after the verb.
		{"Delete the stale lock entry", false},
		// After an opener that is only a verb, a plural noun is part of
		// the object, and a possessive "'s" is not "is".
		{"Get six separate pieces of paper and write the following on each piece", false},
		{"Go to Goldstar.com and get tickets for a third of the price", false},
		{"Follow Katrina's path", false},
		{"Drop the orders_archive table", false},
		{"Back up the database before the upgrade", false},
		{"Select the rows you want", false},
		{"Cache the token in memory rather than fetching it per request", false},
		{"Open the firewall to 0.0.0.0/0 on port 5432", false},
		// Commands with a bare noun object and no finite verb.
		{"Check logs in the pod for errors", false},
		{"Show logs in real time", false},
		{"List installed binary crates", false},
		{"Show files modified today", false},
		{"List files changed since v1.2", false},
		{"Restart services that fail", false},
		{"Compare files line by line", false},
		{"Tighten screws securely", false},
		{"Remove files older than 30 days", false},
		{"Set timeouts to 30 seconds", false},
		{"Make tests pass", false},
		{"Prepend a value to an existing configuration key list", false},
		{"Lint with the configuration file in the project root", false},
		{"Generate dependency and map files for a specific kernel version", false},
		{"Save the output file under a specific directory", false},
		{"Unset multiple environment variables at once", false},
		{"Give it three days", false},
		{"Remember users need to authenticate", false},
	}
	var sn Sentence
	for _, c := range cases {
		c.clause += "."
		words := Tokenize(c.clause, nil)
		ws := make([]string, len(words))
		for i, w := range words {
			ws[i] = w.Text(c.clause)
		}
		_, got := m.Subject(ws)
		assert.Equal(t, c.statement, got, "%q", c.clause)
		m.Analyze(c.clause, &sn)
		require.NotEmpty(t, sn.Words)
	}
}

func TestSubjectReadingEdges(t *testing.T) {
	m := Default()
	for _, ws := range [][]string{nil, {}, {"Run"}, {""}, {"", ""}, strings.Fields("the the the")} {
		assert.NotPanics(t, func() { m.Subject(ws) })
	}
	v, ok := m.Subject(strings.Fields("Build times doubled last month"))
	require.True(t, ok)
	assert.Equal(t, 2, v)
}

func TestSubjectReadingMore(t *testing.T) {
	m := Default()
	for _, c := range []struct {
		clause    string
		statement bool
	}{
		{"Build times dropped from 14 to 9 minutes after caching Go modules", true},
		{"Delete requests to the users endpoint return 204 when the user exists", true},
		{"Push notifications on iOS use APNs token-based authentication", true},
		{"Set operations in the SQL layer use hash joins", true},
		{"Decode accepts a *Config or a **Config argument", true},
		{"Heap snapshots attached to INC-2305 show InMemoryCache retaining 1.4 GB after 9 hours", true},
		{"Duplicate records in the audit topic appear when the producer retries", true},
		{"Parse errors in the YAML loader carry line and column numbers since v2.3", true},
		{"Read replicas lag by under one second", true},
		{"Pull requests sit in the merge queue until they time out", true},
		{"Show data from compress log files", false},
		{"List devices paired with the host", false},
		{"List repositories with a specific primary coding language", false},
		// A negated auxiliary after "and" opens a second predicate, not a
		// second noun of the subject; "do" after "and" is no noun there.
		{"Stay under the table and don't go outside", false},
		{"Stay under the table and do not go outside", false},
		{"Back up the database and don't restore it yet", false},
		{"Dos and don'ts are listed in CONTRIBUTING.md", true},
		{"Send instant messages and get email alerts", false},
		{"Build logs and GET requests share one bucket", true},
	} {
		for _, text := range []string{c.clause, c.clause + "."} {
			toks := Tokenize(text, nil)
			ws := make([]string, len(toks))
			for i, w := range toks {
				ws[i] = w.Text(text)
			}
			_, got := m.Subject(ws)
			assert.Equal(t, c.statement, got, "%q", text)
		}
	}
}

// TestSubjectReadingNamedFunctions: a function's name followed by what it
// does is a statement ("Write writes to the file"); the verb with a plural
// object is a command ("Check logs in the pod").
func TestSubjectReadingNamedFunctions(t *testing.T) {
	m := Default()
	for clause, statement := range map[string]bool{
		"Write writes to the current file in the tar archive.":    true,
		"Copy copies from src to dst until EOF.":                  true,
		"Equal reports whether v and w represent the same value.": true,
		"Clone implements hash.Cloner.":                           true,
		"Decode accepts a *Config argument.":                      true,
		"Check logs in the pod for errors.":                       false,
		"Push commits to a subtree repository.":                   false,
		"Show results from the last run.":                         false,
	} {
		ws := tokenWords(clause)
		_, got := m.Subject(ws)
		assert.Equal(t, statement, got, clause)
	}
}

// TestStatement: the grammar's reading checked against the tagger's. A
// clause the subject grammar cannot read as a statement is one when the
// tagger reads a name or noun and then a finite verb the lexicon knows in
// that form; a tagging error, a participle before a noun or a coordinated
// verb is no evidence.
func TestStatement(t *testing.T) {
	m := Default()
	for clause, statement := range map[string]bool{
		"Jack Welch is the CEO of GE.":                         true,
		"Doctor Gonzales and his staff are very professional.": true,
		"Kill switches live in config/flags.yaml":              true, // the grammar's own reading
		"List repositories with a specific language":           false,
		"List installed binary crates":                         false,
		"Display installed versions and activate one of them":  false,
		"Start cleaning and start looking.":                    false,
		"Delete the stale branches.":                           false,
		"Open pyATS shell with a defined Pickle file":          false,
		"Display packages whose support is limited":            false,
		"Restart": false,
		// A verb the tagger reads as the first half of a compound.
		"Show details of an API Management service instance":  false,
		"List current keys in the user default session":       false,
		"Set operations in the SQL layer use hash joins":      true,
		"Push notifications on iOS use APNs token-based auth": true,
		"Decrypt decrypts ciphertext with priv.":              true,
		// A plural noun after a modifier; a particle after an -s verb.
		"Output scan results to a JSON file":                          false,
		"Check Python files in a directory recursively":               false,
		"Lock contention in the session store shows up as p99 spikes": true,
		"Store atomically stores val into x.":                         true,
		// A plural noun right after an adjective.
		"Download English subtitles for a video":    false,
		"Use big dots instead of small ones":        false,
		"Patch releases ship every second Tuesday":  true,
		"Empty responses count as errors":           true,
		"Clean builds of the monorepo take an hour": true,
		// An adjective standing for a noun in a prepositional phrase; a
		// present-tense verb before a last noun.
		"Merge commits on main trigger the release pipeline":                 true,
		"List information about virtual machines either with or without ...": false,
		"Limit space to an upper bound (in MB)":                              false,
		"Flag names in the CLI use kebab-case.":                              true,
	} {
		ws := tokenWords(clause)
		assert.Equal(t, statement, m.Statement(ws), clause)
	}
}

// tokenWords cuts s as Tokenize does and returns the tokens' text.
func tokenWords(s string) []string {
	toks := Tokenize(s, nil)
	ws := make([]string, len(toks))
	for i, t := range toks {
		ws[i] = t.Text(s)
	}
	return ws
}

func TestDeclarativeOpening(t *testing.T) {
	m := Default()
	for _, tt := range []struct {
		in   string
		want bool
	}{
		{"Code using the runtime.Type interface should now use package reflect.", true},
		{"Cluster managers and hosting providers should use tools which respect budgets.", true},
		{"Query the audit table for rows older than a week.", false},
		{"List installed crates.", false},
		{"List installed and currently used versions of Neovim.", false},
		{"Display packages whose support is limited.", false},
		{"Decide volunteering is not your thing.", false},
		{"Go.", false},
		// An adverb before a fronted subordinate phrase: the main clause
		// has its own subject.
		{"Long before the outage the cache had been warm.", true},
		{"Long after the migration finished the old replicas kept serving reads.", true},
		{"Wait until the build finishes.", false},
		{"Think before you type.", false},
	} {
		toks := Tokenize(tt.in, nil)
		words := make([]string, len(toks))
		for i, tk := range toks {
			words[i] = tk.Text(tt.in)
		}
		assert.Equal(t, tt.want, m.DeclarativeOpening(words), tt.in)
	}
}
