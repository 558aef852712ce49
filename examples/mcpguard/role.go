package main

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/wardline/wardline/examples/mcpguard/toolguard"
	"github.com/wardline/wardline/gate"
)

// toolCatalog declares every tool this server offers and what it can do
// to the world. A tool that is not here is refused by every role.
var toolCatalog = []gate.Tool{
	{Name: "run_command", Access: gate.AccessWrite}, // runs a program: a side effect
	{Name: "write_wiki_page", Access: gate.AccessWrite},
	{Name: "set_mode", Access: gate.AccessWrite}, // proposes a change the next call applies
	{Name: "confirm", Access: gate.AccessWrite},
}

// Roles the server can serve (-role). The guru is the seed's read-only
// research agent: "cannot modify files, write patches ...; write/edit
// tools disabled". Every tool of this server writes, so a guru session
// can call none of them; a server with read tools would list them in the
// catalogue as gate.AccessRead and the guru could call those.
var roles = map[string]gate.Role{
	"operator": {Name: "operator", Tools: []string{"*"}},
	"guru":     {Name: "guru", Tools: []string{"*"}, ReadOnly: true},
}

// DefaultRole is the role of a server started without -role.
const DefaultRole = "operator"

// roleNames lists the roles for messages.
func roleNames() string {
	names := make([]string, 0, len(roles))
	for n := range roles {
		names = append(names, n)
	}
	slices.Sort(names)
	return strings.Join(names, ", ")
}

// newRoleGate builds the gate of the named role ("" is DefaultRole).
func newRoleGate(name string) (*gate.RoleGate, error) {
	if name == "" {
		name = DefaultRole
	}
	r, ok := roles[name]
	if !ok {
		return nil, fmt.Errorf("unknown role %q (one of %s)", name, roleNames())
	}
	return gate.NewRoleGate(r, toolCatalog...)
}

// roleCheck is the first Before check of every tool: the session's role
// must be allowed to call the tool at all, before any argument is read or
// any other guard (or model) runs.
func roleCheck(g *gate.RoleGate) toolguard.Check {
	return toolguard.Check{Name: "role", Func: func(ctx context.Context, c *toolguard.Call) error {
		if d := g.Check(ctx, gate.Proposal{Tool: c.Tool}); !d.Allow {
			return toolguard.Deny("%s", d.Reason)
		}
		return nil
	}}
}
