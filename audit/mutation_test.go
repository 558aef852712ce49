package audit_test

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
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
		for _, k := range rng.Perm(len(edits)) {
			if e := edits[k]; strings.Contains(c[i], e[0]) {
				c[i] = rehash(strings.Replace(c[i], e[0], e[1], 1))
				break
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

// TestMutationsDetected applies 10 000 random mutations (per chain kind) to
// a valid log. With a checkpoint of the last line every one is detected.
// Without it, Verify detects every one except exactly those a hash chain
// cannot see: whole lines cut from the end and, for an unkeyed chain, a
// rewritten last line with its hash recomputed.
func TestMutationsDetected(t *testing.T) {
	perChain := 10000
	if raceEnabled {
		perChain = 1000 // single goroutine: the race detector adds nothing but time
	}
	key := []byte("k3y-k3y-k3y-k3y-k3y-k3y-k3y-k3y!")
	for _, keyed := range []bool{false, true} {
		t.Run(fmt.Sprintf("keyed=%v", keyed), func(t *testing.T) {
			opts := []audit.Option{audit.WithLogID("mut")}
			v := audit.Verifier{LogID: "mut"}
			if keyed {
				opts = append(opts, audit.WithHMACKey(key))
				v.Key = key
			}
			log, cp := writeLog(t, 12, opts...)
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
				require.NotEqual(t, log, out, "mutation %d (%s) changed nothing", i, mutationNames[m])

				_, err := anchored.Verify(bytes.NewReader(out))
				require.Error(t, err, "mutation %d (%s) not detected with checkpoint", i, mutationNames[m])
				var ve *audit.VerifyError
				require.True(t, errors.As(err, &ve), "mutation %d: %v is not a VerifyError", i, err)
				kinds[kindName(ve.Kind)]++

				_, err = v.Verify(bytes.NewReader(out))
				invisible := isLinePrefix(out, log) || (!keyed && editedLast)
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

func kindName(k error) string {
	for _, s := range []error{audit.ErrTruncated, audit.ErrInvalidJSON, audit.ErrMalformed, audit.ErrTooLarge,
		audit.ErrHashMismatch, audit.ErrBrokenLink, audit.ErrSequence, audit.ErrAlgorithm, audit.ErrCheckpoint} {
		if k == s {
			return strings.TrimPrefix(s.Error(), "audit: ")
		}
	}
	return "unknown"
}
