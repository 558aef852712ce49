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
			code: exitOK, stdout: "ok: 3 records; checkpoint 3:"},
		{name: "intact with checkpoint", args: func(p string, cp audit.Checkpoint) []string { return []string{"-checkpoint", cp.String(), p} },
			code: exitOK, stdout: "ok: 3 records"},
		{name: "tampered", args: func(p string, _ audit.Checkpoint) []string { return []string{p} },
			edit: func(b []byte) []byte { return bytes.Replace(b, []byte(`"deny"`), []byte(`"allow"`), 1) },
			code: exitTampered, stderr: "TAMPERED: audit: line 2: hash mismatch"},
		{name: "torn tail", args: func(p string, _ audit.Checkpoint) []string { return []string{p} },
			edit: func(b []byte) []byte { return b[:len(b)-20] },
			code: exitTruncated, stderr: "TRUNCATED: the last line (line 3) is incomplete"},
		{name: "tail cut, caught by checkpoint", args: func(p string, cp audit.Checkpoint) []string { return []string{"-checkpoint", cp.String(), p} },
			edit: func(b []byte) []byte { return b[:bytes.LastIndexByte(b[:len(b)-1], '\n')+1] },
			code: exitTampered, stderr: "checkpoint not matched"},
		{name: "keyed", opts: []audit.Option{audit.WithHMACKey(key), audit.WithLogID("prod")},
			args: func(p string, _ audit.Checkpoint) []string {
				return []string{"-key-file", keyFile, "-log-id", "prod", p}
			},
			code: exitOK, stdout: "ok: 3 records"},
		{name: "keyed without key", opts: []audit.Option{audit.WithHMACKey(key)},
			args: func(p string, _ audit.Checkpoint) []string { return []string{p} },
			code: exitTampered, stderr: "verifying needs the key"},
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
			assert.NotContains(t, stdout.String()+stderr.String(), string(key), "the key is never printed")
		})
	}
}
