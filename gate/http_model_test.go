package gate

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fakeKey is a made-up credential used only to prove it never leaks.
const fakeKey = "test-key-7f3a9c1e5b"

const openAIOK = `{
  "id": "chatcmpl-abc123",
  "object": "chat.completion",
  "created": 1741569952,
  "model": "gpt-4.1-mini-2025-04-14",
  "choices": [{
    "index": 0,
    "message": {"role": "assistant", "content": %q, "refusal": null, "annotations": []},
    "logprobs": null,
    "finish_reason": "stop"
  }],
  "usage": {"prompt_tokens": 120, "completion_tokens": 12, "total_tokens": 132},
  "service_tier": "default"
}`

const anthropicOK = `{
  "id": "msg_01XFDUDYJgAACzvnptvVoYEL",
  "type": "message",
  "role": "assistant",
  "model": "claude-haiku-4-5",
  "content": [{"type": "text", "text": %q}],
  "stop_reason": "end_turn",
  "stop_sequence": null,
  "usage": {"input_tokens": 120, "output_tokens": 12}
}`

type recorded struct {
	path   string
	header http.Header
	body   map[string]any
}

func server(t *testing.T, status int, body string, delay time.Duration, rec *recorded) *httptest.Server {
	t.Helper()
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		raw, _ := io.ReadAll(r.Body) // drained, so the server notices a client that hangs up
		if rec != nil {
			rec.path, rec.header = r.URL.Path, r.Header.Clone()
			_ = json.Unmarshal(raw, &rec.body)
		}
		if delay > 0 {
			select {
			case <-time.After(delay):
			case <-r.Context().Done():
				return
			}
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_, _ = io.WriteString(w, body)
	}))
	t.Cleanup(s.Close)
	return s
}

func TestOpenAIChat(t *testing.T) {
	ctx := context.Background()
	t.Run("real-shaped answer and request", func(t *testing.T) {
		var rec recorded
		s := server(t, 200, fmt.Sprintf(openAIOK, "ALLOW abc: fine"), 0, &rec)
		m, err := NewOpenAIChat("gpt-4.1-mini", WithBaseURL(s.URL+"/v1"), WithAPIKey(fakeKey), WithMaxTokens(50))
		require.NoError(t, err)
		out, err := m.Complete(ctx, "the prompt")
		require.NoError(t, err)
		assert.Equal(t, "ALLOW abc: fine", out)
		assert.Equal(t, "/v1/chat/completions", rec.path)
		assert.Equal(t, "Bearer "+fakeKey, rec.header.Get("Authorization"))
		assert.Equal(t, "gpt-4.1-mini", rec.body["model"])
		assert.EqualValues(t, 50, rec.body["max_tokens"])
		assert.EqualValues(t, 0, rec.body["temperature"])
		assert.Equal(t, []any{map[string]any{"role": "user", "content": "the prompt"}}, rec.body["messages"])
	})
	t.Run("content as parts, no key for a local server", func(t *testing.T) {
		var rec recorded
		s := server(t, 200, `{"choices":[{"message":{"role":"assistant","content":[{"type":"text","text":"DENY x: "},{"type":"text","text":"no"}]}}]}`, 0, &rec)
		m, err := NewOpenAIChat("llama", WithBaseURL(s.URL))
		require.NoError(t, err)
		out, err := m.Complete(ctx, "p")
		require.NoError(t, err)
		assert.Equal(t, "DENY x: no", out)
		assert.Empty(t, rec.header.Get("Authorization"))
	})
	testHTTPFailures(t, func(base string) (Model, error) {
		return NewOpenAIChat("gpt-4.1-mini", WithBaseURL(base), WithAPIKey(fakeKey))
	}, map[string]string{
		"no choices":   `{"id":"x","choices":[]}`,
		"null content": `{"choices":[{"message":{"role":"assistant","content":null}}]}`,
	})
}

func TestAnthropicMessages(t *testing.T) {
	ctx := context.Background()
	t.Run("real-shaped answer and request", func(t *testing.T) {
		var rec recorded
		s := server(t, 200, fmt.Sprintf(anthropicOK, "DENY abc: deletes files"), 0, &rec)
		m, err := NewAnthropicMessages("claude-haiku-4-5", WithBaseURL(s.URL), WithAPIKey(fakeKey))
		require.NoError(t, err)
		out, err := m.Complete(ctx, "the prompt")
		require.NoError(t, err)
		assert.Equal(t, "DENY abc: deletes files", out)
		assert.Equal(t, "/v1/messages", rec.path)
		assert.Equal(t, fakeKey, rec.header.Get("x-api-key"))
		assert.Equal(t, "2023-06-01", rec.header.Get("anthropic-version"))
		assert.Equal(t, "claude-haiku-4-5", rec.body["model"])
		assert.EqualValues(t, 100, rec.body["max_tokens"])
		assert.Equal(t, []any{map[string]any{"role": "user", "content": "the prompt"}}, rec.body["messages"])
	})
	testHTTPFailures(t, func(base string) (Model, error) {
		return NewAnthropicMessages("claude-haiku-4-5", WithBaseURL(base), WithAPIKey(fakeKey))
	}, map[string]string{
		"no text block": `{"type":"message","role":"assistant","content":[{"type":"tool_use","id":"t","name":"x","input":{}}]}`,
		"error type":    `{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}`,
	})
}

// testHTTPFailures runs the failures both adapters must turn into errors,
// plus adapter-specific well-formed-but-useless 200 bodies.
func testHTTPFailures(t *testing.T, newModel func(base string) (Model, error), useless map[string]string) {
	t.Helper()
	type tc struct {
		name   string
		status int
		body   string
		delay  time.Duration
		want   error
		msg    string
	}
	tests := []tc{
		{"401 echoing the key", 401, `{"error":{"message":"Incorrect API key provided: ` + fakeKey + `","type":"invalid_request_error","code":"invalid_api_key"}}`, 0, ErrModel, "HTTP 401 (invalid_request_error code=invalid_api_key)"},
		{"429", 429, `{"error":{"message":"Rate limit reached","type":"rate_limit_error"}}`, 0, ErrModel, "HTTP 429"},
		{"500 HTML", 500, `<html><body>Bad gateway</body></html>`, 0, ErrModel, "HTTP 500"},
		{"garbage", 200, `not json at all`, 0, ErrModel, "not the expected JSON"},
		{"truncated", 200, `{"choices":[{"message":{"content":"ALLOW`, 0, ErrModel, "not the expected JSON"},
		{"oversized", 200, `{"x":"` + strings.Repeat("a", DefaultMaxResponseBytes) + `"}`, 0, ErrModel, "over 1048576 bytes"},
		{"slow", 200, `{}`, 2 * time.Second, ErrTimeout, "deadline"},
	}
	for name, body := range useless {
		tests = append(tests, tc{name, 200, body, 0, ErrModel, "no"})
	}
	for _, c := range tests {
		t.Run(c.name, func(t *testing.T) {
			s := server(t, c.status, c.body, c.delay, nil)
			m, err := newModel(s.URL)
			require.NoError(t, err)
			// Only the slow server is meant to meet the deadline; the others
			// get one a loaded machine (or -race) cannot hit by accident.
			deadline := 10 * time.Second
			if c.delay > 0 {
				deadline = 100 * time.Millisecond
			}
			ctx, cancel := context.WithTimeout(context.Background(), deadline)
			defer cancel()
			out, err := m.Complete(ctx, "p")
			assert.Empty(t, out)
			assert.ErrorIs(t, err, c.want)
			assert.ErrorContains(t, err, c.msg)
			if err != nil {
				assert.NotContains(t, err.Error(), fakeKey)
				assert.NotContains(t, err.Error(), s.URL, "errors carry the cause, not the endpoint")
			}
		})
	}
	t.Run("through the gate: slow server denies with ErrTimeout", func(t *testing.T) {
		s := server(t, 200, `{}`, 2*time.Second, nil)
		m, err := newModel(s.URL)
		require.NoError(t, err)
		g, err := NewLLM(m, "rules", WithTimeout(50*time.Millisecond))
		require.NoError(t, err)
		d := g.Check(context.Background(), Proposal{Command: "ls"})
		assert.False(t, d.Allow)
		assert.ErrorIs(t, d.Err, ErrTimeout)
	})
	t.Run("through the gate: garbage denies with ErrModel", func(t *testing.T) {
		s := server(t, 200, `<<<>>>`, 0, nil)
		m, err := newModel(s.URL)
		require.NoError(t, err)
		g, err := NewLLM(m, "rules")
		require.NoError(t, err)
		d := g.Check(context.Background(), Proposal{Command: "ls"})
		assert.False(t, d.Allow)
		assert.ErrorIs(t, d.Err, ErrModel)
		assert.NotContains(t, d.Reason, fakeKey)
	})
	t.Run("the key never prints", func(t *testing.T) {
		m, err := newModel("https://api.example")
		require.NoError(t, err)
		var logs bytes.Buffer
		slog.New(slog.NewJSONHandler(&logs, nil)).Info("model", "m", m)
		for _, s := range []string{fmt.Sprint(m), fmt.Sprintf("%v %+v %#v %s %q %x", m, m, m, m, m, m), logs.String()} {
			assert.NotContains(t, s, fakeKey)
			assert.NotContains(t, s, fmt.Sprintf("%x", fakeKey))
			assert.Contains(t, s, "REDACTED")
		}
	})
}

func TestHTTPOptionsRefuse(t *testing.T) {
	for name, opts := range map[string][]HTTPOption{
		"key over plain http to a remote host": {WithBaseURL("http://models.example/v1"), WithAPIKey(fakeKey)},
		"not a URL":                            {WithBaseURL("::")},
		"ftp":                                  {WithBaseURL("ftp://x")},
		"key with newline":                     {WithAPIKey("a\nb")},
		"nil client":                           {WithHTTPClient(nil)},
		"zero tokens":                          {WithMaxTokens(0)},
		"zero body":                            {WithMaxResponseBytes(0)},
		"nil option":                           {nil},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := NewOpenAIChat("m", opts...)
			assert.ErrorIs(t, err, ErrConfig)
			_, err = NewAnthropicMessages("m", opts...)
			assert.ErrorIs(t, err, ErrConfig)
		})
	}
	_, err := NewOpenAIChat(" ")
	assert.ErrorIs(t, err, ErrConfig)
	_, err = NewOpenAIChat("m", WithBaseURL("http://127.0.0.1:8080/v1"), WithAPIKey(fakeKey))
	assert.NoError(t, err, "loopback http may carry a key")
	var zero OpenAIChat
	_, err = zero.Complete(context.Background(), "p")
	assert.ErrorIs(t, err, ErrConfig)
	var zeroA AnthropicMessages
	_, err = zeroA.Complete(context.Background(), "p")
	assert.ErrorIs(t, err, ErrConfig)
}

// An httptest server that plays the model: it reads the prompt from the
// request, finds the nonce and answers in the provider's wire format.
func TestHTTPAdaptersEndToEnd(t *testing.T) {
	verdictServer := func(t *testing.T, format string) *httptest.Server {
		s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			var req struct {
				Messages []struct{ Content string } `json:"messages"`
			}
			if err := json.NewDecoder(r.Body).Decode(&req); err != nil || len(req.Messages) != 1 {
				http.Error(w, `{"error":{"type":"invalid_request_error"}}`, 400)
				return
			}
			prompt := req.Messages[0].Content
			n := nonceRE.FindStringSubmatch(prompt)
			if n == nil {
				http.Error(w, `{"error":{"type":"invalid_request_error"}}`, 400)
				return
			}
			verdict := "DENY " + n[1] + ": not loopback"
			if fencedCommand(t, prompt) == "ping -c 1 127.0.0.1" {
				verdict = "ALLOW " + n[1] + ": loopback ping"
			}
			w.Header().Set("Content-Type", "application/json")
			_, _ = fmt.Fprintf(w, format, verdict)
		}))
		t.Cleanup(s.Close)
		return s
	}
	models := map[string]func() (Model, error){
		"OpenAIChat": func() (Model, error) {
			return NewOpenAIChat("gpt-4.1-mini", WithBaseURL(verdictServer(t, openAIOK).URL), WithAPIKey(fakeKey))
		},
		"AnthropicMessages": func() (Model, error) {
			return NewAnthropicMessages("claude-haiku-4-5", WithBaseURL(verdictServer(t, anthropicOK).URL), WithAPIKey(fakeKey))
		},
	}
	for name, newModel := range models {
		t.Run(name, func(t *testing.T) {
			m, err := newModel()
			require.NoError(t, err)
			g, err := NewLLM(m, "loopback diagnostics only")
			require.NoError(t, err)
			d := g.Check(context.Background(), Proposal{Command: "ping -c 1 127.0.0.1"})
			assert.True(t, d.Allow, d.Reason)
			assert.Equal(t, "model allows: loopback ping", d.Reason)
			d = g.Check(context.Background(), Proposal{Command: "ping 8.8.8.8"})
			assert.False(t, d.Allow)
			assert.Equal(t, "model denies: not loopback", d.Reason)
		})
	}
}

// Neither adapter sends its key (or the prompt) to another origin on a
// redirect: not to another host (net/http would forward x-api-key there),
// not to another port, not over plain http. A redirect within the origin
// still works and keeps the key.
func TestHTTPAdaptersRedirects(t *testing.T) {
	ctx := context.Background()
	adapters := map[string]struct {
		new    func(base string, hc *http.Client) (Model, error)
		ok     string
		header string
	}{
		"anthropic": {func(base string, hc *http.Client) (Model, error) {
			return NewAnthropicMessages("m", WithBaseURL(base), WithAPIKey(fakeKey), WithHTTPClient(hc))
		}, fmt.Sprintf(anthropicOK, "ALLOW n: ok"), "x-api-key"},
		"openai": {func(base string, hc *http.Client) (Model, error) {
			return NewOpenAIChat("m", WithBaseURL(base), WithAPIKey(fakeKey), WithHTTPClient(hc))
		}, fmt.Sprintf(openAIOK, "ALLOW n: ok"), "Authorization"},
	}
	for name, ad := range adapters {
		t.Run(name, func(t *testing.T) {
			// The target records every request it gets.
			var got []http.Header
			target := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				got = append(got, r.Header.Clone())
				_, _ = io.WriteString(w, ad.ok)
			}))
			defer target.Close()
			redirectTo := func(loc string) *httptest.Server {
				s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
					http.Redirect(w, r, loc+r.URL.Path, http.StatusTemporaryRedirect)
				}))
				t.Cleanup(s.Close)
				return s
			}
			for _, cross := range []string{
				target.URL, // another port on the same host
				strings.Replace(target.URL, "127.0.0.1", "localhost", 1), // another host name
			} {
				s := redirectTo(cross)
				hc := &http.Client{}
				m, err := ad.new(s.URL, hc)
				require.NoError(t, err)
				_, err = m.Complete(ctx, "the prompt")
				require.ErrorIs(t, err, ErrModel)
				assert.Contains(t, err.Error(), "redirect to another origin refused")
				assert.NotContains(t, err.Error(), fakeKey)
				assert.Nil(t, hc.CheckRedirect, "the caller's client is not changed")
			}
			assert.Empty(t, got, "the other origin got a request")

			// Within the origin: followed, with the key.
			same := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if !strings.HasPrefix(r.URL.Path, "/moved") {
					http.Redirect(w, r, "/moved"+r.URL.Path, http.StatusPermanentRedirect)
					return
				}
				got = append(got, r.Header.Clone())
				_, _ = io.WriteString(w, ad.ok)
			}))
			defer same.Close()
			m, err := ad.new(same.URL, &http.Client{})
			require.NoError(t, err)
			_, err = m.Complete(ctx, "the prompt")
			require.NoError(t, err)
			require.Len(t, got, 1)
			assert.Contains(t, got[0].Get(ad.header), fakeKey)
		})
	}
}
