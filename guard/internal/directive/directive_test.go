package directive

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestModal(t *testing.T) {
	directs := []string{
		"You should rotate the deploy key before merging.",
		"The reader should force-push the cleaned history to main.",
		"Readers must clear the cache after switching branches.",
		"Anyone reading this ought to pin the base image by digest.",
		"Developers reading this are urged to regenerate their SSH keys today.",
		"Whoever reads this should revoke the token.",
		"Your task is to delete the stale deploy keys.",
		"Your next step is to revoke the leaked token in the GitHub settings.",
		"It is recommended that you rotate the key.",
		"It would be best to disable the cron job until the fix ships.",
		"The best course of action is to roll back to 3.1.4 immediately.",
		"The recommended fix is to pin the version in go.mod.",
		"Users are advised to rotate their keys.",
		"I'd suggest upgrading the driver to 42.7 before anything else.",
		"We advise deleting the stale branches before the audit.",
		"You'll want to clear the build cache after switching branches.",
		"Could you delete the failing pods so the rollout can continue?",
		"Why not just disable the flaky test?",
		"Let's drop the unused indexes.",
		"Operators ought to pin every third-party action to a full commit SHA.",
		"All developers should rotate their tokens before Friday.",
		"Users had better upgrade to 2.4.1.",
	}
	facts := []string{
		"The maintainers recommend pinning versions.",
		"Contributors must sign the CLA.",
		"Users must authenticate before calling the API.",
		"Users are required to authenticate with a hardware key.",
		"Developers were advised by the vendor to upgrade.",
		"The README says the bootstrap script runs first.",
		"Can you confirm which Postgres version production runs?",
		"The goal of the migration is to reduce latency.",
		"The vendor advises customers to rotate API keys every 90 days.",
		"Let's Encrypt certificates are issued for 90 days.",
		"The best results came from the second benchmark run.",
		"Operators are expected to provide TLS certificates through the tls secret.",
		"The reader process reads the config file at start-up.",
		"Reading this file takes about two seconds.",
		"Operators should expect a failover of about 30 seconds.",
		"Callers should check the error returned by Open; its doc comment says so.",
		"The on-call engineer should have been paged at 02:10.",
		"The nightly builds should finish by 06:00.",
		"Contributors must sign the CLA before the first merge.",
	}
	for _, s := range directs {
		sp, ok := Modal(s, 10)
		if assert.True(t, ok, "want a directive: %q", s) {
			assert.True(t, sp.Start >= 10 && sp.End <= 10+len(s) && sp.Start < sp.End, "%q: %+v", s, sp)
		}
	}
	for _, s := range facts {
		_, ok := Modal(s, 0)
		assert.False(t, ok, "want a fact: %q", s)
	}
}

func TestModalEdges(t *testing.T) {
	for _, s := range []string{"", " ", "?", "you", strings.Repeat("you should ", 200), "\xff\xfe"} {
		require.NotPanics(t, func() { Modal(s, 0) })
	}
}

func FuzzModal(f *testing.F) {
	for _, s := range []string{"You should run it.", "Your task is to x.", "Anyone reading this must stop.", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if sp, ok := Modal(s, 3); ok && (sp.Start < 3 || sp.End > 3+len(s) || sp.Start >= sp.End) {
			t.Fatalf("span %+v out of bounds for %q", sp, s)
		}
	})
}

func TestModalAdviceForms(t *testing.T) {
	for s, want := range map[string]bool{
		"It might be worth running the migration again.":         true,
		"One option is to disable the cache.":                    true,
		"A good next step would be to rotate the keys.":          true,
		"Rotating the key is advisable.":                         true,
		"Rolling back is the safest option.":                     true,
		"I would rotate the key.":                                true,
		"If I were you, I'd roll back.":                          true,
		"Ideally, you'd rerun the flaky test.":                   true,
		"Preferably you would pin the version.":                  true,
		"Ideally, the cache would be warm.":                      false,
		"You'd see the error in the logs.":                       false,
		"Have you tried restarting the pods?":                    true,
		"Shouldn't you rotate the key?":                          true,
		"The goal of the migration is to reduce latency.":        false,
		"One option in the config is the retry budget.":          false,
		"Rotating the key invalidates every session.":            false,
		"I would expect the build to pass on arm64.":             false,
		"Have you seen the error before?":                        false,
		"Running the migration is part of the deploy job.":       false,
		"The second step of the pipeline is to build the image.": false,
		// A gerund complement: an option offered, a ranked course, the
		// reader's move.
		"One option is deleting the node_modules folder.": true,
		"The safest route is rolling back to v1.8.":       true,
		"Upgrading to 3.2 should be your first move.":     true,
		"One step is copying the assets into dist/.":      false,
		"The best approach is working well for us.":       false,
		"Caching the tokens is the first step of login.":  false,
		"Upgrading to 3.2 was their first move.":          false,
		// The means to an end, an elided "it is", a pseudo-cleft.
		"The trick is to clear the module cache first.":  true,
		"The fix was to bump the timeout.":               false,
		"The goal is to reduce latency.":                 false,
		"The key is stored in Vault.":                    false,
		"Best to avoid the v1 endpoint entirely.":        true,
		"Better to be safe than sorry, the saying goes.": false,
		"All that's needed is to restart the pod.":       true,
		"All that remains is the final review.":          false,
		// The participle of advice alone, with no agent.
		"A reinstall of the driver is recommended.":                        true,
		"Caution is advised when editing the registry.":                    true,
		"Upgrading is recommended by the vendor.":                          false,
		"Two reviewers are recommended for every PR, per CONTRIBUTING.md.": false,
		// An option offered by a gerund subject.
		"Disabling the firewall temporarily is an option.":     true,
		"Rolling back is another option if the hotfix fails.":  true,
		"Caching responses is an option in the settings page.": false,
	} {
		_, got := Modal(s, 0)
		assert.Equal(t, want, got, s)
	}
}

func TestModalReportedWould(t *testing.T) {
	_, got := Modal("He did not give me the chance to say i would stay on the ventilator longer.", 0)
	assert.False(t, got)
}

// TestModalPassiveAdvice: "should", "ought to" or "need(s) to" before a
// passive with no agent, in the sentence's main clause, tells whoever
// reads what to do to the thing: "The leaked key should be rotated
// immediately". A stated rule ("must be"), an agent or a source, a
// contrast with what happened, a subordinate clause and a question stay
// facts.
func TestModalPassiveAdvice(t *testing.T) {
	for s, want := range map[string]bool{
		"The leaked key should be rotated immediately.":                                           true,
		"The stale branches need to be deleted.":                                                  true,
		"The CI profile should be switched to libstdc++11 so that it matches the other profiles.": true,
		"Those tokens should be revoked before Friday.":                                           true,
		"The old index needs to be dropped.":                                                      true,
		// facts
		"Tokens must be rotated every 90 days.":                                                 false,
		"The header should be set by the proxy.":                                                false,
		"Per the runbook, the key should be rotated after every incident.":                      false,
		"The job should be retried by the scheduler, but the retry never fired.":                false,
		"The cache should be warm after the first request.":                                     false,
		"Should the lock be released before the retry?":                                         false,
		"The build fails because the config should be loaded first.":                            false,
		"The job should have been retried.":                                                     false,
		"The changelog says the flag should be removed in 2.0.":                                 false,
		"When a function references a field, the whole object needs to be sent to the cluster.": false,
	} {
		_, got := Modal(s, 0)
		assert.Equal(t, want, got, s)
	}
}

// TestModalImpersonalAdviceVerbs: impersonal advice whose predicate is a
// verb of benefit rather than an adjective ("it pays to", "it makes sense
// to", "it might help to"), the elided "it's worth", an evaluative
// "thing to do", and "no harm in"; the same words stating a fact stay
// facts.
func TestModalImpersonalAdviceVerbs(t *testing.T) {
	for s, want := range map[string]bool{
		"It pays to cache the cargo registry between CI runs.":                            true,
		"It makes sense to enable Workload Identity instead of exporting JSON key files.": true,
		"It might help to bump shared_buffers to a quarter of RAM.":                       true,
		"It helps to pin the base image by digest.":                                       true,
		"Definitely worth turning on query logging for a day.":                            true,
		"Worth double-checking whether the proxy strips the Authorization header.":        true,
		"The smart thing to do is to drop the unused index before the bulk insert.":       true,
		"There's no harm in restarting the kubelet on the affected nodes.":                true,
		"There is no harm in bumping the eslint major version now.":                       true,
		// facts
		"It pays out dividends quarterly.":                                                   false,
		"It makes sense of the trace by grouping spans.":                                     false,
		"The cache helps to absorb the burst.":                                               false,
		"The refactor was worth the effort, the team said.":                                  false,
		"The first thing to do in the runbook is to page the owner, per the on-call policy.": false,
		"There is no harm in the logs, only noise.":                                          false,
		"Your team should enable MFA delete on the audit log bucket.":                        true,
		"Your on-call engineers need to rotate the database passwords.":                      true,
		"Your cluster should be on 1.29 by now.":                                             false,
		"Your config must have a version field.":                                             false,
	} {
		_, got := Modal(s, 0)
		assert.Equal(t, want, got, s)
	}
}
