package workspace

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/sys/unix"
)

// swapsEnv sets how many link swaps TestLinkSwapRace makes in each mode.
// The default keeps `go test` short; CI's race step (.ci/run) and the
// issue's measure use 100000.
const swapsEnv = "WARDLINE_RACE_SWAPS"

const defaultSwaps = 10000

// Markers that must never be read through a wiki/ path (raw and outside
// content) or through Sources (outside content).
const (
	envMarker     = "ENV-SECRET-7c1f"
	outsideMarker = "OUTSIDE-SECRET-91ab"
	rawMarker     = "RAW-SOURCE-3d2e"
)

// raceWorkspace lays out
//
//	base/outside/secret.md           outside the workspace
//	base/ws/.env                     in the workspace root, not in an area
//	base/ws/raw/src.md, x.md, src2.md
//	base/ws/wiki/index.md, log.md, overview.md (protected), page.md,
//	  leak.md, hl.md, sub/x.md, sub/index.md
//	base/ws/wiki/.atk/...            the attacker's links (a dot-directory
//	                                 no tool path can name)
func raceWorkspace(t *testing.T) (ws string, rawWant map[string]string) {
	t.Helper()
	base := t.TempDir()
	ws = filepath.Join(base, "ws")
	for _, d := range []string{"outside", "ws/raw", "ws/wiki/sub", "ws/wiki/.atk"} {
		require.NoError(t, os.MkdirAll(filepath.Join(base, d), 0o755))
	}
	rawWant = map[string]string{
		"src.md":  rawMarker + " the source\n",
		"x.md":    rawMarker + " x\n",
		"src2.md": rawMarker + " second\n",
	}
	files := map[string]string{
		"outside/secret.md":    outsideMarker + "\n",
		"ws/.env":              envMarker + "\n",
		"ws/wiki/index.md":     "index\n",
		"ws/wiki/log.md":       "log\n",
		"ws/wiki/overview.md":  "overview\n",
		"ws/wiki/page.md":      "page\n",
		"ws/wiki/leak.md":      "leak\n",
		"ws/wiki/hl.md":        "hl\n",
		"ws/wiki/sub/x.md":     "sub x\n",
		"ws/wiki/sub/index.md": "sub index\n",
	}
	for name, c := range rawWant {
		files["ws/raw/"+name] = c
	}
	for p, c := range files {
		require.NoError(t, os.WriteFile(filepath.Join(base, p), []byte(c), 0o644))
	}
	atk := filepath.Join(ws, "wiki", ".atk")
	for _, l := range []struct{ at, to string }{
		{"page-sym", "../../raw/src.md"},
		{"sub-self", ".."},         // wiki/sub -> wiki itself
		{"sub-raw", "../../raw"},   // wiki/sub -> raw
		{"leak-env", "../../.env"}, // wiki/leak.md -> .env
		{"leak-out", filepath.Join(base, "outside", "secret.md")},
	} {
		require.NoError(t, os.Symlink(l.to, filepath.Join(atk, l.at)))
	}
	require.NoError(t, os.Symlink("../.env", filepath.Join(ws, "raw", ".src2-env")))
	require.NoError(t, os.Link(filepath.Join(ws, "raw", "src.md"), filepath.Join(atk, "page-hard")))
	require.NoError(t, os.Link(filepath.Join(ws, ".env"), filepath.Join(atk, "hl-hard")))
	return ws, rawWant
}

// exchange atomically swaps two directory entries (renameat2
// RENAME_EXCHANGE), so a path is always either the real file or the
// attacker's link, never missing.
func exchange(a, b string) error {
	return unix.Renameat2(unix.AT_FDCWD, a, unix.AT_FDCWD, b, unix.RENAME_EXCHANGE)
}

// TestLinkSwapRace runs every workspace operation while an attacker swaps
// files and directories for symbolic and hard links in a loop, and checks
// the invariants after every operation and at the end: raw/ is untouched,
// the protected pages are present, and nothing outside wiki/ is read
// through a wiki/ path, nothing outside raw/ through Sources. It runs once
// with openat2 and once with the O_NOFOLLOW walk.
func TestLinkSwapRace(t *testing.T) {
	swaps := defaultSwaps
	if s := os.Getenv(swapsEnv); s != "" {
		n, err := strconv.Atoi(s)
		require.NoError(t, err, swapsEnv)
		swaps = n
	}
	for _, mode := range []string{"openat2", "walk"} {
		t.Run(mode, func(t *testing.T) {
			if mode == "walk" {
				prev := noOpenat2.Load()
				noOpenat2.Store(true)
				t.Cleanup(func() { noOpenat2.Store(prev) })
			}
			runSwapRace(t, swaps)
		})
	}
}

func runSwapRace(t *testing.T, swaps int) {
	ws, rawWant := raceWorkspace(t)
	wiki, atk := filepath.Join(ws, "wiki"), filepath.Join(ws, "wiki", ".atk")
	if err := exchange(filepath.Join(wiki, "page.md"), filepath.Join(atk, "page-sym")); err != nil {
		t.Skipf("renameat2(RENAME_EXCHANGE) unavailable: %v", err)
	}
	require.NoError(t, exchange(filepath.Join(wiki, "page.md"), filepath.Join(atk, "page-sym")))
	w, err := Open(ws)
	require.NoError(t, err)
	defer w.Close()

	pairs := [][2]string{
		{filepath.Join(wiki, "page.md"), filepath.Join(atk, "page-sym")},
		{filepath.Join(wiki, "page.md"), filepath.Join(atk, "page-hard")},
		{filepath.Join(wiki, "sub"), filepath.Join(atk, "sub-self")},
		{filepath.Join(wiki, "sub"), filepath.Join(atk, "sub-raw")},
		{filepath.Join(wiki, "leak.md"), filepath.Join(atk, "leak-env")},
		{filepath.Join(wiki, "leak.md"), filepath.Join(atk, "leak-out")},
		{filepath.Join(wiki, "hl.md"), filepath.Join(atk, "hl-hard")},
		{filepath.Join(ws, "raw", "src2.md"), filepath.Join(ws, "raw", ".src2-env")},
	}
	var done atomic.Bool
	var swapped atomic.Int64
	var ops, refused, allowed atomic.Int64
	minOps := int64(swaps / 10)
	var attackErr error
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { // the attacker
		defer wg.Done()
		defer done.Store(true)
		// Swap until the count is reached and the operations have had
		// their share of the time (each operation meets many swaps).
		for i := 0; !done.Load() && (i < swaps || ops.Load() < minOps); i++ {
			k := (i / 2) % len(pairs) // swap in, then back
			pr := pairs[k]
			if i%2 == 0 {
				if err := replant(ws, k); err != nil {
					attackErr = err
					return
				}
			}
			if err := exchange(pr[0], pr[1]); err != nil {
				// The workspace may have renamed over an entry meanwhile:
				// WriteFile replaces wiki/page.md, Remove deletes it.
				if errors.Is(err, unix.ENOENT) {
					continue
				}
				attackErr = err
				return
			}
			swapped.Add(1)
		}
	}()

	violation := func(format string, args ...any) {
		t.Errorf(format, args...)
		done.Store(true)
	}
	checkRead := func(what string, b []byte, err error, forbidden ...string) {
		if err != nil {
			refused.Add(1)
			return
		}
		allowed.Add(1)
		for _, m := range forbidden {
			if bytes.Contains(b, []byte(m)) {
				violation("%s read forbidden content %q", what, m)
			}
		}
	}
	count := func(err error) {
		if err != nil {
			refused.Add(1)
		} else {
			allowed.Add(1)
		}
	}
	worker := func(id int) {
		defer wg.Done()
		for n := 0; !done.Load(); n++ {
			ops.Add(1)
			switch n % 9 {
			case 0:
				count(w.WriteFile("wiki/page.md", []byte("page v"+strconv.Itoa(n)+"\n")))
			case 1:
				count(w.WriteFile("wiki/sub/x.md", []byte("sub x v"+strconv.Itoa(n)+"\n")))
			case 2:
				p := fmt.Sprintf("wiki/sub/new-%d-%d.md", id, n)
				count(w.Create(p, []byte("new\n")))
				_ = w.Remove(p)
			case 3:
				err := w.Remove("wiki/sub/index.md")
				count(err)
				if err == nil {
					_ = w.Create("wiki/sub/index.md", []byte("sub index\n"))
				}
			case 4:
				b, err := w.ReadFile("wiki/leak.md")
				checkRead("wiki/leak.md", b, err, envMarker, outsideMarker, rawMarker)
			case 5:
				b, err := w.ReadFile("wiki/hl.md")
				checkRead("wiki/hl.md", b, err, envMarker, outsideMarker, rawMarker)
			case 6:
				b, err := w.ReadFile("wiki/sub/x.md")
				checkRead("wiki/sub/x.md", b, err, envMarker, outsideMarker, rawMarker)
			case 7:
				b, err := fs.ReadFile(w.Sources(), "src2.md")
				checkRead("raw src2.md", b, err, envMarker, outsideMarker)
			case 8:
				b, err := w.ReadFile("wiki/page.md")
				checkRead("wiki/page.md", b, err, envMarker, outsideMarker, rawMarker)
				if err := w.Create("wiki/page.md", []byte("page\n")); err == nil {
					allowed.Add(1) // a swap had left it missing
				}
			}
			if n%32 == 0 {
				checkInvariants(t, ws, rawWant, violation)
			}
		}
	}
	for i := range 2 {
		wg.Add(1)
		go worker(i)
	}
	deadline := time.AfterFunc(10*time.Minute, func() { done.Store(true) })
	wg.Wait()
	deadline.Stop()
	require.NoError(t, attackErr)
	checkInvariants(t, ws, rawWant, violation)
	t.Logf("%d link swaps, %d operations (%d allowed, %d refused)", swapped.Load(), ops.Load(), allowed.Load(), refused.Load())
	assert.GreaterOrEqual(t, swapped.Load(), int64(swaps*9/10), "the attacker must have swapped")
	assert.GreaterOrEqual(t, ops.Load(), minOps, "the operations must have run")
	assert.Positive(t, allowed.Load(), "some operations must have gone through")
	assert.Positive(t, refused.Load(), "some operations must have met a link")
}

// replant puts the attacker's link for pair k back where a workspace
// operation consumed it: WriteFile renames its page over wiki/page.md, so a
// link swapped in there is replaced, and the next swap-back moves a
// regular file into the attacker's slot.
func replant(ws string, k int) error {
	atk := filepath.Join(ws, "wiki", ".atk")
	switch k {
	case 0:
		p := filepath.Join(atk, "page-sym")
		if fi, err := os.Lstat(p); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
			return nil
		}
		_ = os.Remove(p)
		return os.Symlink("../../raw/src.md", p)
	case 1:
		p := filepath.Join(atk, "page-hard")
		src, err := os.Stat(filepath.Join(ws, "raw", "src.md"))
		if err != nil {
			return err
		}
		if fi, err := os.Lstat(p); err == nil && os.SameFile(fi, src) {
			return nil
		}
		_ = os.Remove(p)
		return os.Link(filepath.Join(ws, "raw", "src.md"), p)
	}
	return nil
}

// checkInvariants reads the tree directly: raw/ holds exactly its files
// with their contents, and the protected pages exist as regular files.
func checkInvariants(t *testing.T, ws string, rawWant map[string]string, violation func(string, ...any)) {
	entries, err := os.ReadDir(filepath.Join(ws, "raw"))
	if err != nil {
		violation("raw/: %v", err)
		return
	}
	seen := 0
	for _, e := range entries {
		name := e.Name()
		if name == ".src2-env" || name == "src2.md" {
			seen++ // swapped with its link by the attacker
			continue
		}
		want, ok := rawWant[name]
		if !ok {
			violation("raw/ gained %q", name)
			continue
		}
		seen++
		b, err := os.ReadFile(filepath.Join(ws, "raw", name))
		if err != nil || string(b) != want {
			violation("raw/%s changed (err %v)", name, err)
		}
	}
	if seen != len(rawWant)+1 {
		violation("raw/ lost a file: %d entries", seen)
	}
	for _, p := range DefaultProtected() {
		fi, err := os.Lstat(filepath.Join(ws, "wiki", p))
		if err != nil || !fi.Mode().IsRegular() {
			violation("protected wiki/%s is gone (err %v)", p, err)
		}
	}
}
