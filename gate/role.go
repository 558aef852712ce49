package gate

import (
	"context"
	"fmt"
	"slices"
	"strings"
)

// Access says what calling a tool can do to the world.
type Access uint8

const (
	// AccessRead tools only observe: read files, search, list, fetch.
	AccessRead Access = iota + 1
	// AccessWrite tools change something: files, patches, wiki pages,
	// settings, messages sent, commands run. When in doubt, a tool is
	// AccessWrite.
	AccessWrite
)

// String returns "read" or "write" ("invalid" for anything else).
func (a Access) String() string {
	switch a {
	case AccessRead:
		return "read"
	case AccessWrite:
		return "write"
	}
	return "invalid"
}

// MarshalText implements encoding.TextMarshaler ("read", "write"), so a
// catalogue can live in a JSON or YAML file.
func (a Access) MarshalText() ([]byte, error) {
	if a != AccessRead && a != AccessWrite {
		return nil, fmt.Errorf("%w: invalid Access %d", ErrConfig, a)
	}
	return []byte(a.String()), nil
}

// UnmarshalText implements encoding.TextUnmarshaler: exactly "read" or
// "write".
func (a *Access) UnmarshalText(b []byte) error {
	switch string(b) {
	case "read":
		*a = AccessRead
	case "write":
		*a = AccessWrite
	default:
		return fmt.Errorf("%w: access must be \"read\" or \"write\"", ErrConfig)
	}
	return nil
}

// Tool describes one tool an agent can be offered.
type Tool struct {
	// Name is the tool's name as it appears in Proposal.Tool; compared
	// exactly (case and all).
	Name string `json:"name"`
	// Service is the MCP service (server) that provides the tool; empty
	// for a tool of the agent's own.
	Service string `json:"service,omitempty"`
	// Access is what the tool can do; the zero value is refused.
	Access Access `json:"access"`
}

// Role declares what one agent role may do. It is plain data (JSON-ready);
// [NewRoleGate] checks it against a catalogue of tools.
type Role struct {
	// Name names the role in decisions ("guru"); required.
	Name string `json:"name"`
	// Tools lists the tools the role may call, by name. The single entry
	// "*" means every tool of the catalogue that ReadOnly and Services
	// admit.
	Tools []string `json:"tools"`
	// ReadOnly refuses every AccessWrite tool. Listing a write tool by name
	// in a read-only role is a contradiction NewRoleGate refuses.
	ReadOnly bool `json:"read_only"`
	// Services lists the MCP services whose tools the role may call. Tools
	// of other services are refused; a tool without a service is always
	// admitted.
	Services []string `json:"services,omitempty"`
	// Commands lets the role propose plain shell commands (a Proposal with
	// a Command and no Tool), which other gates then judge. Running a
	// command is a write: a ReadOnly role cannot have it.
	Commands bool `json:"commands,omitempty"`
}

// RoleGate is a deterministic [Gate] that checks a proposal against one
// role's capabilities, before anything else runs: a tool call is allowed
// only when the tool is in the catalogue, the role lists it (or "*"), the
// role is not read-only or the tool only reads, and the tool's service is
// one the role may use. A tool that is not in the catalogue is refused
// with ErrNoRule (fail closed: a new tool is not callable until it is
// declared); a tool the role may not call is a deny decision (nil Err). A
// proposal with a Command and no Tool is allowed only when Role.Commands is
// set. An allow says only "this role may make this call": put the RoleGate
// in [All] with the gates that judge the call itself.
//
// Decision.Gate is "role:<name>". Check is a few map lookups and allocates
// only for the Reason (BenchmarkRoleGate). A RoleGate is immutable and safe
// for concurrent use. The zero RoleGate (and a nil *RoleGate) denies every
// proposal with ErrConfig.
type RoleGate struct {
	name     string
	readOnly bool
	commands bool
	catalog  map[string]Tool
	tools    map[string]bool // what the role may call (after ReadOnly and Services)
	services map[string]bool
}

// NewRoleGate builds the gate for role over a catalogue of every tool the
// agent can be offered. It refuses (ErrConfig) an unnamed role, a
// catalogue tool without a valid name or Access, a name used twice, a role
// tool or service the catalogue does not have, a "*" beside other names, a
// write tool listed in a read-only role, a listed tool of a service the
// role may not use, Commands on a read-only role, and a role that permits
// nothing at all.
func NewRoleGate(role Role, catalog ...Tool) (*RoleGate, error) {
	if err := validName("role", role.Name); err != nil {
		return nil, err
	}
	g := &RoleGate{
		name:     "role:" + role.Name,
		readOnly: role.ReadOnly,
		commands: role.Commands,
		catalog:  make(map[string]Tool, len(catalog)),
		tools:    map[string]bool{},
		services: map[string]bool{},
	}
	known := map[string]bool{}
	for i, t := range catalog {
		if err := validName(fmt.Sprintf("catalog[%d]", i), t.Name); err != nil {
			return nil, err
		}
		if err := validTool(t.Name); err != nil {
			return nil, fmt.Errorf("%w: catalog[%d]: %v", ErrConfig, i, err)
		}
		if t.Access != AccessRead && t.Access != AccessWrite {
			return nil, fmt.Errorf("%w: tool %q has no valid Access", ErrConfig, t.Name)
		}
		if t.Service != "" {
			if err := validName(fmt.Sprintf("tool %q: service", t.Name), t.Service); err != nil {
				return nil, err
			}
			known[t.Service] = true
		}
		if _, dup := g.catalog[t.Name]; dup {
			return nil, fmt.Errorf("%w: tool %q is in the catalogue twice", ErrConfig, t.Name)
		}
		g.catalog[t.Name] = t
	}
	for _, s := range role.Services {
		if !known[s] {
			return nil, fmt.Errorf("%w: role %q: no catalogue tool belongs to service %q", ErrConfig, role.Name, s)
		}
		g.services[s] = true
	}
	if role.ReadOnly && role.Commands {
		return nil, fmt.Errorf("%w: role %q is read-only but may run commands (running a command is a write)", ErrConfig, role.Name)
	}
	all := slices.Contains(role.Tools, "*")
	if all && len(role.Tools) > 1 {
		return nil, fmt.Errorf("%w: role %q: \"*\" must be the only entry of Tools", ErrConfig, role.Name)
	}
	if all {
		for name, t := range g.catalog {
			if g.admits(t) {
				g.tools[name] = true
			}
		}
	}
	for _, name := range role.Tools {
		if all {
			break
		}
		t, ok := g.catalog[name]
		switch {
		case !ok:
			return nil, fmt.Errorf("%w: role %q lists tool %q, which is not in the catalogue", ErrConfig, role.Name, name)
		case role.ReadOnly && t.Access == AccessWrite:
			return nil, fmt.Errorf("%w: role %q is read-only but lists the write tool %q", ErrConfig, role.Name, name)
		case t.Service != "" && !g.services[t.Service]:
			return nil, fmt.Errorf("%w: role %q lists tool %q of service %q, which is not in its Services", ErrConfig, role.Name, name, t.Service)
		}
		g.tools[name] = true
	}
	if len(g.tools) == 0 && !role.Commands && !all {
		return nil, fmt.Errorf("%w: role %q permits nothing (no tools, no commands)", ErrConfig, role.Name)
	}
	return g, nil
}

// admits reports whether the role's ReadOnly and Services let it call t.
func (g *RoleGate) admits(t Tool) bool {
	return !(g.readOnly && t.Access == AccessWrite) && (t.Service == "" || g.services[t.Service])
}

// validName checks a role, tool or service name: non-empty, at most 128
// bytes, printable, no spaces.
func validName(what, s string) error {
	if s == "" || len(s) > 128 || strings.IndexFunc(s, func(r rune) bool { return r <= ' ' || r == 0x7f }) >= 0 {
		return fmt.Errorf("%w: %s name %q is empty, too long or has spaces or control characters", ErrConfig, what, s)
	}
	if _, bad := hiddenRune(s, false); bad {
		return fmt.Errorf("%w: %s name has an invisible character", ErrConfig, what)
	}
	return nil
}

// Deterministic reports true: the decision depends only on the proposal.
func (g *RoleGate) Deterministic() bool { return true }

// Check decides whether the role may make the proposal; see [RoleGate].
func (g *RoleGate) Check(ctx context.Context, p Proposal) Decision {
	if g == nil || g.name == "" {
		return deny("role", ErrConfig, "RoleGate is not initialised; use NewRoleGate")
	}
	if err := ctx.Err(); err != nil {
		return ctxDecision(g.name, err)
	}
	if err := validTool(p.Tool); err != nil {
		return failed(g.name, err)
	}
	if p.Tool == "" {
		switch {
		case p.Command == "":
			return deny(g.name, ErrInvalid, "empty proposal: no command and no tool")
		case !g.commands:
			return Decision{Gate: g.name, Reason: fmt.Sprintf("%s may not run shell commands", g.name)}
		}
		return Decision{Allow: true, Gate: g.name, Reason: fmt.Sprintf("%s may propose shell commands", g.name)}
	}
	t, ok := g.catalog[p.Tool]
	switch {
	case !ok:
		return deny(g.name, ErrNoRule, "unknown tool %q: it is not in the role catalogue, so no role may call it", p.Tool)
	case g.readOnly && t.Access == AccessWrite:
		return Decision{Gate: g.name, Reason: fmt.Sprintf("%s is read-only and %q is a write tool", g.name, p.Tool)}
	case t.Service != "" && !g.services[t.Service]:
		return Decision{Gate: g.name, Reason: fmt.Sprintf("%s may not use service %q (tool %q)", g.name, t.Service, p.Tool)}
	case !g.tools[p.Tool]:
		return Decision{Gate: g.name, Reason: fmt.Sprintf("%q is not one of the tools %s may call", p.Tool, g.name)}
	}
	return Decision{Allow: true, Gate: g.name, Reason: fmt.Sprintf("%s may call %q (%s)", g.name, p.Tool, t.Access)}
}
