package toolguard_test

import (
	"bytes"
	"context"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/wardline/wardline/audit"
	"github.com/wardline/wardline/examples/mcpguard/toolguard"
)

// A server whose "greet" tool refuses names containing a slash, with every
// call recorded in a hash-chained audit log.
func Example() {
	type in struct {
		Name string `json:"name"`
	}
	server := mcp.NewServer(&mcp.Implementation{Name: "example", Version: "v0"}, nil)
	mcp.AddTool(server, &mcp.Tool{Name: "greet"}, func(_ context.Context, _ *mcp.CallToolRequest, a in) (*mcp.CallToolResult, any, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "hello " + a.Name}}}, nil, nil
	})

	var log bytes.Buffer
	noSlash := toolguard.Check{Name: "no-slash", Func: func(_ context.Context, c *toolguard.Call) error {
		var a in
		if err := c.Decode(&a); err != nil {
			return err
		}
		if strings.Contains(a.Name, "/") {
			return toolguard.Deny("names may not contain a slash")
		}
		return nil
	}}
	mw, err := toolguard.New(&toolguard.Options{
		Workspace: "/srv/demo",
		Recorder:  toolguard.AuditRecorder(audit.NewLogger(&log)),
		Tools:     map[string]toolguard.Policy{"greet": {Before: []toolguard.Check{noSlash}}},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	server.AddReceivingMiddleware(mw)

	ctx := context.Background()
	st, ct := mcp.NewInMemoryTransports()
	ss, _ := server.Connect(ctx, st, nil)
	cs, _ := mcp.NewClient(&mcp.Implementation{Name: "client", Version: "v0"}, nil).Connect(ctx, ct, nil)
	for _, name := range []string{"ada", "../etc"} {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "greet", Arguments: map[string]any{"name": name}})
		if err != nil {
			fmt.Println("protocol error:", err)
			continue
		}
		fmt.Printf("isError=%v %s\n", res.IsError, toolguard.Text(res))
	}
	_ = cs.Close()
	_ = ss.Wait()

	fmt.Println("audit records:", strings.Count(log.String(), "\n"))
	fmt.Println("chain intact:", audit.Verify(&log) == nil)
	// Output:
	// isError=false hello ada
	// isError=true wardline refused greet (no-slash): names may not contain a slash
	// audit records: 2
	// chain intact: true
}

// Canonical arguments: sorted keys, no whitespace, numbers as written.
func ExampleCanonical() {
	c, err := toolguard.Canonical([]byte(`{ "path": "wiki/a.md", "mode": "create", "n": 1.50 }`))
	fmt.Println(string(c), err)
	fmt.Println(toolguard.Digest(c)[:19])

	_, err = toolguard.Canonical([]byte(`{"command":"ls","Command":"rm -rf /"}`))
	fmt.Println(err)
	// Output:
	// {"mode":"create","n":1.50,"path":"wiki/a.md"} <nil>
	// sha256:35aae7bf9ded
	// invalid tool arguments: duplicate key at /Command
}
