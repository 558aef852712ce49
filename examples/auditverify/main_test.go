package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/wardline/wardline/audit"
)

// writeLog writes a three-record log file and returns its path and checkpoint.
func writeLog(t *testing.T, opts ...audit.Option) (string, audit.Checkpoint) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "audit.log")
	l, err := audit.OpenFile(path, opts...)
	require.NoError(t, err)
	for i, d := range []string{audit.DecisionAllow, audit.DecisionDeny, audit.DecisionAllow} {
		require.NoError(t, l.Log(context.Background(), audit.Record{
			Time: time.Date(2026, 11, 22, 3, 0, i, 0, time.UTC), Gate: "gate.rules", Decision: d,
		}))
	}
	cp := l.Checkpoint()
	require.NoError(t, l.Close())
	return path, cp
}

func edit(t *testing.T, path string, f func([]byte) []byte) {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(path, f(b), 0o600))
}

func TestRun(t *testing.T) {
	key := []byte("0123456789abcdef0123456789abcdef")
	keyFile := filepath.Join(t.TempDir(), "key")
	require.NoError(t, os.WriteFile(keyFile, append(key, '\n'), 0o600))

	tests := []struct {
		name   string
		opts   []audit.Option
		args   func(path string, cp audit.Checkpoint) []string
		edit   func([]byte) []byte
		code   int
		stdout string
		stderr string
	}{
		{name: "intact", args: func(p string, _ audit.Checkpoint) []string { return []string{p} },
			code: exitOK, stdout: "ok: 3 records; closed cleanly at seq 3; checkpoint 3:"},
		{name: "intact with checkpoint", args: func(p string, cp audit.Checkpoint) []string { return []string{"-checkpoint", cp.String(), p} },
			code: exitOK, stdout: "ok: 3 records"},
		{name: "tampered", args: func(p string, _ audit.Checkpoint) []string { return []string{p} },
			edit: func(b []byte) []byte { return bytes.Replace(b, []byte(`"deny"`), []byte(`"allow"`), 1) },
			code: exitTampered, stdout: "TAMPERED: audit: line 3: hash mismatch"},
		{name: "tail cut, caught by the head", args: func(p string, _ audit.Checkpoint) []string { return []string{p} },
			edit: func(b []byte) []byte { return b[:bytes.LastIndexByte(b[:len(b)-1], '\n')+1] },
			code: exitTampered, stdout: "CUT: audit: line 4: end of log cut or altered: log ends at seq 2, its head vouches for seq 3"},
		{name: "tail cut with a torn line left, caught by the head", args: func(p string, _ audit.Checkpoint) []string { return []string{p} },
			edit: func(b []byte) []byte { return b[:len(b)-20] },
			code: exitTampered, stdout: "CUT:"},
		{name: "keyed", opts: []audit.Option{audit.WithHMACKey(key), audit.WithLogID("prod")},
			args: func(p string, _ audit.Checkpoint) []string {
				return []string{"-key-file", keyFile, "-log-id", "prod", p}
			},
			code: exitOK, stdout: "ok: 3 records"},
		{name: "keyed without key", opts: []audit.Option{audit.WithHMACKey(key)},
			args: func(p string, _ audit.Checkpoint) []string { return []string{p} },
			code: exitNeedsKey, stdout: "NEEDS-KEY: the log is HMAC-keyed"},
		{name: "no file argument", args: func(string, audit.Checkpoint) []string { return nil },
			code: exitUsage, stderr: "usage: auditverify"},
		{name: "missing file", args: func(p string, _ audit.Checkpoint) []string { return []string{p + ".missing"} },
			code: exitUsage, stderr: "no such file"},
		{name: "bad checkpoint", args: func(p string, _ audit.Checkpoint) []string { return []string{"-checkpoint", "x", p} },
			code: exitUsage, stderr: "checkpoint must be"},
		{name: "bad flag", args: func(p string, _ audit.Checkpoint) []string { return []string{"-nope", p} },
			code: exitUsage, stderr: "flag provided but not defined"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path, cp := writeLog(t, tt.opts...)
			if tt.edit != nil {
				edit(t, path, tt.edit)
			}
			var stdout, stderr strings.Builder
			code := run(tt.args(path, cp), &stdout, &stderr)
			assert.Equal(t, tt.code, code, "stderr: %s", stderr.String())
			if tt.stdout != "" {
				assert.Contains(t, stdout.String(), tt.stdout)
			}
			if tt.stderr != "" {
				assert.Contains(t, stderr.String(), tt.stderr)
			}
			if tt.code != exitUsage {
				first := strings.SplitN(stdout.String(), ":", 2)[0]
				assert.Contains(t, []string{"ok", "TRUNCATED", "CUT", "TAMPERED", "NEEDS-KEY"}, first, "the verdict word comes first")
			}
			assert.NotContains(t, stdout.String()+stderr.String(), string(key), "the key is never printed")
		})
	}
}

// TestCrashedAndStreamLogs: a crashed file log (torn while open) is
// TRUNCATED, an unclosed one is ok but "not closed", and a stream log from
// the repository's testdata is ok without a head, or TRUNCATED when torn.
func TestCrashedAndStreamLogs(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "live.log")
	l, err := audit.OpenFile(path)
	require.NoError(t, err)
	require.NoError(t, l.Log(context.Background(), audit.Record{Gate: "gate.rules", Decision: audit.DecisionAllow}))
	live, err := os.ReadFile(path)
	require.NoError(t, err)
	cp := l.Checkpoint()
	require.NoError(t, l.Close())
	crashed := filepath.Join(dir, "crashed.log")
	require.NoError(t, os.WriteFile(crashed, live, 0o600))
	var stdout, stderr strings.Builder
	assert.Equal(t, exitOK, run([]string{crashed}, &stdout, &stderr))
	assert.Contains(t, stdout.String(), "not closed (still being written, or its writer crashed); the head vouches for seq 1")
	torn := append(live, []byte(`{"seq":2,"prev":"`+cp.Hash+`","ti`)...)
	require.NoError(t, os.WriteFile(crashed, torn, 0o600))
	stdout.Reset()
	assert.Equal(t, exitTruncated, run([]string{crashed}, &stdout, &stderr))
	assert.Contains(t, stdout.String(), "TRUNCATED: the last line (line 3, 86 bytes)")

	for file, want := range map[string]string{
		"valid.jsonl":     "ok: 6 records; no head line",
		"torn.jsonl":      "TRUNCATED",
		"tampered.jsonl":  "TAMPERED",
		"hmac.jsonl":      "NEEDS-KEY",
		"file.jsonl":      "ok: 6 records; closed cleanly at seq 6",
		"file-hmac.jsonl": "NEEDS-KEY",
		"file-cut.jsonl":  "CUT",
	} {
		stdout.Reset()
		run([]string{filepath.Join("..", "..", "audit", "testdata", file)}, &stdout, &stderr)
		assert.True(t, strings.HasPrefix(stdout.String(), want), "%s: %s", file, stdout.String())
	}
}
