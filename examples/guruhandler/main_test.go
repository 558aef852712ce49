package main

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/wardline/wardline/checker"
)

// countingModel records the prompts it is given.
type countingModel struct {
	mu      sync.Mutex
	prompts []string
	inner   Model
}

func (m *countingModel) Complete(ctx context.Context, prompt string) (string, error) {
	m.mu.Lock()
	m.prompts = append(m.prompts, prompt)
	m.mu.Unlock()
	return m.inner.Complete(ctx, prompt)
}

func newServer(t *testing.T) (*httptest.Server, *countingModel) {
	t.Helper()
	c, err := checker.New()
	require.NoError(t, err)
	m := &countingModel{inner: FakeModel{}}
	srv := httptest.NewServer(&Handler{Model: m, Checker: c})
	t.Cleanup(srv.Close)
	return srv, m
}

func get(t *testing.T, srv *httptest.Server, q string) (int, map[string]any) {
	t.Helper()
	res, err := http.Get(srv.URL + "/ask?q=" + url.QueryEscape(q))
	require.NoError(t, err)
	defer res.Body.Close()
	assert.Equal(t, "application/json", res.Header.Get("Content-Type"))
	var body map[string]any
	require.NoError(t, json.NewDecoder(res.Body).Decode(&body))
	return res.StatusCode, body
}

func TestHandler(t *testing.T) {
	srv, m := newServer(t)
	tests := []struct {
		q       string
		status  int
		prompts int
		rules   []any
	}{
		{"toml", http.StatusOK, 1, nil},
		{"sloppy", http.StatusOK, 2, nil},
		{"hopeless", http.StatusBadGateway, 2, []any{"json.syntax"}},
		{"down", http.StatusBadGateway, 1, nil},
	}
	for _, tt := range tests {
		t.Run(tt.q, func(t *testing.T) {
			m.mu.Lock()
			m.prompts = nil
			m.mu.Unlock()
			status, body := get(t, srv, tt.q)
			assert.Equal(t, tt.status, status)
			assert.Len(t, m.prompts, tt.prompts)
			switch {
			case status == http.StatusOK:
				assert.Equal(t, "guru", body["role"])
				assert.NotContains(t, body["summary"], "**")
			case tt.rules != nil:
				assert.Equal(t, tt.rules, body["rules"])
				assert.NotContains(t, body["error"], "Sure!")
			default:
				assert.Equal(t, "the model is unavailable", body["error"])
				assert.Nil(t, body["rules"])
			}
			if tt.prompts == 2 {
				assert.Contains(t, m.prompts[1], "was rejected by the response checker")
				assert.NotContains(t, m.prompts[1], "Sure!", "the reformat prompt repeats none of the rejected text")
			}
		})
	}
}

func TestHandlerBadRequests(t *testing.T) {
	srv, _ := newServer(t)
	res, err := http.Post(srv.URL+"/ask?q=toml", "text/plain", strings.NewReader("x"))
	require.NoError(t, err)
	res.Body.Close()
	assert.Equal(t, http.StatusMethodNotAllowed, res.StatusCode)
	status, body := get(t, srv, "  ")
	assert.Equal(t, http.StatusBadRequest, status)
	assert.Equal(t, "missing q", body["error"])
}

// -demo makes the four example requests against a real listener and exits.
func TestDemo(t *testing.T) {
	c, err := checker.New()
	require.NoError(t, err)
	mux := http.NewServeMux()
	mux.Handle("/ask", &Handler{Model: FakeModel{}, Checker: c})
	var out strings.Builder
	require.NoError(t, runDemo(&out, mux))
	got := out.String()
	for _, want := range []string{
		"$ curl '/ask?q=toml'\n200 OK {\"role\":\"guru\"",
		"$ curl '/ask?q=sloppy'\n200 OK",
		"$ curl '/ask?q=hopeless'\n502 Bad Gateway {\"error\":\"the model's answer broke the response contract twice\",\"rules\":[\"json.syntax\"]}",
		"$ curl '/ask?q=down'\n502 Bad Gateway {\"error\":\"the model is unavailable\"}",
	} {
		assert.Contains(t, got, want)
	}
}
