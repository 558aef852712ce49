package main

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/wardline/wardline/checker"
)

func TestRun(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, run(&out))
	got := out.String()
	for _, want := range []string{
		"attempt 1: rejected",
		"instruction.imperative at /answer",
		"instruction.command at /evidence/0/text",
		"attempt 2: accepted",
		"answer: The checkout service returned HTTP 502",
	} {
		assert.Contains(t, got, want)
	}
	assert.NotContains(t, got, "kubectl", "a rejection never repeats the rejected text")
}

// The retry prompt shows the model the contract's shape, not the
// GuruResponse's.
func TestReformatPromptShowsShape(t *testing.T) {
	c, err := newChecker()
	require.NoError(t, err)
	var a Answer
	_, err = c.ValidateInto([]byte(fakeModel("")), &a)
	p := checker.ReformatPrompt(err)
	assert.Contains(t, p, `{"answer":"...","evidence":[{"text":"...","service":"id","source":"https://..."}],"next_queries":["..."]}`)
	assert.NotContains(t, p, "guru")
}

// The measure of issue 20: a custom contract needs at most 15 lines of
// setup. newChecker is the whole setup (the schema is a file).
func TestSetupLines(t *testing.T) {
	src, err := os.ReadFile("main.go")
	require.NoError(t, err)
	s := string(src)
	start := strings.Index(s, "//go:embed answer.schema.json")
	end := strings.Index(s, "// Answer is the Go form")
	require.Positive(t, start)
	require.Greater(t, end, start)
	lines := 0
	for _, l := range strings.Split(strings.TrimSpace(s[start:end]), "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "//") || strings.HasPrefix(l, "//go:") {
			lines++
		}
	}
	assert.LessOrEqual(t, lines, 15)
	t.Logf("setup: %d lines (embed, New, policy)", lines)
}
