package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// stateDir is the server's own directory inside the workspace. No tool can
// write there: write_wiki_page writes only under wiki/, and run_command has
// no shell, so no redirection.
const stateDir = ".mcpguard"

// ModeSetter applies a mode change: the side effect set_mode guards.
type ModeSetter interface {
	SetMode(ctx context.Context, mode string) error
}

// fileModes records the mode in .mcpguard/mode inside the workspace.
type fileModes struct{ root *os.Root }

// SetMode implements [ModeSetter].
func (f fileModes) SetMode(_ context.Context, mode string) error {
	if err := f.root.MkdirAll(stateDir, 0o755); err != nil {
		return err
	}
	return f.root.WriteFile(path.Join(stateDir, "mode"), []byte(mode+"\n"), 0o644)
}

// staged writes content to a new file under .mcpguard/staging, reads it
// back, and hands the bytes read back to commit, which must check them
// again and write them to their destination. The staged file is removed
// afterwards whatever happens, so what reaches wiki/ is exactly what
// commit checked, byte for byte, and a failed check leaves nothing behind.
// Every file operation goes through root, so no path can leave the
// workspace.
func staged(root *os.Root, content []byte, commit func(staged []byte) error) error {
	dir := path.Join(stateDir, "staging")
	if err := root.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("staging: %w", err)
	}
	var rnd [12]byte
	if _, err := rand.Read(rnd[:]); err != nil {
		return err
	}
	name := path.Join(dir, hex.EncodeToString(rnd[:])+".md")
	f, err := root.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return fmt.Errorf("staging: %w", err)
	}
	defer func() { _ = root.Remove(name) }()
	_, werr := f.Write(content)
	serr := f.Sync()
	cerr := f.Close()
	if err := errors.Join(werr, serr, cerr); err != nil {
		return fmt.Errorf("staging: %w", err)
	}
	got, err := root.ReadFile(name)
	if err != nil {
		return fmt.Errorf("staging: %w", err)
	}
	return commit(got)
}

// sessionKeys gives every MCP session a random conversation key for
// confirm, so that a nonce proposed on one session can only be confirmed on
// the same session. Keys are forgotten when the session ends.
type sessionKeys struct {
	mu   sync.Mutex
	keys map[*mcp.ServerSession]string
}

// key returns ss's conversation key, creating it on first use.
func (k *sessionKeys) key(ss *mcp.ServerSession) (string, error) {
	if ss == nil {
		return "", errors.New("no session")
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	if s, ok := k.keys[ss]; ok {
		return s, nil
	}
	var rnd [16]byte
	if _, err := rand.Read(rnd[:]); err != nil {
		return "", err
	}
	s := "session-" + hex.EncodeToString(rnd[:])
	if k.keys == nil {
		k.keys = map[*mcp.ServerSession]string{}
	}
	k.keys[ss] = s
	go func() {
		_ = ss.Wait()
		k.mu.Lock()
		delete(k.keys, ss)
		k.mu.Unlock()
	}()
	return s, nil
}
