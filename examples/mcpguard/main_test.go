package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wardline/wardline/audit"
	"github.com/wardline/wardline/gate"
)

// The test binary doubles as the server (env MCPGUARD_TEST_SERVE=1) and as
// a fake gatekeeper CLI (first argument -fake-model), so that the stdio
// test below runs the real program over real pipes without building it.
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == "-fake-model" {
		os.Exit(fakeModelCLI(os.Stdin, os.Stdout))
	}
	if os.Getenv("MCPGUARD_TEST_SERVE") == "1" {
		if err := run(context.Background(), os.Args[1:], os.Stderr); err != nil {
			fmt.Fprintln(os.Stderr, "mcpguard:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// fakeModelCLI reads a gatekeeper prompt on stdin and allows everything,
// with the verdict grammar the gate asks for.
func fakeModelCLI(in io.Reader, out io.Writer) int {
	b, err := io.ReadAll(in)
	if err != nil {
		return 1
	}
	m := regexp.MustCompile(`(?m)^ALLOW (\S+): `).FindSubmatch(b)
	if m == nil {
		return 2
	}
	fmt.Fprintf(out, "ALLOW %s: harmless\n", m[1])
	return 0
}

// TestStdioEndToEnd launches the program as an MCP client would (a
// subprocess speaking newline-delimited JSON-RPC on stdio) and drives it
// with a real mcp.Client.
func TestStdioEndToEnd(t *testing.T) {
	if _, err := exec.LookPath("echo"); err != nil {
		t.Skip("echo is not installed")
	}
	ws := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(ws, "raw"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(ws, "raw", "rfc-0034.md"), []byte(rfcSource), 0o644))

	cmd := exec.Command(os.Args[0], "-workspace", ws, "-allow", "echo", "-model-cmd", os.Args[0]+" -fake-model")
	cmd.Env = append(os.Environ(), "MCPGUARD_TEST_SERVE=1")
	stderr := &syncBuffer{}
	cmd.Stderr = stderr
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	// The client's UI shows the confirmation to the user, who types the
	// reply it shows (elicitation): the model never sees the code.
	client := mcp.NewClient(&mcp.Implementation{Name: "stdio-test", Version: "v0"}, &mcp.ClientOptions{
		ElicitationHandler: func(_ context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
			return typesWhatIsShown(req.Params.Message), nil
		},
	})
	cs, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd, TerminateDuration: 5 * time.Second}, nil)
	require.NoError(t, err, "server stderr: %s", stderr.Bytes())

	tools, err := cs.ListTools(ctx, nil)
	require.NoError(t, err)
	var names []string
	for _, tl := range tools.Tools {
		names = append(names, tl.Name)
	}
	sort.Strings(names)
	assert.Equal(t, []string{"confirm", "run_command", "set_mode", "write_wiki_page"}, names)

	res := call(t, cs, "run_command", map[string]any{"command": "echo 'over stdio'"})
	require.False(t, res.IsError, text(res))
	assert.Contains(t, text(res), "over stdio\n")

	res = call(t, cs, "run_command", map[string]any{"command": "rm -rf /"})
	require.True(t, res.IsError)
	assert.Contains(t, text(res), "destructive-program")

	res = call(t, cs, "write_wiki_page", map[string]any{"path": "wiki/sla.md", "content": goodPage(t)})
	require.False(t, res.IsError, text(res))

	res = call(t, cs, "set_mode", map[string]any{"mode": "block"})
	require.False(t, res.IsError, text(res))
	assert.NotRegexp(t, digitsRE, text(res), "no code in what the model sees")

	require.NoError(t, cs.Close())
	mode, err := os.ReadFile(filepath.Join(ws, stateDir, "mode"))
	require.NoError(t, err)
	assert.Equal(t, "block\n", string(mode))

	f, err := os.Open(filepath.Join(ws, stateDir, "audit.jsonl"))
	require.NoError(t, err)
	defer f.Close()
	require.NoError(t, audit.Verify(f))
	_, err = f.Seek(0, io.SeekStart)
	require.NoError(t, err)
	lines := 0
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, audit.MaxLineBytes)
	for sc.Scan() {
		lines++
		assert.NotContains(t, sc.Text(), "over stdio")
		assert.NotContains(t, sc.Text(), "rm -rf")
	}
	assert.Equal(t, 1+5, lines, "the head line, then one audit record per call (set_mode twice: the proposal and the user's answer)")
	assert.Contains(t, string(stderr.Bytes()), "serving "+ws)
}

func TestParseFlags(t *testing.T) {
	_, err := parseFlags(nil, io.Discard)
	assert.ErrorContains(t, err, "-workspace is required")
	_, err = parseFlags([]string{"-workspace", "w", "extra"}, io.Discard)
	assert.ErrorContains(t, err, "unexpected arguments")
	_, err = parseFlags([]string{"-nope"}, io.Discard)
	assert.Error(t, err)
	f, err := parseFlags([]string{"-workspace", "w"}, io.Discard)
	require.NoError(t, err)
	assert.Equal(t, strings.Join(DefaultPrograms, ","), f.allow)
}

func TestModelFromFlags(t *testing.T) {
	m, err := modelFromFlags(&flags{})
	require.NoError(t, err)
	assert.Nil(t, m, "no model flag: no model, run_command fails closed")

	_, err = modelFromFlags(&flags{modelCmd: "claude -p {prompt}", openAIModel: "gpt"})
	assert.ErrorContains(t, err, "choose one")

	m, err = modelFromFlags(&flags{modelCmd: "claude -p {prompt} --model haiku"})
	require.NoError(t, err)
	cm, ok := m.(*gate.CommandModel)
	require.True(t, ok)
	assert.Equal(t, "claude", cm.Path)
	assert.Equal(t, []string{"-p", gate.PromptArg, "--model", "haiku"}, cm.Args)
	assert.False(t, cm.Stdin)

	m, err = modelFromFlags(&flags{modelCmd: "llm-judge --quiet"})
	require.NoError(t, err)
	assert.True(t, m.(*gate.CommandModel).Stdin, "without {prompt} the prompt goes to stdin")

	m, err = modelFromFlags(&flags{openAIModel: "llama3", openAIURL: "http://127.0.0.1:11434/v1"})
	require.NoError(t, err)
	assert.IsType(t, &gate.OpenAIChat{}, m)
	m, err = modelFromFlags(&flags{anthropicModel: "claude-haiku"})
	require.NoError(t, err)
	assert.IsType(t, &gate.AnthropicMessages{}, m)
	_, err = modelFromFlags(&flags{openAIModel: "x", openAIURL: "ftp://nope"})
	assert.Error(t, err)
}

func TestRunRefusesEmptyRulesFile(t *testing.T) {
	rules := filepath.Join(t.TempDir(), "rules.txt")
	require.NoError(t, os.WriteFile(rules, []byte("  \n"), 0o644))
	err := run(context.Background(), []string{"-workspace", t.TempDir(), "-rules", rules}, io.Discard)
	assert.ErrorContains(t, err, "fail open")
}
