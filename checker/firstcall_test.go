package checker

import (
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

const firstCallEnv = "CHECKER_FIRST_VALIDATE_CHILD"

// TestFirstValidate measures the first package-level Validate in a fresh
// process (the lazy build of the default Checker: schema, secret rules and
// detector tables) by running this test binary again. Set
// CHECKER_ASSERT_TIMING=1 to enforce the 60 ms budget; timing on shared CI
// machines is too noisy to enforce by default.
func TestFirstValidate(t *testing.T) {
	if os.Getenv(firstCallEnv) == "1" {
		raw := typicalResponse(t)
		start := time.Now()
		_, err := Validate(raw)
		elapsed := time.Since(start)
		require.NoError(t, err)
		fmt.Printf("first Validate: %d µs\n", elapsed.Microseconds())
		return
	}
	if testing.Short() {
		t.Skip("spawns a process")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestFirstValidate$", "-test.count=1")
	cmd.Env = append(os.Environ(), firstCallEnv+"=1")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	m := regexp.MustCompile(`first Validate: (\d+) µs`).FindSubmatch(out)
	require.NotNil(t, m, "%s", out)
	us, _ := strconv.Atoi(string(m[1]))
	t.Logf("first Validate in a fresh process: %.1f ms", float64(us)/1000)
	if os.Getenv("CHECKER_ASSERT_TIMING") == "1" {
		require.LessOrEqual(t, us, 60000, "first Validate budget is 60 ms")
	}
}
