// Command guruhandler is a net/http server that answers research questions
// with a (fake, deterministic) model and lets only GuruResponses that pass
// checker.Validate reach the client.
//
// The handler asks the model, validates the answer, and on a rejection asks
// once more with checker.ReformatPrompt appended. If the second answer also
// fails, the client gets 502 Bad Gateway with the rule ids that fired and
// never the rejected text.
//
// It is a server: it runs until interrupted (Ctrl-C). From another
// terminal:
//
//	go run ./examples/guruhandler -addr localhost:8080
//	curl 'localhost:8080/ask?q=toml'      # a clean answer: 200
//	curl 'localhost:8080/ask?q=sloppy'    # fixed on the second try: 200
//	curl 'localhost:8080/ask?q=hopeless'  # never conforms: 502
//	curl 'localhost:8080/ask?q=down'      # the model fails: 502
//
// Or let it make those four requests itself on a loopback port, print the
// answers and exit:
//
//	go run ./examples/guruhandler -demo
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/wardline/wardline/checker"
)

// Model completes a prompt. Production code wraps an LLM client here.
type Model interface {
	Complete(ctx context.Context, prompt string) (string, error)
}

// Handler serves GET /ask?q=<question>.
type Handler struct {
	Model   Model
	Checker *checker.Checker // nil: the default (strictest) checker
}

// failure is the body of every non-200 answer.
type failure struct {
	Error string   `json:"error"`
	Rules []string `json:"rules,omitempty"`
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet {
		writeJSON(w, http.StatusMethodNotAllowed, failure{Error: "use GET"})
		return
	}
	q := strings.TrimSpace(r.URL.Query().Get("q"))
	if q == "" {
		writeJSON(w, http.StatusBadRequest, failure{Error: "missing q"})
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), 30*time.Second)
	defer cancel()

	prompt := "Answer as a GuruResponse JSON object. Question: " + q
	resp, err := h.ask(ctx, prompt)
	var rej *checker.Rejection
	if errors.As(err, &rej) {
		// One more try, telling the model what was wrong (without
		// repeating its text).
		resp, err = h.ask(ctx, prompt+"\n\n"+checker.ReformatPrompt(err))
	}
	switch {
	case errors.As(err, &rej):
		writeJSON(w, http.StatusBadGateway, failure{Error: "the model's answer broke the response contract twice", Rules: rej.Rules()})
	case err != nil:
		writeJSON(w, http.StatusBadGateway, failure{Error: "the model is unavailable"})
	default:
		writeJSON(w, http.StatusOK, resp)
	}
}

// ask completes the prompt and validates the answer.
func (h *Handler) ask(ctx context.Context, prompt string) (*checker.Response, error) {
	out, err := h.Model.Complete(ctx, prompt)
	if err != nil {
		return nil, err
	}
	return h.Checker.Validate([]byte(out))
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// FakeModel answers deterministically from the question, the way a
// sometimes-sloppy model would: "toml" gets a clean answer, "sloppy" a
// markdown answer until it is told what was wrong, "hopeless" prose every
// time, "down" an error.
type FakeModel struct{}

const cleanAnswer = `{"role":"guru","summary":"The repository contains a Go library that reads TOML configuration files.","repo_facts":["The module declares Go 1.24 in go.mod."],"internet_facts":[{"source":"https://toml.io/en/v1.0.0","retrieved_at":"2026-05-01T12:00:00Z","claims":["TOML 1.0.0 was released in January 2021."],"confidence":"high"}],"open_questions":["Which TOML specification version does the parser target?"]}`

// Complete implements Model.
func (FakeModel) Complete(_ context.Context, prompt string) (string, error) {
	retry := strings.Contains(prompt, "was rejected by the response checker")
	switch {
	case strings.Contains(prompt, "Question: down"):
		return "", errors.New("model backend unavailable")
	case strings.Contains(prompt, "Question: hopeless"):
		return "Sure! Here is what I found: the library reads TOML files.", nil
	case strings.Contains(prompt, "Question: sloppy") && !retry:
		return `{"role":"guru","summary":"The library is **stable** and reads TOML files.","repo_facts":["The entry point is ` + "`cmd/widget/main.go`" + `."]}`, nil
	default:
		return cleanAnswer, nil
	}
}

func main() {
	addr := flag.String("addr", "localhost:8080", "listen address")
	demo := flag.Bool("demo", false, "serve on a free loopback port, make the four example requests, print the answers and exit")
	flag.Parse()
	c, err := checker.New()
	if err != nil {
		log.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("/ask", &Handler{Model: FakeModel{}, Checker: c})
	if *demo {
		if err := runDemo(os.Stdout, mux); err != nil {
			log.Fatal(err)
		}
		return
	}
	srv := &http.Server{Addr: *addr, Handler: mux, ReadHeaderTimeout: 5 * time.Second}
	log.Printf("serving until interrupted; try: curl 'http://%s/ask?q=toml' (or run with -demo to see the four example requests and exit)", *addr)
	log.Fatal(srv.ListenAndServe())
}

// runDemo serves h on a free loopback port, makes the example requests,
// prints each status and body, and shuts the server down.
func runDemo(w io.Writer, h http.Handler) error {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 5 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	defer srv.Close()
	client := &http.Client{Timeout: 30 * time.Second}
	for _, q := range []string{"toml", "sloppy", "hopeless", "down"} {
		u := "http://" + ln.Addr().String() + "/ask?q=" + q
		res, err := client.Get(u)
		if err != nil {
			return err
		}
		body, err := io.ReadAll(io.LimitReader(res.Body, 1<<20))
		res.Body.Close()
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "$ curl '/ask?q=%s'\n%s %s", q, res.Status, body)
	}
	return nil
}
