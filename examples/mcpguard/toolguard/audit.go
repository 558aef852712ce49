package toolguard

import (
	"context"

	"github.com/wardline/wardline/audit"
)

// AuditRecorder returns a [Recorder] that writes every Entry as one
// hash-chained [audit.Record]:
//
//	time          Entry.Time
//	gate          the refusing check's name, or "toolguard" when none refused
//	decision      "allow" (ok), "deny" (denied, withheld), "error" (tool or protocol error)
//	reason        Entry.Reason
//	actor         "tool:" + Entry.Tool
//	input_digest  Entry.ArgsDigest (never the arguments)
//	latency_ns    Entry.Latency
//	attrs         workspace, tool, outcome
//
// The logger's own options (redactor, HMAC key, erased attributes) apply.
// The Recorder is safe for concurrent use because an *audit.Logger is.
func AuditRecorder(l *audit.Logger) Recorder {
	return RecorderFunc(func(ctx context.Context, e Entry) error {
		return l.Log(ctx, AuditRecord(e))
	})
}

// AuditRecord maps an Entry to the audit.Record [AuditRecorder] writes.
func AuditRecord(e Entry) audit.Record {
	gate := e.Guard
	if gate == "" {
		gate = "toolguard"
	}
	return audit.Record{
		Time:        e.Time,
		Gate:        gate,
		Decision:    decision(e.Outcome),
		Reason:      e.Reason,
		Actor:       "tool:" + e.Tool,
		InputDigest: e.ArgsDigest,
		Latency:     e.Latency,
		Attrs: map[string]any{
			"workspace": e.Workspace,
			"tool":      e.Tool,
			"outcome":   string(e.Outcome),
		},
	}
}

func decision(o Outcome) string {
	switch o {
	case OutcomeOK:
		return "allow"
	case OutcomeDenied, OutcomeWithheld:
		return "deny"
	}
	return "error"
}
