package audit

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"math"
	"time"
)

// HandlerOptions configures [NewHandler]. A nil *HandlerOptions means the
// zero value: other records are dropped, every level is audited, and errors
// go nowhere but [Logger.Err].
type HandlerOptions struct {
	// Next receives the records that are not audit records (no top-level
	// "gate" attribute). Nil drops them. Audit records are not passed on:
	// they are in the audit log, and an ordinary handler would write their
	// attributes unredacted.
	Next slog.Handler
	// Level is the minimum level of an audit record. Nil means every level
	// (a gate decision logged at Debug is still a decision).
	Level slog.Leveler
	// OnError is called with the error of every audit record that could not
	// be logged. slog.Logger discards the error a Handler returns, so
	// without OnError such failures are visible only through
	// [Logger.Err]. It must be safe for concurrent use.
	OnError func(error)
}

// NewHandler returns a slog.Handler that turns log records carrying a
// top-level string attribute "gate" into audit records on l, so that an
// application that already logs its guardrail decisions with slog gets a
// verifiable trail:
//
//	log.Info("command denied", "gate", "gate.rules", "decision", "deny",
//		"reason", "rm outside the workspace", "turn_id", turn)
//
// Top-level attributes named gate, decision, decision_id, reason, turn_id,
// actor, input_digest, verdict and latency (a time.Duration or a number of
// nanoseconds) fill the [Record] fields of the same name; the record's Time
// is the slog record's time. The message becomes the Reason, unless a
// reason attribute is given, in which case the message is kept as attrs
// "msg". Every other attribute, including those added with WithAttrs and
// everything inside groups, goes into Attrs (groups become nested
// objects). Values are resolved first, so [slog.LogValuer]s such as
// [Secret] log their safe form. Durations become their String form and
// times RFC 3339 strings. A "gate" inside a group does not make an audit
// record. Records without a gate go to HandlerOptions.Next.
//
// Handle returns the Logger's error (slog.Logger ignores it; see
// HandlerOptions.OnError). The handler is safe for concurrent use.
func NewHandler(l *Logger, opts *HandlerOptions) slog.Handler {
	h := &handler{l: l}
	if opts != nil {
		h.opts = *opts
	}
	return h
}

type handler struct {
	l     *Logger
	opts  HandlerOptions
	attrs []groupedAttr // from WithAttrs, with the groups open at the time
	group []string      // groups opened with WithGroup
}

type groupedAttr struct {
	groups []string
	attr   slog.Attr
}

func (h *handler) Enabled(ctx context.Context, level slog.Level) bool {
	if h.opts.Level == nil || level >= h.opts.Level.Level() {
		return true
	}
	return h.opts.Next != nil && h.opts.Next.Enabled(ctx, level)
}

func (h *handler) WithAttrs(as []slog.Attr) slog.Handler {
	if len(as) == 0 {
		return h
	}
	h2 := *h
	h2.attrs = make([]groupedAttr, len(h.attrs), len(h.attrs)+len(as))
	copy(h2.attrs, h.attrs)
	for _, a := range as {
		h2.attrs = append(h2.attrs, groupedAttr{groups: h.group, attr: a})
	}
	if h.opts.Next != nil {
		h2.opts.Next = h.opts.Next.WithAttrs(as)
	}
	return &h2
}

func (h *handler) WithGroup(name string) slog.Handler {
	if name == "" {
		return h
	}
	h2 := *h
	h2.group = append(append([]string(nil), h.group...), name)
	if h.opts.Next != nil {
		h2.opts.Next = h.opts.Next.WithGroup(name)
	}
	return &h2
}

func (h *handler) Handle(ctx context.Context, r slog.Record) error {
	gate, ok := h.gate(r)
	if !ok {
		if h.opts.Next != nil && h.opts.Next.Enabled(ctx, r.Level) {
			return h.opts.Next.Handle(ctx, r)
		}
		return nil
	}
	if h.opts.Level != nil && r.Level < h.opts.Level.Level() {
		return nil
	}
	rec := Record{Time: r.Time, Gate: gate}
	attrs := map[string]any{}
	reasonSet := false
	add := func(groups []string, a slog.Attr) {
		a.Value = a.Value.Resolve()
		if a.Equal(slog.Attr{}) {
			return
		}
		if len(groups) == 0 {
			if h.field(&rec, a, &reasonSet) {
				return
			}
		}
		m := attrs
		for _, g := range groups {
			sub, ok := m[g].(map[string]any)
			if !ok {
				sub = map[string]any{}
				m[g] = sub
			}
			m = sub
		}
		putAttr(m, a)
	}
	for _, ga := range h.attrs {
		add(ga.groups, ga.attr)
	}
	r.Attrs(func(a slog.Attr) bool {
		add(h.group, a)
		return true
	})
	if reasonSet {
		if r.Message != "" {
			attrs["msg"] = r.Message
		}
	} else {
		rec.Reason = r.Message
	}
	if len(attrs) > 0 {
		rec.Attrs = attrs
	}
	err := h.l.Log(ctx, rec)
	if err != nil && h.opts.OnError != nil {
		h.opts.OnError(err)
	}
	return err
}

// gate finds a top-level (ungrouped) string "gate" attribute.
func (h *handler) gate(r slog.Record) (string, bool) {
	var gate string
	found := false
	for _, ga := range h.attrs {
		if len(ga.groups) == 0 && ga.attr.Key == "gate" {
			if v := ga.attr.Value.Resolve(); v.Kind() == slog.KindString && v.String() != "" {
				gate, found = v.String(), true
			}
		}
	}
	if len(h.group) == 0 {
		r.Attrs(func(a slog.Attr) bool {
			if a.Key == "gate" {
				if v := a.Value.Resolve(); v.Kind() == slog.KindString && v.String() != "" {
					gate, found = v.String(), true
				}
			}
			return true
		})
	}
	return gate, found
}

// field stores a top-level attribute in its Record field; false if it is
// not one.
func (h *handler) field(rec *Record, a slog.Attr, reasonSet *bool) bool {
	str := func(dst *string) bool {
		*dst = a.Value.String()
		return true
	}
	switch a.Key {
	case "gate":
		return true // already taken
	case "decision":
		return str(&rec.Decision)
	case "decision_id":
		return str(&rec.DecisionID)
	case "reason":
		*reasonSet = true
		return str(&rec.Reason)
	case "turn_id":
		return str(&rec.TurnID)
	case "actor":
		return str(&rec.Actor)
	case "input_digest":
		return str(&rec.InputDigest)
	case "verdict":
		return str(&rec.Verdict)
	case "latency":
		switch a.Value.Kind() {
		case slog.KindDuration:
			rec.Latency = a.Value.Duration()
			return true
		case slog.KindInt64:
			rec.Latency = time.Duration(a.Value.Int64())
			return true
		}
	}
	return false
}

func putAttr(m map[string]any, a slog.Attr) {
	v := a.Value
	switch v.Kind() {
	case slog.KindGroup:
		as := v.Group()
		if len(as) == 0 {
			return
		}
		if a.Key == "" { // inline group
			for _, x := range as {
				x.Value = x.Value.Resolve()
				putAttr(m, x)
			}
			return
		}
		sub, ok := m[a.Key].(map[string]any)
		if !ok {
			sub = map[string]any{}
			m[a.Key] = sub
		}
		for _, x := range as {
			x.Value = x.Value.Resolve()
			putAttr(sub, x)
		}
	case slog.KindString:
		m[a.Key] = v.String()
	case slog.KindInt64:
		m[a.Key] = v.Int64()
	case slog.KindUint64:
		m[a.Key] = v.Uint64()
	case slog.KindFloat64:
		f := v.Float64()
		if math.IsNaN(f) || math.IsInf(f, 0) {
			m[a.Key] = v.String() // JSON has no NaN; keep the fact as text
		} else {
			m[a.Key] = f
		}
	case slog.KindBool:
		m[a.Key] = v.Bool()
	case slog.KindDuration:
		m[a.Key] = v.Duration().String()
	case slog.KindTime:
		m[a.Key] = v.Time().Format(time.RFC3339Nano)
	default:
		m[a.Key] = v.Any()
	}
}

// Secret is a string that must not reach a log. It implements
// [slog.LogValuer], [fmt.Formatter] and [encoding/json.Marshaler] so that
// slog, the fmt verbs and encoding/json all print "[REDACTED]" instead of
// it; only [Secret.Reveal] returns the value.
//
//	slog.Info("connecting", "token", audit.Secret(token)) // token=[REDACTED]
type Secret string

const redacted = "[REDACTED]"

// LogValue returns "[REDACTED]".
func (Secret) LogValue() slog.Value { return slog.StringValue(redacted) }

// String returns "[REDACTED]".
func (Secret) String() string { return redacted }

// GoString returns "[REDACTED]", for %#v.
func (Secret) GoString() string { return redacted }

// Format writes "[REDACTED]" for every verb.
func (Secret) Format(f fmt.State, _ rune) { _, _ = io.WriteString(f, redacted) }

// MarshalJSON returns the JSON string "[REDACTED]".
func (Secret) MarshalJSON() ([]byte, error) { return []byte(`"` + redacted + `"`), nil }

// MarshalText returns "[REDACTED]", for text encoders. (encoding/json
// writes a map key of a string type as it is, without calling MarshalText:
// never use a Secret as a map key.)
func (Secret) MarshalText() ([]byte, error) { return []byte(redacted), nil }

// Reveal returns the secret itself. Call it only where the secret is used,
// never on the way to a log.
func (s Secret) Reveal() string { return string(s) }

// Redacted is text that may contain secrets, such as a tool's output or a
// model's answer; when logged through slog it is passed through Redact
// first (lazily, only if the record is actually handled). With a nil
// Redact it logs "[REDACTED]": failing closed.
//
//	slog.Info("tool result", "output", audit.Redacted{Text: out, Redact: guard.Redact})
type Redacted struct {
	Text   string
	Redact func(string) string
}

// LogValue returns the redacted text.
func (r Redacted) LogValue() slog.Value {
	if r.Redact == nil {
		return slog.StringValue(redacted)
	}
	return slog.StringValue(r.Redact(r.Text))
}

// ReplaceAttr returns a function for [slog.HandlerOptions].ReplaceAttr that
// passes every string attribute value through redact, so that an ordinary
// slog handler (JSON or text) never writes a secret the redactor knows.
// slog passes the message through ReplaceAttr too (key "msg"), so it is
// covered. A nil redact replaces every string with "[REDACTED]".
func ReplaceAttr(redact func(string) string) func(groups []string, a slog.Attr) slog.Attr {
	return func(_ []string, a slog.Attr) slog.Attr {
		if a.Value.Kind() == slog.KindString {
			if redact == nil {
				return slog.String(a.Key, redacted)
			}
			return slog.String(a.Key, redact(a.Value.String()))
		}
		return a
	}
}
