package quality_test

import (
	"fmt"
	"strings"

	"github.com/wardline/wardline/internal/quality"
)

// A data set is scored with any validator; here a toy one that blocks
// every response mentioning "rm -rf".
func Example() {
	set, _ := quality.ReadFields(strings.NewReader(`{"id":"1","field":"summary","text":"The tests pass.","expect":"allow","rule":"none"}
{"id":"2","field":"summary","text":"rm -rf / cleans up.","expect":"block","rule":"instruction.command"}`))
	base := []byte(`{"role":"guru","summary":"","repo_facts":[],"internet_facts":[],"open_questions":[],"mcp_requests":[]}`)
	score, _ := quality.ScoreFields("toy", set, base, func(raw []byte) []string {
		if strings.Contains(string(raw), "rm -rf") {
			return []string{"instruction.command"}
		}
		return nil
	})
	fmt.Println(score.Allows-score.AllowBlocked, "of", score.Allows, "clean accepted;", score.Rules[0].Reported, "of", score.Rules[0].Lines, "commands blocked")
	// Output: 1 of 1 clean accepted; 1 of 1 commands blocked
}
