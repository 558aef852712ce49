// Package toolguard puts guardrails in front of the tools of an MCP server
// built with the official Go SDK (github.com/modelcontextprotocol/go-sdk).
//
// It is one small file set meant to be copied into an application (or
// imported from this example module): an [mcp.Middleware] that sees every
// tools/call before the tool handler does and after it returns.
//
//	mw, err := toolguard.New(&toolguard.Options{
//		Workspace: dir,
//		Recorder:  toolguard.AuditRecorder(auditLogger),
//		Tools: map[string]toolguard.Policy{
//			"run_command": {Before: []toolguard.Check{gateCheck}},
//			"ask_guru":    {After: []toolguard.OutputCheck{toolguard.FactsOnly(nil)}},
//		},
//	})
//	if err != nil { ... }
//	server.AddReceivingMiddleware(mw)
//
// # What it does for every call
//
//   - Canonicalises the arguments ([Canonical]): one JSON object, sorted
//     keys, no duplicate keys (not even ones that differ only in case), no
//     invalid UTF-8, bounded size and depth. The handler receives the
//     canonical bytes, so a guard and the handler can never parse two
//     different values out of one request.
//   - Runs the tool's Before checks (a command gate, citation checks,
//     argument validators). The first refusal becomes a tool error result
//     (IsError, the reason as text), which is what the MCP specification asks
//     for so that the model sees why; the handler does not run. A tool with
//     no Policy is refused unless AllowUnlistedToolsUnsafe is set.
//   - Runs the tool's After checks on a successful result (for example
//     [FactsOnly], which holds an answer to wardline's facts-only contract
//     with package checker, or redaction); a refusal withholds the result.
//   - Writes exactly one [Entry] per call: time, workspace, tool, the
//     sha256 digest of the canonical arguments (never the arguments),
//     latency, outcome, and the refusing check and reason. [AuditRecorder]
//     turns entries into hash-chained wardline audit records. A failed
//     audit write is reported to the client as a tool error, never dropped.
//
// # Libraries
//
// The MCP side is the official SDK's mcp package (v1.8.0): Middleware,
// CallToolRequest and CallToolResult. Audit records are wardline's audit
// package (hash-chained JSON lines); [FactsOnly] uses wardline's checker.
// Arguments are canonicalised with encoding/json's streaming tokenizer, so
// duplicate keys are seen before any map swallows them.
//
// # Concurrency and zero values
//
// The middleware returned by [New] is safe for concurrent use by any
// number of sessions; checks and recorders must be too. Options has no
// useful zero value: New refuses a missing Workspace or Recorder.
//
// # Performance
//
// Canonicalisation decodes and re-encodes the arguments once (a few
// microseconds for typical tool arguments); everything else is the cost of
// the configured checks.
package toolguard
