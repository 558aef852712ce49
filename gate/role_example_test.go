package gate_test

import (
	"context"
	"fmt"

	"github.com/wardline/wardline/gate"
)

// The seed's guru "cannot modify files, write patches ...: write/edit
// tools disabled". Declared as a role over the agent's tool catalogue, its
// write tools are refused before any other gate runs, and a tool nobody
// declared is refused too.
func ExampleNewRoleGate() {
	catalog := []gate.Tool{
		{Name: "read_file", Access: gate.AccessRead},
		{Name: "apply_patch", Access: gate.AccessWrite},
		{Name: "docs_search", Service: "docs", Access: gate.AccessRead},
		{Name: "send_email", Service: "mail", Access: gate.AccessWrite},
	}
	guru, err := gate.NewRoleGate(gate.Role{Name: "guru", Tools: []string{"*"}, ReadOnly: true, Services: []string{"docs"}}, catalog...)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, tool := range []string{"read_file", "docs_search", "apply_patch", "send_email", "delete_branch"} {
		d := guru.Check(context.Background(), gate.Proposal{Tool: tool})
		fmt.Printf("%-13s allow=%-5v %s\n", tool, d.Allow, d.Reason)
	}
	// Output:
	// read_file     allow=true  role:guru may call "read_file" (read)
	// docs_search   allow=true  role:guru may call "docs_search" (read)
	// apply_patch   allow=false role:guru is read-only and "apply_patch" is a write tool
	// send_email    allow=false role:guru is read-only and "send_email" is a write tool
	// delete_branch allow=false unknown tool "delete_branch": it is not in the role catalogue, so no role may call it
}
