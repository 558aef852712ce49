package main

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/wardline/wardline/confirm"
)

// The confirmation nonce must reach the user over a channel the model
// cannot read, and the user's reply must come back the same way or be typed
// by the user: a nonce in a tool result is a nonce the model can confirm
// itself (the injection the confirm package exists to stop). set_mode
// therefore never puts the nonce in a tool result. It uses, in this order:
//
//   - MCP elicitation, when the client supports it: the server asks the
//     client to show the user the change and the code and to return what
//     the user types; the client's UI, not the model, handles the request.
//     The request travels as the tool result's input requests (SEP-2322):
//     a client on protocol 2026-07-28 or later answers it and retries the
//     call before the model sees anything; for earlier clients the SDK
//     sends an elicitation/create request itself and re-invokes the
//     handler. The reply goes straight to confirm.Manager.Confirm. A client
//     that shows elicitations to the model, or answers them itself, is not
//     out of band: it must be one the user trusts.
//   - A confirmation directory (-confirm-dir), for clients without
//     elicitation: the code is written to a file there (mode 0600) that the
//     user reads; the user types "confirm <code>" in the chat and the model
//     passes it to the confirm tool. The directory must be one the agent
//     cannot read: outside the workspace, and outside the reach of the
//     client's own file tools.
//   - Neither: set_mode refuses, and nothing is pending.

// elicitKey names set_mode's input request.
const elicitKey = "confirm"

// elicitSchema is the form the client shows: one text field.
var elicitSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"reply": map[string]any{
			"type":        "string",
			"title":       "Your reply",
			"description": `type "confirm <code>" to allow the change, or "cancel"`,
		},
	},
	"required": []string{"reply"},
}

// canElicit reports whether the client can show a form to its user.
func canElicit(req *mcp.CallToolRequest) bool {
	caps := req.ClientCapabilities()
	if caps == nil || caps.Elicitation == nil {
		return false
	}
	e := caps.Elicitation
	return e.Form != nil || e.URL == nil // neither set means form
}

// elicitMessage is what the user sees; the model never does.
func elicitMessage(mode string, p confirm.Pending) string {
	return fmt.Sprintf("An agent asks to set the firewall mode to %q. If you want this, type: %s\n"+
		"(the code expires at %s; type \"cancel\" to refuse)", mode, p.Reply(), p.ExpiresAt.UTC().Format(time.TimeOnly))
}

// deliver hands a new proposal to the user out of band and returns the
// tool result for the model, which never holds the nonce.
func (m *modes) deliver(ctx context.Context, req *mcp.CallToolRequest, key, mode string, p confirm.Pending) (*mcp.CallToolResult, error) {
	switch {
	case canElicit(req):
		// An input request: the client answers it before it returns
		// anything to the model, and retries the call with the answer. For
		// clients before protocol 2026-07-28 the SDK sends it as an
		// elicitation/create request and re-invokes the handler itself.
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{elicitKey: &mcp.ElicitParams{
			Mode:            "form",
			Message:         elicitMessage(mode, p),
			RequestedSchema: elicitSchema,
		}}}, nil
	case m.dir != "":
		id, err := m.writeCode(mode, p)
		if err != nil {
			_ = m.mgr.Cancel(ctx, key)
			return nil, fmt.Errorf("nothing was executed: %w", err)
		}
		return textResult(fmt.Sprintf("Nothing has changed yet. Setting the mode to %q needs the user's confirmation. "+
			"The confirmation code of request %s was written to the operator's confirmation directory; ask the user to read it "+
			"there and to reply \"confirm <code>\" before %s UTC, then pass exactly what the user typed to the confirm tool.",
			mode, id, p.ExpiresAt.UTC().Format(time.TimeOnly))), nil
	}
	_ = m.mgr.Cancel(ctx, key)
	return nil, errors.New("nothing was proposed: this client cannot show a confirmation to the user outside the conversation " +
		"(no MCP elicitation) and the server has no -confirm-dir; a code shown to the model could be confirmed by the model")
}

// answered resolves the user's answer to an elicitation.
func (m *modes) answered(ctx context.Context, key string, res *mcp.ElicitResult) (*mcp.CallToolResult, error) {
	if res == nil || res.Action != "accept" {
		_ = m.mgr.Cancel(ctx, key)
		return nil, errors.New("nothing was executed: the user did not confirm the change")
	}
	reply, _ := res.Content["reply"].(string)
	if len(reply) > maxReplyBytes {
		reply = ""
	}
	return m.apply(ctx, key, reply)
}

// writeCode writes the pending change and its reply to a new file in the
// confirmation directory and returns the request id that names the file.
func (m *modes) writeCode(mode string, p confirm.Pending) (string, error) {
	const letters = "ABCDEFGHJKLMNPQRSTUVWXYZ"
	var rnd [6]byte
	if _, err := rand.Read(rnd[:]); err != nil {
		return "", err
	}
	var id strings.Builder
	for _, b := range rnd {
		id.WriteByte(letters[int(b)%len(letters)])
	}
	name := filepath.Join(m.dir, "mcpguard-"+id.String()+".txt")
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return "", fmt.Errorf("writing the confirmation code: %w", err)
	}
	_, werr := fmt.Fprintf(f, "%s\n", elicitMessage(mode, p))
	if err := errors.Join(werr, f.Close()); err != nil {
		return "", fmt.Errorf("writing the confirmation code: %w", err)
	}
	return id.String(), nil
}

// checkConfirmDir refuses a confirmation directory the agent could read
// through this server: inside the workspace.
func checkConfirmDir(dir, workspace string) (string, error) {
	if dir == "" {
		return "", nil
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	if rel, err := filepath.Rel(workspace, abs); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", fmt.Errorf("confirmation directory %s is inside the workspace, where the agent's tools can read it", abs)
	}
	fi, err := os.Stat(abs)
	if err != nil {
		return "", fmt.Errorf("confirmation directory: %w", err)
	}
	if !fi.IsDir() {
		return "", fmt.Errorf("confirmation directory %s is not a directory", abs)
	}
	return abs, nil
}

func textResult(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}
