package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/wardline/wardline/confirm"
	"github.com/wardline/wardline/examples/mcpguard/toolguard"
	"github.com/wardline/wardline/guard"
)

// Modes are the values set_mode accepts, as in the seed's web firewall.
var Modes = []string{"monitor", "block", "learning"}

// actionSetMode is the confirm.Action kind of a mode change.
const actionSetMode = "firewall.set_mode"

// maxReplyBytes bounds the confirm tool's reply argument.
const maxReplyBytes = 64

// setModeIn is set_mode's input.
type setModeIn struct {
	Mode string `json:"mode" jsonschema:"the new mode: monitor, block or learning"`
}

// confirmIn is confirm's input.
type confirmIn struct {
	Reply string `json:"reply" jsonschema:"the user's reply exactly as the user typed it: confirm <nonce>, or cancel"`
}

// modes implements set_mode and confirm: a mode change is only proposed by
// set_mode, whose nonce goes to the user out of band (see oob.go); it runs
// when "confirm <nonce>" for that exact proposal comes back, from the
// user's elicitation answer or through the confirm tool, on the same
// session, before it expires, once.
type modes struct {
	mgr    *confirm.Manager
	keys   *sessionKeys
	setter ModeSetter
	valid  func(string) (string, error)
	dir    string // confirmation directory for clients without elicitation; "" for none
}

func newModes(setter ModeSetter, dir string, opts ...confirm.Option) (*modes, error) {
	mgr := confirm.NewManager(nil, opts...)
	if err := mgr.Err(); err != nil {
		return nil, err
	}
	return &modes{mgr: mgr, keys: &sessionKeys{}, setter: setter, valid: guard.OneOf(Modes...), dir: dir}, nil
}

// setModeCheck validates set_mode's argument before the handler runs.
func (m *modes) setModeCheck() toolguard.Check {
	return toolguard.Check{Name: "args", Func: func(_ context.Context, c *toolguard.Call) error {
		var in setModeIn
		if err := c.Decode(&in); err != nil {
			return err
		}
		if _, err := m.valid(in.Mode); err != nil {
			return toolguard.Deny("mode must be one of monitor, block, learning")
		}
		return nil
	}}
}

// confirmCheck validates confirm's argument before the handler runs.
func (m *modes) confirmCheck() toolguard.Check {
	return toolguard.Check{Name: "args", Func: func(_ context.Context, c *toolguard.Call) error {
		var in confirmIn
		if err := c.Decode(&in); err != nil {
			return err
		}
		if in.Reply == "" || len(in.Reply) > maxReplyBytes {
			return toolguard.Deny("reply must be the user's \"confirm <nonce>\" or \"cancel\", at most %d bytes", maxReplyBytes)
		}
		return nil
	}}
}

// setMode proposes the change and asks the user to confirm it out of band
// (see deliver); the tool result never holds the nonce. When the client
// answers the elicitation it asked for (a retried call carrying the input
// response), it applies the user's reply.
func (m *modes) setMode() mcp.ToolHandlerFor[setModeIn, any] {
	return func(ctx context.Context, req *mcp.CallToolRequest, in setModeIn) (*mcp.CallToolResult, any, error) {
		mode, err := m.valid(in.Mode)
		if err != nil {
			return nil, nil, errors.New("mode must be one of monitor, block, learning")
		}
		key, err := m.keys.key(req.Session)
		if err != nil {
			return nil, nil, err
		}
		if len(req.Params.InputResponses) > 0 {
			res, _ := req.Params.InputResponses[elicitKey].(*mcp.ElicitResult)
			out, err := m.answered(ctx, key, res)
			return out, nil, err
		}
		p, err := m.mgr.Propose(ctx, key, confirm.Action{Kind: actionSetMode, Params: map[string]string{"mode": mode}})
		if err != nil {
			return nil, nil, fmt.Errorf("could not propose the change: %w", err)
		}
		out, err := m.deliver(ctx, req, key, mode, p)
		return out, nil, err
	}
}

// confirm applies the pending change with the reply the user typed (or
// cancels it).
func (m *modes) confirm() mcp.ToolHandlerFor[confirmIn, any] {
	return func(ctx context.Context, req *mcp.CallToolRequest, in confirmIn) (*mcp.CallToolResult, any, error) {
		key, err := m.keys.key(req.Session)
		if err != nil {
			return nil, nil, err
		}
		out, err := m.apply(ctx, key, in.Reply)
		return out, nil, err
	}
}

// apply runs the pending change of key when reply confirms it.
func (m *modes) apply(ctx context.Context, key, reply string) (*mcp.CallToolResult, error) {
	a, err := m.mgr.Confirm(ctx, key, reply)
	if err != nil {
		return nil, fmt.Errorf("nothing was executed: %s", confirmReason(err))
	}
	if a.Kind != actionSetMode {
		return nil, fmt.Errorf("nothing was executed: unknown action kind")
	}
	mode := a.Params["mode"]
	if err := m.setter.SetMode(ctx, mode); err != nil {
		return nil, fmt.Errorf("failed to set the mode: %w", err)
	}
	return textResult(fmt.Sprintf("mode set to %q (confirmed by the user)", mode)), nil
}

// confirmReason says why a confirmation executed nothing.
func confirmReason(err error) string {
	switch {
	case errors.Is(err, confirm.ErrTooManyAttempts):
		return "too many wrong nonces; the pending change was cancelled"
	case errors.Is(err, confirm.ErrMismatch):
		return "wrong nonce"
	case errors.Is(err, confirm.ErrExpired):
		return "the confirmation expired; propose the change again"
	case errors.Is(err, confirm.ErrCancelled):
		return "the pending change was cancelled"
	case errors.Is(err, confirm.ErrNoPending):
		return "no pending change (never proposed, already confirmed, or cancelled)"
	case errors.Is(err, confirm.ErrInvalidReply):
		return `the reply must be exactly "confirm <nonce>" or "cancel"`
	}
	return "confirmation failed"
}
