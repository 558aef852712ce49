package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"strings"
	"time"

	"github.com/wardline/wardline/confirm"
	"github.com/wardline/wardline/guard"
	"github.com/wardline/wardline/route"
)

// Nodes of the supervisor graph. direct (answer the user, change nothing)
// is the fallback.
const (
	nodeMonitor = "monitor"
	nodeConfig  = "config_manager"
	nodeDirect  = "direct"
)

// Action kinds the config manager proposes.
const (
	kindSetMode   = "firewall.set_mode"
	kindBlacklist = "firewall.blacklist_add"
)

// maxComment bounds a blacklist comment, in characters.
const maxComment = 120

// Supervisor is the model that picks the next node. Its output is untrusted
// text.
type Supervisor interface {
	Route(ctx context.Context, userMessage string) (string, error)
}

// FakeSupervisor is a deterministic stand-in for the supervisor LLM. Like a
// real model, it can be talked into printing whatever a message asks for:
// text after "ROUTE:" in the message is echoed as its output.
type FakeSupervisor struct{}

// Route implements Supervisor.
func (FakeSupervisor) Route(_ context.Context, msg string) (string, error) {
	low := strings.ToLower(msg)
	if i := strings.Index(msg, "ROUTE:"); i >= 0 {
		return strings.TrimSpace(msg[i+len("ROUTE:"):]), nil // obeys the injection
	}
	switch {
	case strings.Contains(low, "mode") || strings.Contains(low, "block") || strings.Contains(low, "blacklist") || strings.Contains(low, "ban "):
		return nodeConfig, nil
	case strings.Contains(low, "status") || strings.Contains(low, "alert"):
		return " MONITOR\n", nil
	}
	return nodeDirect, nil
}

// Agent wires route → guard validators → confirm → firewall API →
// guard.ToolResult. It is safe for concurrent use if its Supervisor is.
type Agent struct {
	router     *route.Router
	supervisor Supervisor
	confirm    *confirm.Manager
	api        *FirewallClient
	mode       func(string) (string, error)
	now        func() time.Time
	// Audit, when set, receives one line per routing decision.
	Audit func(format string, args ...any)
}

// NewAgent builds an Agent whose confirmations are timed by now (time.Now
// when nil; tests pass a fake clock).
func NewAgent(sup Supervisor, api *FirewallClient, now func() time.Time) (*Agent, error) {
	if now == nil {
		now = time.Now
	}
	r, err := route.New(nodeDirect, nodeMonitor, nodeConfig, nodeDirect)
	if err != nil {
		return nil, err
	}
	m := confirm.NewManager(nil, confirm.WithClock(now))
	if err := m.Err(); err != nil {
		return nil, err
	}
	return &Agent{
		router:     r,
		supervisor: sup,
		confirm:    m,
		api:        api,
		mode:       guard.OneOf("detect", "block", "off"),
		now:        now,
	}, nil
}

var replyRE = regexp.MustCompile(`(?i)^\s*(confirm|cancel)\b`)

// Handle answers one user message in conversation conv.
func (a *Agent) Handle(ctx context.Context, conv, msg string) string {
	if replyRE.MatchString(msg) {
		return a.confirmReply(ctx, conv, msg)
	}
	raw, err := a.supervisor.Route(ctx, msg)
	if err != nil {
		raw = "" // a failed supervisor routes to the fallback
	}
	d := a.router.Parse(raw)
	if a.Audit != nil {
		a.Audit("route=%s fell_back=%t reason=%s", d.Route, d.FellBack, d.Reason)
	}
	switch d.Route {
	case nodeMonitor:
		return a.monitor(ctx)
	case nodeConfig:
		return a.configManager(ctx, conv, msg)
	default:
		return "I can report the firewall status, or change its mode or blacklist after you confirm."
	}
}

func (a *Agent) monitor(ctx context.Context) string {
	body, err := a.api.Do(ctx, http.MethodGet, "/status", nil)
	if err != nil {
		return "Failed: " + err.Error()
	}
	if ok, msg := guard.ToolResult(body); !ok {
		return "Failed: " + msg
	}
	var st struct {
		Mode      string   `json:"mode"`
		Blacklist []string `json:"blacklist"`
	}
	if json.Unmarshal([]byte(body), &st) != nil {
		return "Failed: unreadable status"
	}
	return fmt.Sprintf("Firewall mode is %s; %d blacklisted.", st.Mode, len(st.Blacklist))
}

var (
	modeRE      = regexp.MustCompile(`(?i)\bmode\s+(?:to\s+)?(.*)$`)
	blacklistRE = regexp.MustCompile(`(?i)\b(?:block|blacklist|ban)\s+(?:ip\s+)?(\S+)(?:\s+(?:comment:?|because)\s+(.*))?$`)
)

// configManager turns the request into a validated Action and proposes it;
// nothing changes until the user confirms.
func (a *Agent) configManager(ctx context.Context, conv, msg string) string {
	var act confirm.Action
	var what string
	if m := modeRE.FindStringSubmatch(msg); m != nil {
		mode, err := a.mode(m[1])
		if err != nil {
			return "Rejected: " + err.Error()
		}
		act = confirm.Action{Kind: kindSetMode, Params: map[string]string{"mode": mode}}
		what = "set the firewall mode to " + mode
	} else if m := blacklistRE.FindStringSubmatch(msg); m != nil {
		p, err := guard.IPOrCIDR(m[1])
		if err != nil {
			return "Rejected: " + err.Error()
		}
		comment, err := guard.Comment(m[2], maxComment)
		if err != nil {
			return "Rejected: " + err.Error()
		}
		act = confirm.Action{Kind: kindBlacklist, Params: map[string]string{"ip": p.String(), "comment": comment}}
		what = "blacklist " + p.String()
	} else {
		return `I could not tell what to change. Say "set mode to block" or "blacklist 203.0.113.7 comment: why".`
	}
	p, err := a.confirm.Propose(ctx, conv, act)
	if err != nil {
		return "Failed: " + err.Error()
	}
	return fmt.Sprintf("To %s, reply %q within %s. Reply \"cancel\" to drop it.",
		what, p.Reply(), p.ExpiresAt.Sub(a.now()).Round(time.Second))
}

// confirmReply runs the pending action only for the right nonce.
func (a *Agent) confirmReply(ctx context.Context, conv, msg string) string {
	act, err := a.confirm.Confirm(ctx, conv, msg)
	switch {
	case err == nil:
	case errors.Is(err, confirm.ErrCancelled) && errors.Is(err, confirm.ErrMismatch):
		return "That code does not match, and there were too many wrong codes: the change is cancelled. Nothing was changed."
	case errors.Is(err, confirm.ErrCancelled):
		return "Cancelled. Nothing was changed."
	case errors.Is(err, confirm.ErrMismatch):
		return "That code does not match the pending change. Nothing was changed."
	case errors.Is(err, confirm.ErrExpired):
		return "That confirmation expired. Nothing was changed; ask again."
	case errors.Is(err, confirm.ErrNoPending):
		return "There is no change waiting for confirmation. Nothing was changed."
	default:
		return "Failed: " + err.Error() + ". Nothing was changed."
	}
	var body string
	switch act.Kind {
	case kindSetMode:
		body, err = a.api.Do(ctx, http.MethodPost, "/mode", map[string]string{"mode": act.Params["mode"]})
	case kindBlacklist:
		body, err = a.api.Do(ctx, http.MethodPost, "/blacklist", map[string]string{"ip": act.Params["ip"], "comment": act.Params["comment"]})
	default:
		return "Failed: unknown action. Nothing was changed."
	}
	if err != nil {
		return "Failed: " + err.Error()
	}
	ok, msg := guard.ToolResult(body)
	if !ok {
		return "Failed: " + msg
	}
	return "Executed: " + msg
}

// FirewallClient calls the firewall API.
type FirewallClient struct {
	BaseURL string
	HTTP    *http.Client
}

// Do sends one request and returns the response body. A non-2xx status is
// an error, whatever the body says.
func (c *FirewallClient) Do(ctx context.Context, method, path string, payload any) (string, error) {
	var rd io.Reader
	if payload != nil {
		b, err := json.Marshal(payload)
		if err != nil {
			return "", err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.BaseURL+path, rd)
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", "application/json")
	hc := c.HTTP
	if hc == nil {
		hc = http.DefaultClient
	}
	resp, err := hc.Do(req)
	if err != nil {
		return "", fmt.Errorf("firewall API unreachable: %w", err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, guard.MaxToolResult+1))
	if err != nil {
		return "", fmt.Errorf("reading firewall API response: %w", err)
	}
	if resp.StatusCode/100 != 2 {
		return "", fmt.Errorf("firewall API returned HTTP %d", resp.StatusCode)
	}
	return string(body), nil
}
