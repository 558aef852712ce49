package audit_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/wardline/wardline/audit"
)

type mutation int

const (
	flipByte mutation = iota
	deleteLine
	swapLines
	duplicateLine
	truncate
	editRehash
	numMutations
)

var mutationNames = [...]string{"flip byte", "delete line", "swap lines", "duplicate line", "truncate", "edit field + rehash"}

// mutate applies one random mutation of kind m to log and reports whether
// it touched the last line with an edit (the case a chain cannot see).
func mutate(rng *rand.Rand, log []byte, m mutation) (out []byte, editedLast bool) {
	ls := lines(log)
	n := len(ls)
	switch m {
	case flipByte:
		out = bytes.Clone(log)
		out[rng.IntN(len(out))] ^= byte(1 + rng.IntN(255))
	case deleteLine:
		i := rng.IntN(n)
		out = join(slices.Delete(slices.Clone(ls), i, i+1))
	case swapLines:
		i := rng.IntN(n)
		j := (i + 1 + rng.IntN(n-1)) % n
		c := slices.Clone(ls)
		c[i], c[j] = c[j], c[i]
		out = join(c)
	case duplicateLine:
		i, at := rng.IntN(n), rng.IntN(n+1)
		out = join(slices.Insert(slices.Clone(ls), at, ls[i]))
	case truncate:
		out = bytes.Clone(log[:rng.IntN(len(log))])
	case editRehash:
		i := rng.IntN(n)
		edits := [][2]string{
			{`"decision":"allow"`, `"decision":"deny"`},
			{`"decision":"deny"`, `"decision":"allow"`},
			{`"decision":"error"`, `"decision":"allow"`},
			{`"reason":"reason number`, `"reason":"REASON number`},
			{`"ok":true`, `"ok":false`},
			{`"ok":false`, `"ok":true`},
			{`"turn_id":"t-`, `"turn_id":"x-`},
		}
		c := slices.Clone(ls)
	lines:
		for _, j := range append([]int{i}, rng.Perm(n)...) { // a head line has none of the fields
			for _, k := range rng.Perm(len(edits)) {
				if e := edits[k]; strings.Contains(c[j], e[0]) {
					c[j] = rehash(strings.Replace(c[j], e[0], e[1], 1))
					i = j
					break lines
				}
			}
		}
		out = join(c)
		editedLast = i == n-1
	}
	return out, editedLast
}

// isLinePrefix reports whether m is the original log with whole lines cut
// from its end (including the empty log).
func isLinePrefix(m, log []byte) bool {
	return bytes.HasPrefix(log, m) && (len(m) == 0 || m[len(m)-1] == '\n')
}

// TestMutationsDetected applies 5 000 random mutations (per chain kind) to
// a valid log. With a checkpoint of the last line every one is detected.
// Without it, Verify detects every one in a file log (whose head vouches
// for its last record) except emptying the file, and in a stream log
// (NewLogger, no head) every one except exactly those a hash chain cannot
// see: whole lines cut from the end and, for an unkeyed chain, a rewritten
// last line with its hash recomputed.
func TestMutationsDetected(t *testing.T) {
	perChain := 5000
	if raceEnabled {
		perChain = 500 // single goroutine: the race detector adds nothing but time
	}
	key := []byte("k3y-k3y-k3y-k3y-k3y-k3y-k3y-k3y!")
	for _, c := range []struct{ keyed, file bool }{{false, false}, {true, false}, {false, true}, {true, true}} {
		keyed := c.keyed
		t.Run(fmt.Sprintf("keyed=%v/file=%v", keyed, c.file), func(t *testing.T) {
			opts := []audit.Option{audit.WithLogID("mut")}
			v := audit.Verifier{LogID: "mut"}
			if keyed {
				opts = append(opts, audit.WithHMACKey(key))
				v.Key = key
			}
			log, cp := writeLog(t, 12, opts...)
			if c.file {
				log, cp = writeFileLog(t, 12, opts...)
			}
			_, err := v.Verify(bytes.NewReader(log))
			require.NoError(t, err, "untouched log")
			anchored := v
			anchored.Checkpoint = &cp
			_, err = anchored.Verify(bytes.NewReader(log))
			require.NoError(t, err, "untouched log with checkpoint")

			rng := rand.New(rand.NewPCG(7, uint64(len(log))))
			kinds := map[string]int{}
			var exempt [numMutations]int
			for i := range perChain {
				m := mutation(i % int(numMutations))
				out, editedLast := mutate(rng, log, m)
				require.False(t, bytes.Equal(log, out), "mutation %d (%s) changed nothing", i, mutationNames[m])

				_, err := anchored.Verify(bytes.NewReader(out))
				require.Error(t, err, "mutation %d (%s) not detected with checkpoint", i, mutationNames[m])
				var ve *audit.VerifyError
				require.True(t, errors.As(err, &ve), "mutation %d: %v is not a VerifyError", i, err)
				kinds[kindName(ve.Kind)]++

				_, err = v.Verify(bytes.NewReader(out))
				// A file log emptied entirely looks like a new one.
				invisible := len(out) == 0 || !c.file && (isLinePrefix(out, log) || (!keyed && editedLast))
				if invisible {
					exempt[m]++
					require.NoError(t, err, "mutation %d (%s)", i, mutationNames[m])
				} else {
					require.Error(t, err, "mutation %d (%s) not detected by the chain alone", i, mutationNames[m])
				}
			}
			t.Logf("%d mutations, all detected with a checkpoint; error kinds: %v", perChain, kinds)
			for m, c := range exempt {
				if c > 0 {
					t.Logf("invisible to the chain alone (tail only): %s: %d", mutationNames[m], c)
				}
			}
		})
	}
}

// writeFileLog logs n sample records to a file with OpenFile, closes it and
// returns its bytes and checkpoint.
func writeFileLog(t testing.TB, n int, opts ...audit.Option) ([]byte, audit.Checkpoint) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "audit.log")
	l, err := audit.OpenFile(path, append(opts, audit.WithSyncEvery(0))...)
	require.NoError(t, err)
	for i := range n {
		require.NoError(t, l.Log(context.Background(), sampleRecord(i)))
	}
	cp := l.Checkpoint()
	require.NoError(t, l.Close())
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return b, cp
}

func kindName(k error) string {
	for _, s := range []error{audit.ErrTruncated, audit.ErrCut, audit.ErrInvalidJSON, audit.ErrMalformed, audit.ErrTooLarge,
		audit.ErrHashMismatch, audit.ErrBrokenLink, audit.ErrSequence, audit.ErrAlgorithm, audit.ErrCheckpoint} {
		if k == s {
			return strings.TrimPrefix(s.Error(), "audit: ")
		}
	}
	return "unknown"
}
