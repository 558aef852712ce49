package gate

import (
	"context"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// countingModel counts calls and answers verdict for every prompt.
type countingModel struct {
	calls atomic.Int64
	word  string
}

func (m *countingModel) Complete(_ context.Context, prompt string) (string, error) {
	m.calls.Add(1)
	n := nonceRE.FindStringSubmatch(prompt)
	if n == nil {
		return "", errors.New("no nonce")
	}
	return m.word + " " + n[1] + ": counted", nil
}

// fixedGate returns a fixed Decision and records that it ran.
type fixedGate struct {
	d     Decision
	det   bool
	order *[]string
}

func (g fixedGate) Check(context.Context, Proposal) Decision {
	*g.order = append(*g.order, g.d.Gate)
	return g.d
}
func (g fixedGate) Deterministic() bool { return g.det }

func TestAllowPaths(t *testing.T) {
	ctx := context.Background()
	model := &countingModel{word: "ALLOW"}
	llm, err := NewLLM(model, "Loopback diagnostics only.")
	require.NoError(t, err)
	rules := pingRules(t)

	tests := []struct {
		name      string
		gate      Gate
		p         Proposal
		wantGate  string
		reason    string
		wantCalls int64
	}{
		{"rules alone allow", rules, Proposal{Command: "ping -c 1 127.0.0.1"}, "rules", `allow rule "ping-loopback" matched "ping -c 1 127.0.0.1"`, 0},
		{"model alone allows", llm, Proposal{Command: "uname -a"}, "llm", "model allows: counted", 1},
		{"rules defer, model allows", All(rules, llm), Proposal{Command: "uname -a"}, "llm", "model allows", 1},
		{"rules allow, model still asked", All(llm, rules), Proposal{Command: "ping -c 1 127.0.0.1"}, "rules+llm", `allow rule "ping-loopback"`, 1},
		{"compound: every part allowed", rules, Proposal{Command: "ping -c 1 127.0.0.1 && ping -c 1 127.0.0.2 | ping 127.0.0.3"}, "rules", `matched "ping 127.0.0.3"`, 0},
		{"tool call", All(rules, llm), Proposal{Tool: "lookup", Args: map[string]any{"q": "x"}}, "llm", "model allows", 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			before := model.calls.Load()
			d := tc.gate.Check(ctx, tc.p)
			require.True(t, d.Allow, "denied: %s (%v)", d.Reason, d.Err)
			assert.NoError(t, d.Err)
			assert.Equal(t, tc.wantGate, d.Gate)
			assert.Contains(t, d.Reason, tc.reason)
			assert.Equal(t, tc.wantCalls, model.calls.Load()-before, "model calls")
		})
	}
}

func TestAllOrderAndShortCircuit(t *testing.T) {
	var order []string
	allow := func(name string, det bool) Gate {
		return fixedGate{d: Decision{Allow: true, Gate: name, Reason: name + " ok"}, det: det, order: &order}
	}
	denyG := func(name string, det bool) Gate {
		return fixedGate{d: Decision{Gate: name, Reason: name + " says no"}, det: det, order: &order}
	}
	deferG := func(name string, det bool) Gate {
		return fixedGate{d: Decision{Gate: name, Reason: "defer", Err: ErrDeferred}, det: det, order: &order}
	}
	tests := []struct {
		name      string
		gates     []Gate
		allow     bool
		gate      string
		wantOrder []string
		wantErr   error
	}{
		{"deterministic first", []Gate{allow("model", false), allow("rules", true)}, true, "rules+model", []string{"rules", "model"}, nil},
		{"first deny short-circuits the model", []Gate{allow("model", false), denyG("rules", true)}, false, "rules", []string{"rules"}, nil},
		{"defer then allow", []Gate{deferG("rules", true), allow("model", false)}, true, "model", []string{"rules", "model"}, nil},
		{"defer last denies", []Gate{allow("a", true), deferG("b", true)}, false, "b", []string{"a", "b"}, ErrDeferred},
		{"deny after defer", []Gate{deferG("rules", true), denyG("model", false)}, false, "model", []string{"rules", "model"}, nil},
		{"unknown gates keep their order after deterministic ones", []Gate{allow("u1", false), allow("d1", true), allow("u2", false), allow("d2", true)}, true, "d1+d2+u1+u2", []string{"d1", "d2", "u1", "u2"}, nil},
		{"allow with an error is a deny", []Gate{fixedGate{d: Decision{Allow: true, Gate: "liar", Err: errors.New("x")}, order: &order}}, false, "liar", []string{"liar"}, ErrConfig},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			order = nil
			d := All(tc.gates...).Check(context.Background(), Proposal{Command: "true"})
			assert.Equal(t, tc.allow, d.Allow, d.Reason)
			assert.Equal(t, tc.gate, d.Gate)
			assert.Equal(t, tc.wantOrder, order)
			if tc.wantErr != nil {
				assert.ErrorIs(t, d.Err, tc.wantErr)
			}
		})
	}
}

type panicGate struct{}

func (panicGate) Check(context.Context, Proposal) Decision { panic("boom") }

func TestAllRefusesBrokenMembers(t *testing.T) {
	var nilRules *Rules
	for name, g := range map[string]Gate{
		"panicking gate": All(panicGate{}),
		"nil gate":       All(nil),
		"nil *Rules":     All(nilRules),
		"nested nothing": All(All()),
	} {
		t.Run(name, func(t *testing.T) {
			d := g.Check(context.Background(), Proposal{Command: "true"})
			assert.False(t, d.Allow)
			assert.Error(t, d.Err)
			assert.NotEmpty(t, d.Reason)
		})
	}
}

func TestAllNestedIsDeterministicWhenMembersAre(t *testing.T) {
	inner := All(pingRules(t))
	dg, ok := inner.(DeterministicGate)
	require.True(t, ok)
	assert.True(t, dg.Deterministic())
	llm, err := NewLLM(verdictModel(t, "ALLOW", "ok"), "rules")
	require.NoError(t, err)
	assert.False(t, All(pingRules(t), llm).(DeterministicGate).Deterministic())
}

func TestLLMPromptHoldsOnlyRulesAndCommand(t *testing.T) {
	const rules = "RULE-TEXT: loopback only."
	const cmd = "ping -c 1 127.0.0.1"
	var prompts []string
	var mu sync.Mutex
	m := modelFunc(func(_ context.Context, prompt string) (string, error) {
		mu.Lock()
		prompts = append(prompts, prompt)
		mu.Unlock()
		return "DENY " + promptNonce(t, prompt) + ": test", nil
	})
	g, err := NewLLM(m, rules)
	require.NoError(t, err)
	ctx := context.Background()
	g.Check(ctx, Proposal{Command: cmd})
	g.Check(ctx, Proposal{Command: cmd})
	require.Len(t, prompts, 2)
	for _, p := range prompts {
		assert.Contains(t, p, rules)
		assert.Equal(t, cmd, fencedCommand(t, p))
	}
	assert.NotEqual(t, promptNonce(t, prompts[0]), promptNonce(t, prompts[1]), "nonce must change per call")
	assert.NotEqual(t, fenceRE.FindString(prompts[0]), fenceRE.FindString(prompts[1]), "fence must change per call")
	// Apart from the random values, the prompt is the same text: nothing
	// else (no history, no other proposal) goes in.
	a := strings.NewReplacer(promptNonce(t, prompts[0]), "N", fenceRE.FindString(prompts[0]), "F").Replace(prompts[0])
	b := strings.NewReplacer(promptNonce(t, prompts[1]), "N", fenceRE.FindString(prompts[1]), "F").Replace(prompts[1])
	assert.Equal(t, a, b)
}

func TestLLMCache(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	m := &countingModel{word: "ALLOW"}
	g, err := NewLLM(m, "rules", WithCache(2, time.Minute), WithClock(clock))
	require.NoError(t, err)
	ctx := context.Background()
	check := func(cmd string) Decision { return g.Check(ctx, Proposal{Command: cmd}) }

	d := check("ls")
	require.True(t, d.Allow)
	assert.NotContains(t, d.Reason, "cached")
	d = check("ls")
	require.True(t, d.Allow)
	assert.Contains(t, d.Reason, "cached")
	assert.EqualValues(t, 1, m.calls.Load(), "identical command must not call the model twice")

	// TTL: after a minute the verdict is asked again.
	now = now.Add(time.Minute)
	check("ls")
	assert.EqualValues(t, 2, m.calls.Load())

	// Size bound: a third distinct command evicts the least recently used.
	check("id")
	check("pwd")
	assert.Equal(t, 2, g.cache.len())
	check("ls") // evicted
	assert.EqualValues(t, 5, m.calls.Load())

	// Failures are not cached.
	fails := 0
	fm := modelFunc(func(context.Context, string) (string, error) { fails++; return "", errors.New("down") })
	g2, err := NewLLM(fm, "rules", WithCache(8, time.Hour))
	require.NoError(t, err)
	g2.Check(ctx, Proposal{Command: "ls"})
	g2.Check(ctx, Proposal{Command: "ls"})
	assert.Equal(t, 2, fails)

	// Different rules text means a different key.
	cmd := func(c string) Proposal { return Proposal{Command: c} }
	assert.NotEqual(t, cacheKey("rules", kindCommand, cmd("ls")), cacheKey("other rules", kindCommand, cmd("ls")))
	assert.NotEqual(t, cacheKey("ab", kindCommand, cmd("c")), cacheKey("a", kindCommand, cmd("bc")), "rules/command boundary must be part of the key")
}

// The cache key is the exact proposal: a command that renders like a tool
// call, arguments that differ only in bytes JSON would replace, in types
// or in nesting never share a verdict.
func TestLLMCacheKeyIsTheExactProposal(t *testing.T) {
	key := func(p Proposal) [32]byte {
		t.Helper()
		_, kind, err := subject(p)
		require.NoError(t, err)
		return cacheKey("rules", kind, p)
	}
	toolCall := Proposal{Tool: "run", Args: map[string]any{"x": "1"}}
	subj, _, err := subject(toolCall)
	require.NoError(t, err)
	lookalike := Proposal{Command: subj}
	subj2, _, err := subject(lookalike)
	require.NoError(t, err)
	require.Equal(t, subj, subj2, "the two render to the same text")
	assert.NotEqual(t, key(toolCall), key(lookalike))

	pairs := [][2]Proposal{
		{{Tool: "t", Args: map[string]any{"a": "1"}}, {Tool: "t", Args: map[string]any{"a": 1.0}}},
		{{Tool: "t", Args: map[string]any{"a": []any{"x", "y"}}}, {Tool: "t", Args: map[string]any{"a": []any{"x,y"}}}},
		{{Tool: "t", Args: map[string]any{"a": "b", "c": "d"}}, {Tool: "t", Args: map[string]any{"a": "b\",\"c\":\"d"}}},
		{{Tool: "t", Command: "ls"}, {Tool: "t", Args: map[string]any{"command": "ls"}}},
		{{Tool: "t"}, {Tool: "t", Args: map[string]any{"": nil}}},
	}
	for i, pr := range pairs {
		assert.NotEqual(t, key(pr[0]), key(pr[1]), "pair %d", i)
	}
	// Map order does not matter; the same proposal has the same key.
	assert.Equal(t, key(Proposal{Tool: "t", Args: map[string]any{"a": 1, "b": 2}}), key(Proposal{Tool: "t", Args: map[string]any{"b": 2, "a": 1}}))

	// Bytes JSON cannot carry are refused rather than replaced.
	for _, args := range []map[string]any{{"a": "\xff"}, {"\xfe": "x"}, {"a": []any{"\xff"}}, {"a": struct{}{}}} {
		_, _, err := subject(Proposal{Tool: "t", Args: args})
		assert.ErrorIs(t, err, ErrInvalid)
	}
}

// The prompt names the kind of proposal outside the fence.
func TestLLMPromptNamesTheKind(t *testing.T) {
	var prompts []string
	m := modelFunc(func(_ context.Context, prompt string) (string, error) {
		prompts = append(prompts, prompt)
		return "DENY " + promptNonce(t, prompt) + ": no", nil
	})
	g, err := NewLLM(m, "rules")
	require.NoError(t, err)
	for _, p := range []Proposal{{Command: "ls"}, {Tool: "t"}, {Tool: "t", Command: "ls"}} {
		g.Check(context.Background(), p)
	}
	require.Len(t, prompts, 3)
	for i, want := range []string{"run the shell command below", "call the tool below", "call the tool below, which runs the shell command"} {
		head, _, _ := strings.Cut(prompts[i], fenceRE.FindString(prompts[i]))
		assert.Contains(t, head, want, "prompt %d", i)
	}
}

// The model sees tool arguments as JSON without HTML escaping.
func TestLLMArgumentsUnescaped(t *testing.T) {
	subj, kind, err := subject(Proposal{Tool: "run", Args: map[string]any{"cmd": "a && b <c> 'd'"}})
	require.NoError(t, err)
	assert.Equal(t, byte(kindTool), kind)
	assert.Equal(t, `tool: run`+"\n"+`arguments: {"cmd":"a && b <c> 'd'"}`, subj)
}

func TestLLMOptionsRefuseBadValues(t *testing.T) {
	m := verdictModel(t, "ALLOW", "x")
	for name, opt := range map[string]LLMOption{
		"zero timeout":   WithTimeout(0),
		"negative cache": WithCache(-1, time.Second),
		"zero ttl":       WithCache(1, 0),
		"nil clock":      WithClock(nil),
		"empty name":     WithName(" "),
		"nil option":     nil,
	} {
		t.Run(name, func(t *testing.T) {
			_, err := NewLLM(m, "rules", opt)
			assert.ErrorIs(t, err, ErrConfig)
		})
	}
	_, err := NewLLM(nil, "rules")
	assert.ErrorIs(t, err, ErrConfig)
	g, err := NewLLM(m, "rules", WithName("gatekeeper"))
	require.NoError(t, err)
	assert.Equal(t, "gatekeeper", g.Check(context.Background(), Proposal{Command: "ls"}).Gate)
	assert.Equal(t, DefaultTimeout, g.timeout)
}

func TestGatesAreSafeForConcurrentUse(t *testing.T) {
	m := &countingModel{word: "ALLOW"}
	llm, err := NewLLM(m, "rules", WithCache(4, time.Hour))
	require.NoError(t, err)
	g := All(pingRules(t), llm)
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range 50 {
				cmd := []string{"ping -c 1 127.0.0.1", "uname -a", "rm -rf /", "id"}[(i+j)%4]
				d := g.Check(context.Background(), Proposal{Command: cmd})
				if cmd == "rm -rf /" {
					assert.False(t, d.Allow)
				} else {
					assert.True(t, d.Allow, d.Reason)
				}
			}
		}()
	}
	wg.Wait()
}
