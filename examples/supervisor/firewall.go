package main

import (
	"encoding/json"
	"net/http"
	"sync"
)

// Failure modes of the fake firewall for the next mutating call.
const (
	failNone      = ""
	failErrorJSON = "error-json" // 200 {"error": "..."}
	failStatus    = "status"     // 200 {"status": "failed", ...}
	failPlainText = "plain-text" // 200 "Executed" (a tool that lies)
	failHTTP500   = "http-500"   // 500 with an HTML page
	failEmpty     = "empty"      // 200 with no body
)

// FakeFirewall is an in-memory web firewall API: GET /status, POST /mode,
// POST /blacklist. It counts mutating calls so tests can prove none
// happened. It is safe for concurrent use.
type FakeFirewall struct {
	mu        sync.Mutex
	mode      string
	blacklist []string
	calls     int    // mutating calls received
	failNext  string // failure mode for the next mutating call
	log       []string
}

// NewFakeFirewall returns a firewall in "detect" mode with an empty
// blacklist.
func NewFakeFirewall() *FakeFirewall { return &FakeFirewall{mode: "detect"} }

// Calls returns the number of mutating calls received.
func (f *FakeFirewall) Calls() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.calls
}

// FailNext makes the next mutating call fail in the given way.
func (f *FakeFirewall) FailNext(mode string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.failNext = mode
}

// State returns the current mode and blacklist.
func (f *FakeFirewall) State() (string, []string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.mode, append([]string(nil), f.blacklist...)
}

// Requests returns the mutating requests received, as "path body".
func (f *FakeFirewall) Requests() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.log...)
}

// ServeHTTP implements http.Handler.
func (f *FakeFirewall) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	if r.Method == http.MethodGet && r.URL.Path == "/status" {
		_ = json.NewEncoder(w).Encode(map[string]any{"status": "ok", "mode": f.mode, "blacklist": f.blacklist})
		return
	}
	if r.Method != http.MethodPost || (r.URL.Path != "/mode" && r.URL.Path != "/blacklist") {
		w.WriteHeader(http.StatusNotFound)
		_, _ = w.Write([]byte(`{"error":"not found"}`))
		return
	}
	var req map[string]string
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<16)).Decode(&req); err != nil {
		w.WriteHeader(http.StatusBadRequest)
		_, _ = w.Write([]byte(`{"error":"bad request"}`))
		return
	}
	f.calls++
	b, _ := json.Marshal(req)
	f.log = append(f.log, r.URL.Path+" "+string(b))
	fail := f.failNext
	f.failNext = failNone
	switch fail {
	case failErrorJSON:
		_, _ = w.Write([]byte(`{"error":"upstream timeout while applying rule"}`))
		return
	case failStatus:
		_, _ = w.Write([]byte(`{"status":"failed","reason":"rule table locked"}`))
		return
	case failPlainText:
		w.Header().Set("Content-Type", "text/plain")
		_, _ = w.Write([]byte("Executed"))
		return
	case failHTTP500:
		w.Header().Set("Content-Type", "text/html")
		w.WriteHeader(http.StatusInternalServerError)
		_, _ = w.Write([]byte(`<html><body>{"status":"ok"}</body></html>`))
		return
	case failEmpty:
		return
	}
	switch r.URL.Path {
	case "/mode":
		f.mode = req["mode"]
		_, _ = w.Write([]byte(`{"status":"ok","message":"mode set to ` + req["mode"] + `"}`))
	case "/blacklist":
		f.blacklist = append(f.blacklist, req["ip"])
		_, _ = w.Write([]byte(`{"status":"ok","message":"` + req["ip"] + ` blacklisted"}`))
	}
}
