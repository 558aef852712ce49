package audit_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/wardline/wardline/audit"
)

// Log three decisions, verify the log, then show what Verify says about a
// tampered copy and a torn one.
func Example() {
	var buf bytes.Buffer
	clock := time.Date(2026, 11, 22, 3, 0, 0, 0, time.UTC)
	l := audit.NewLogger(&buf, audit.WithLogID("example"))
	ctx := context.Background()
	decisions := []audit.Record{
		{Gate: "route", Decision: audit.DecisionAllow, Reason: "route token on the allowlist"},
		{Gate: "gate.rules", Decision: audit.DecisionDeny, Reason: "rm outside the workspace",
			InputDigest: audit.DigestBytes([]byte("rm -rf /"))},
		{Gate: "gate.llm", Decision: audit.DecisionAllow, Verdict: "ALLOW read-only listing",
			Latency: 420 * time.Millisecond},
	}
	for i, r := range decisions {
		r.Time = clock.Add(time.Duration(i) * time.Second)
		r.DecisionID = fmt.Sprintf("d-%d", i+1)
		if err := l.Log(ctx, r); err != nil {
			fmt.Println("log:", err)
			return
		}
	}
	if err := l.Close(); err != nil {
		fmt.Println("close:", err)
		return
	}

	v := audit.Verifier{LogID: "example"}
	cp, err := v.Verify(bytes.NewReader(buf.Bytes()))
	fmt.Println("intact:", err == nil, "last seq:", cp.Seq)

	tampered := strings.Replace(buf.String(), `"decision":"deny"`, `"decision":"allow"`, 1)
	_, err = v.Verify(strings.NewReader(tampered))
	var ve *audit.VerifyError
	if errors.As(err, &ve) {
		fmt.Println("tampered: line", ve.Line, errors.Is(err, audit.ErrHashMismatch))
	}

	torn := buf.String()[:buf.Len()-10]
	_, err = v.Verify(strings.NewReader(torn))
	fmt.Println("torn tail:", errors.Is(err, audit.ErrTruncated))
	// Output:
	// intact: true last seq: 3
	// tampered: line 2 true
	// torn tail: true
}

// The written line: one canonical JSON object per decision, keys in a
// fixed order at the top level and sorted inside attrs, hash last.
func ExampleLogger_Log() {
	var buf bytes.Buffer
	l := audit.NewLogger(&buf)
	err := l.Log(context.Background(), audit.Record{
		Time:       time.Date(2026, 11, 22, 3, 0, 0, 0, time.UTC),
		DecisionID: "d-1",
		Gate:       "confirm",
		Decision:   audit.DecisionAllow,
		TurnID:     "t-7",
		Attrs:      map[string]any{"tool": "delete_branch", "args": map[string]any{"name": "stale", "force": false}},
	})
	fmt.Println(err)
	fmt.Print(buf.String())
	fmt.Println(audit.Verify(&buf))
	// Output:
	// <nil>
	// {"seq":1,"prev":"0bfabffd20b61af0c9dcbb2b83d465ff3ae7c1676b65214e82a5d352abf00996","time":"2026-11-22T03:00:00Z","decision_id":"d-1","gate":"confirm","decision":"allow","turn_id":"t-7","attrs":{"args":{"force":false,"name":"stale"},"tool":"delete_branch"},"alg":"sha256","hash":"29f44dd5b6d892e8cf27326b9ee5e9710a16d37ddd12822dad1dc8ff3f940440"}
	// <nil>
}

// Erase and mask attributes by JSON Pointer, as OPA's decision logs do; the
// record lists which pointers applied.
func ExampleWithMask() {
	var buf bytes.Buffer
	l := audit.NewLogger(&buf,
		audit.WithErase("/attrs/request/body"),
		audit.WithMask("/attrs/request/headers/authorization", "/actor"),
	)
	_ = l.Log(context.Background(), audit.Record{
		Time: time.Date(2026, 11, 22, 3, 0, 0, 0, time.UTC), DecisionID: "d-1",
		Gate: "gate.rules", Decision: audit.DecisionDeny, Actor: "alice@example.com",
		Attrs: map[string]any{"request": map[string]any{
			"body":    "{...}",
			"headers": map[string]string{"authorization": "Bearer abc", "accept": "*/*"},
		}},
	})
	line := buf.String()
	fmt.Println(line[strings.Index(line, `"actor"`):strings.Index(line, `,"alg"`)])
	// Output:
	// "actor":"**REDACTED**","attrs":{"request":{"headers":{"accept":"*/*","authorization":"**REDACTED**"}}},"erased":["/attrs/request/body"],"masked":["/actor","/attrs/request/headers/authorization"]
}

// Turn slog records that carry a "gate" attribute into audit records;
// everything else goes to the ordinary handler.
func ExampleNewHandler() {
	var auditBuf bytes.Buffer
	al := audit.NewLogger(&auditBuf)
	plain := slog.NewTextHandler(os.Stdout, &slog.HandlerOptions{
		ReplaceAttr: func(groups []string, a slog.Attr) slog.Attr {
			if a.Key == slog.TimeKey {
				return slog.Attr{} // stable output for the example
			}
			return a
		},
	})
	log := slog.New(audit.NewHandler(al, &audit.HandlerOptions{Next: plain}))

	log.Info("starting", "workers", 4)
	log.Info("command denied", "gate", "gate.rules", "decision", "deny", "turn_id", "t-1",
		"command_digest", audit.DigestBytes([]byte("rm -rf /")))

	fmt.Println(strings.Count(auditBuf.String(), "\n"), "audit line(s), verify:", audit.Verify(&auditBuf))
	// Output:
	// level=INFO msg=starting workers=4
	// 1 audit line(s), verify: <nil>
}

// Keep a secret out of ordinary logs: Secret logs as [REDACTED] through
// slog, fmt and encoding/json alike.
func ExampleSecret() {
	token := audit.Secret("ghp_not-a-real-token")
	h := slog.NewTextHandler(os.Stdout, &slog.HandlerOptions{
		ReplaceAttr: func(_ []string, a slog.Attr) slog.Attr {
			if a.Key == slog.TimeKey {
				return slog.Attr{}
			}
			return a
		},
	})
	slog.New(h).Info("calling API", "token", token)
	fmt.Printf("%s %v %q\n", token, token, token)
	// Output:
	// level=INFO msg="calling API" token=[REDACTED]
	// [REDACTED] [REDACTED] [REDACTED]
}

// A file log's head tells a crash from a cut without a checkpoint kept
// elsewhere.
func ExampleVerifier_Inspect() {
	dir, _ := os.MkdirTemp("", "audit")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "audit.jsonl")
	l, _ := audit.OpenFile(path)
	for range 3 {
		_ = l.Log(context.Background(), audit.Record{Gate: "gate.rules", Decision: audit.DecisionDeny})
	}
	_ = l.Close()

	f, _ := os.Open(path)
	rep, err := (&audit.Verifier{}).Inspect(f)
	f.Close()
	fmt.Println(rep.Records, "records; closed:", rep.Head.Closed, err)

	// Someone removes the last record.
	data, _ := os.ReadFile(path)
	cut := data[:bytes.LastIndexByte(data[:len(data)-1], '\n')+1]
	err = audit.Verify(bytes.NewReader(cut))
	fmt.Println(errors.Is(err, audit.ErrCut), err)
	// Output:
	// 3 records; closed: true <nil>
	// true audit: line 4: end of log cut or altered: log ends at seq 2, its head vouches for seq 3: records were removed from the end
}
