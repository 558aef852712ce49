package audit_test

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/wardline/wardline/audit"
	"github.com/wardline/wardline/guard"
)

// Wire guard.Redact so that no secret guard.Secrets finds reaches the log:
// reasons, verdicts and string attributes are redacted before hashing.
func ExampleWithRedactor() {
	var buf bytes.Buffer
	l := audit.NewLogger(&buf, audit.WithRedactor(guard.Redact))
	key := "AKIA" + "Z7Q2W4E6RXTJY3U5" // a made-up AWS access key id
	err := l.Log(context.Background(), audit.Record{
		Time: time.Date(2026, 11, 22, 3, 0, 0, 0, time.UTC), DecisionID: "d-1",
		Gate: "checker", Decision: audit.DecisionDeny,
		Reason: "response contained a secret: " + key,
		Attrs:  map[string]any{"field": "summary", "excerpt": map[string]any{"text": "deploy.sh uses " + key}},
	})
	fmt.Println(err)
	line := buf.String()
	fmt.Println(line[strings.Index(line, `"reason"`):strings.Index(line, `,"alg"`)])
	fmt.Println("key in log:", strings.Contains(line, key), "verify:", audit.Verify(&buf))
	// Output:
	// <nil>
	// "reason":"response contained a secret: AKIA…(20)","attrs":{"excerpt":{"text":"deploy.sh uses AKIA…(20)"},"field":"summary"}
	// key in log: false verify: <nil>
}
