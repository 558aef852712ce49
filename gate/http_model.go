package gate

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// HTTPOption configures [NewOpenAIChat] and [NewAnthropicMessages]. An
// invalid value makes the constructor return an error wrapping ErrConfig.
type HTTPOption func(*httpConfig) error

type httpConfig struct {
	baseURL   string
	key       string
	client    *http.Client
	maxTokens int
	maxBody   int64
}

// DefaultMaxResponseBytes bounds the HTTP response body the adapters read.
const DefaultMaxResponseBytes = 1 << 20

// WithAPIKey sets the API key, sent as "Authorization: Bearer" (OpenAI) or
// "x-api-key" (Anthropic). The key is kept out of every error, String and
// LogValue output. Without it no key header is sent (local servers).
func WithAPIKey(key string) HTTPOption {
	return func(c *httpConfig) error {
		if strings.ContainsAny(key, "\r\n") {
			return fmt.Errorf("%w: WithAPIKey: the key contains a line break", ErrConfig)
		}
		c.key = key
		return nil
	}
}

// WithBaseURL sets the API root: "https://api.openai.com/v1" and
// "https://api.anthropic.com" by default; "http://127.0.0.1:8080/v1" for a
// local llama.cpp server. Plain http is accepted only for loopback hosts
// when an API key is set, so a key never crosses a network in clear text.
func WithBaseURL(base string) HTTPOption {
	return func(c *httpConfig) error {
		u, err := url.Parse(base)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return fmt.Errorf("%w: WithBaseURL: want an http(s) URL with a host", ErrConfig)
		}
		c.baseURL = strings.TrimSuffix(base, "/")
		return nil
	}
}

// WithHTTPClient sets the HTTP client (default: a client with a 60 s
// timeout). The gate's own timeout still bounds each call. The adapter
// uses a copy of the client whose redirect policy also refuses any
// redirect that leaves the API's origin (scheme, host and port), so the
// key is never sent to another host or over plain http; the client's own
// CheckRedirect, if any, still applies to the redirects that remain.
func WithHTTPClient(hc *http.Client) HTTPOption {
	return func(c *httpConfig) error {
		if hc == nil {
			return fmt.Errorf("%w: WithHTTPClient(nil)", ErrConfig)
		}
		c.client = hc
		return nil
	}
}

// WithMaxTokens bounds the answer's length in tokens (default 100: a
// verdict is one line).
func WithMaxTokens(n int) HTTPOption {
	return func(c *httpConfig) error {
		if n <= 0 {
			return fmt.Errorf("%w: WithMaxTokens(%d): must be positive", ErrConfig, n)
		}
		c.maxTokens = n
		return nil
	}
}

// WithMaxResponseBytes bounds the HTTP response body read (default
// DefaultMaxResponseBytes); a longer body is an error.
func WithMaxResponseBytes(n int64) HTTPOption {
	return func(c *httpConfig) error {
		if n <= 0 {
			return fmt.Errorf("%w: WithMaxResponseBytes(%d): must be positive", ErrConfig, n)
		}
		c.maxBody = n
		return nil
	}
}

func newHTTPConfig(kind, model, base string, opts []HTTPOption) (httpConfig, error) {
	c := httpConfig{baseURL: base, maxTokens: 100, maxBody: DefaultMaxResponseBytes}
	if strings.TrimSpace(model) == "" {
		return c, fmt.Errorf("%w: %s: empty model name", ErrConfig, kind)
	}
	for _, o := range opts {
		if o == nil {
			return c, fmt.Errorf("%w: %s: nil option", ErrConfig, kind)
		}
		if err := o(&c); err != nil {
			return c, err
		}
	}
	if c.client == nil {
		c.client = &http.Client{Timeout: 60 * time.Second}
	}
	// A copy of the caller's client whose redirects stay on the API's
	// origin: net/http forwards x-api-key to any host, and Authorization
	// to subdomains and over a downgrade to plain http.
	hc := *c.client
	hc.CheckRedirect = sameOrigin(c.client.CheckRedirect)
	c.client = &hc
	u, _ := url.Parse(c.baseURL)
	if c.key != "" && u.Scheme == "http" && !isLoopback(u.Hostname()) {
		return c, fmt.Errorf("%w: %s: refusing to send an API key over plain http to %s", ErrConfig, kind, u.Hostname())
	}
	return c, nil
}

// errRedirect refuses a redirect that leaves the API's origin.
var errRedirect = errors.New("redirect to another origin refused: the API key and the prompt are not sent to another host or over plain http")

// sameOrigin wraps a CheckRedirect policy (nil: Go's default of at most
// 10 redirects) so that a redirect to another scheme, host or port fails
// before any request is sent there.
func sameOrigin(next func(*http.Request, []*http.Request) error) func(*http.Request, []*http.Request) error {
	return func(req *http.Request, via []*http.Request) error {
		first := via[0].URL
		if req.URL.Scheme != first.Scheme || !strings.EqualFold(req.URL.Host, first.Host) {
			return errRedirect
		}
		if next != nil {
			return next(req, via)
		}
		if len(via) >= 10 {
			return errors.New("stopped after 10 redirects")
		}
		return nil
	}
}

func isLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// post sends body as JSON and decodes a 2xx answer into out. Non-2xx
// answers become errors carrying the status and the API's error type,
// never the request or the key.
func (c *httpConfig) post(ctx context.Context, kind, endpoint string, header http.Header, body, out any) error {
	js, err := json.Marshal(body)
	if err != nil {
		return fmt.Errorf("%w: %s: encoding the request: %v", ErrModel, kind, err)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+endpoint, bytes.NewReader(js))
	if err != nil {
		return fmt.Errorf("%w: %s: building the request: %v", ErrModel, kind, err)
	}
	req.Header = header
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	resp, err := c.client.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return fmt.Errorf("%w: %s: %w", ErrTimeout, kind, ctx.Err())
		}
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err // the URL is ours; keep the cause only
		}
		return fmt.Errorf("%w: %s: request failed: %v", ErrModel, kind, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, c.maxBody+1))
	if err != nil {
		if ctx.Err() != nil {
			return fmt.Errorf("%w: %s: %w", ErrTimeout, kind, ctx.Err())
		}
		return fmt.Errorf("%w: %s: reading the response: %v", ErrModel, kind, err)
	}
	if int64(len(raw)) > c.maxBody {
		return fmt.Errorf("%w: %s: response body over %d bytes", ErrModel, kind, c.maxBody)
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return fmt.Errorf("%w: %s: HTTP %d%s", ErrModel, kind, resp.StatusCode, apiErrorType(raw))
	}
	if err := json.Unmarshal(raw, out); err != nil {
		return fmt.Errorf("%w: %s: response is not the expected JSON: %v", ErrModel, kind, err)
	}
	return nil
}

// apiErrorType extracts the error type and code both APIs put in an error
// body ({"error":{"type":..,"code":..}}); the free-text message is left
// out because providers echo parts of keys in it.
func apiErrorType(raw []byte) string {
	var e struct {
		Error struct {
			Type string `json:"type"`
			Code any    `json:"code"`
		} `json:"error"`
	}
	if json.Unmarshal(raw, &e) != nil || e.Error.Type == "" && e.Error.Code == nil {
		return ""
	}
	s := " (" + clip(e.Error.Type, 64)
	if e.Error.Code != nil {
		s += fmt.Sprintf(" code=%s", clip(fmt.Sprint(e.Error.Code), 64))
	}
	return s + ")"
}

func clip(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}

// OpenAIChat is a [Model] speaking the OpenAI chat-completions wire format
// (POST {base}/chat/completions), which llama.cpp's server, Ollama, vLLM
// and others also speak. It sends the prompt as one user message with
// temperature 0 and returns the first choice's content.
//
// Create it with [NewOpenAIChat]; the zero OpenAIChat returns ErrConfig. It
// is safe for concurrent use. Printing it (fmt, slog) never shows the key.
type OpenAIChat struct {
	model string
	cfg   httpConfig
}

// NewOpenAIChat returns a chat-completions client for model.
func NewOpenAIChat(model string, opts ...HTTPOption) (*OpenAIChat, error) {
	c, err := newHTTPConfig("OpenAIChat", model, "https://api.openai.com/v1", opts)
	if err != nil {
		return nil, err
	}
	return &OpenAIChat{model: model, cfg: c}, nil
}

// Complete sends prompt and returns the answer's text.
func (m *OpenAIChat) Complete(ctx context.Context, prompt string) (string, error) {
	if m == nil || m.cfg.client == nil {
		return "", fmt.Errorf("%w: OpenAIChat is not initialised; use NewOpenAIChat", ErrConfig)
	}
	type message struct {
		Role    string `json:"role"`
		Content string `json:"content"`
	}
	body := struct {
		Model       string    `json:"model"`
		Messages    []message `json:"messages"`
		MaxTokens   int       `json:"max_tokens"`
		Temperature float64   `json:"temperature"`
	}{m.model, []message{{"user", prompt}}, m.cfg.maxTokens, 0}
	h := http.Header{}
	if m.cfg.key != "" {
		h.Set("Authorization", "Bearer "+m.cfg.key)
	}
	var resp struct {
		Choices []struct {
			Message struct {
				Content json.RawMessage `json:"content"`
			} `json:"message"`
		} `json:"choices"`
	}
	if err := m.cfg.post(ctx, "OpenAIChat", "/chat/completions", h, body, &resp); err != nil {
		return "", err
	}
	if len(resp.Choices) == 0 {
		return "", fmt.Errorf("%w: OpenAIChat: the response has no choices", ErrModel)
	}
	raw := resp.Choices[0].Message.Content
	var s string
	if len(raw) > 0 && raw[0] == '"' && json.Unmarshal(raw, &s) == nil {
		return s, nil
	}
	// Some servers send content as a list of typed parts.
	var parts []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	if json.Unmarshal(raw, &parts) == nil && len(parts) > 0 {
		var b strings.Builder
		for _, p := range parts {
			if p.Type == "text" {
				b.WriteString(p.Text)
			}
		}
		return b.String(), nil
	}
	return "", fmt.Errorf("%w: OpenAIChat: the first choice has no text content", ErrModel)
}

// String describes the client without its key.
func (m *OpenAIChat) String() string {
	if m == nil {
		return "OpenAIChat(nil)"
	}
	return fmt.Sprintf("OpenAIChat(model=%s base=%s key=%s)", m.model, m.cfg.baseURL, redactedKey(m.cfg.key))
}

// GoString is String, so %#v does not print the key either.
func (m *OpenAIChat) GoString() string { return m.String() }

// Format prints String for every verb, so no verb reaches the key.
func (m *OpenAIChat) Format(f fmt.State, _ rune) { _, _ = io.WriteString(f, m.String()) }

// LogValue logs the client without its key.
func (m *OpenAIChat) LogValue() slog.Value { return slog.StringValue(m.String()) }

// AnthropicMessages is a [Model] speaking the Anthropic Messages API wire
// format (POST {base}/v1/messages, "anthropic-version: 2023-06-01"). It
// sends the prompt as one user message with temperature 0 and returns the
// concatenated text blocks of the answer.
//
// Create it with [NewAnthropicMessages]; the zero AnthropicMessages
// returns ErrConfig. It is safe for concurrent use. Printing it (fmt,
// slog) never shows the key.
type AnthropicMessages struct {
	model string
	cfg   httpConfig
}

// NewAnthropicMessages returns a Messages API client for model.
func NewAnthropicMessages(model string, opts ...HTTPOption) (*AnthropicMessages, error) {
	c, err := newHTTPConfig("AnthropicMessages", model, "https://api.anthropic.com", opts)
	if err != nil {
		return nil, err
	}
	return &AnthropicMessages{model: model, cfg: c}, nil
}

// Complete sends prompt and returns the answer's text.
func (m *AnthropicMessages) Complete(ctx context.Context, prompt string) (string, error) {
	if m == nil || m.cfg.client == nil {
		return "", fmt.Errorf("%w: AnthropicMessages is not initialised; use NewAnthropicMessages", ErrConfig)
	}
	type message struct {
		Role    string `json:"role"`
		Content string `json:"content"`
	}
	body := struct {
		Model       string    `json:"model"`
		MaxTokens   int       `json:"max_tokens"`
		Messages    []message `json:"messages"`
		Temperature float64   `json:"temperature"`
	}{m.model, m.cfg.maxTokens, []message{{"user", prompt}}, 0}
	h := http.Header{}
	h.Set("anthropic-version", "2023-06-01")
	if m.cfg.key != "" {
		h.Set("x-api-key", m.cfg.key)
	}
	var resp struct {
		Type    string `json:"type"`
		Content []struct {
			Type string `json:"type"`
			Text string `json:"text"`
		} `json:"content"`
	}
	if err := m.cfg.post(ctx, "AnthropicMessages", "/v1/messages", h, body, &resp); err != nil {
		return "", err
	}
	var b strings.Builder
	found := false
	for _, c := range resp.Content {
		if c.Type == "text" {
			b.WriteString(c.Text)
			found = true
		}
	}
	if resp.Type != "message" || !found {
		return "", fmt.Errorf("%w: AnthropicMessages: the response has no text content", ErrModel)
	}
	return b.String(), nil
}

// String describes the client without its key.
func (m *AnthropicMessages) String() string {
	if m == nil {
		return "AnthropicMessages(nil)"
	}
	return fmt.Sprintf("AnthropicMessages(model=%s base=%s key=%s)", m.model, m.cfg.baseURL, redactedKey(m.cfg.key))
}

// GoString is String, so %#v does not print the key either.
func (m *AnthropicMessages) GoString() string { return m.String() }

// Format prints String for every verb, so no verb reaches the key.
func (m *AnthropicMessages) Format(f fmt.State, _ rune) { _, _ = io.WriteString(f, m.String()) }

// LogValue logs the client without its key.
func (m *AnthropicMessages) LogValue() slog.Value { return slog.StringValue(m.String()) }

func redactedKey(k string) string {
	if k == "" {
		return "none"
	}
	return "[REDACTED]"
}
