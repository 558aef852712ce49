package audit

import (
	"time"
)

// Option configures a [Logger] (and, for [OpenFile], how the existing file
// is verified). An option given a bad value makes the logger refuse every
// call with an error wrapping [ErrInvalidOption]; [OpenFile] returns that
// error directly.
type Option func(*config) error

type config struct {
	logID      string
	key        []byte
	redact     func(string) string // the application's redactor (WithRedactor)
	noRedact   bool                // WithoutRedaction
	erase      []pointer
	mask       []pointer
	now        func() time.Time
	syncEvery  int
	syncDelay  time.Duration
	syncEveryS bool // syncEvery was set explicitly
}

type optionError struct{ msg string }

func (e *optionError) Error() string { return "audit: invalid option: " + e.msg }
func (e *optionError) Unwrap() error { return ErrInvalidOption }

// WithLogID sets the log's id. The first line chains from [Genesis](id), so
// a verifier must be given the same id ([Verifier.LogID]). The default is
// the empty id.
func WithLogID(id string) Option {
	return func(c *config) error {
		c.logID = id
		return nil
	}
}

// WithHMACKey chains the log with HMAC-SHA256 under key instead of plain
// SHA-256. Without the key nobody can produce a line that verifies, so the
// chain also resists someone who can rewrite the whole file; verifying then
// needs the key ([Verifier.Key]). The key must be at least 16 bytes (32 is
// recommended); it is copied.
func WithHMACKey(key []byte) Option {
	return func(c *config) error {
		if len(key) < 16 {
			return &optionError{"WithHMACKey: key shorter than 16 bytes"}
		}
		c.key = append([]byte(nil), key...)
		return nil
	}
}

// WithRedactor adds redact to the logger's redaction: every string that
// reaches the log (the record's fields, attribute keys and values at any
// depth, error texts, the base64 of []byte values) passes through redact
// and then through [RedactCommon], before the record is hashed and
// written. guard.Redact, which redacts everything guard.Secrets (gitleaks'
// rules) finds, is the redactor wardline provides; this package does not
// import guard, so that auditing does not link gitleaks unless the
// application does. redact must be safe for concurrent use and not nil; it
// cannot be combined with [WithoutRedaction].
func WithRedactor(redact func(string) string) Option {
	return func(c *config) error {
		if redact == nil {
			return &optionError{"WithRedactor: nil redactor"}
		}
		c.redact = redact
		return nil
	}
}

// WithoutRedaction turns redaction off: strings reach the log as given,
// secrets included. Do not use this option unless the records can hold no
// secret (for example, every string is produced by the application from a
// fixed set) or the log is protected as the secrets themselves are. It
// cannot be combined with [WithRedactor].
func WithoutRedaction() Option {
	return func(c *config) error {
		c.noRedact = true
		return nil
	}
}

// WithErase removes the values at the given JSON Pointers (RFC 6901) from
// every record, like OPA's decision-log "erased". A pointer names /reason,
// /verdict, /actor, /turn_id, /input_digest or a path under /attrs/ (for
// example "/attrs/request/headers/authorization"). Each record lists, in
// its "erased" field, the pointers that matched a value in it. An erased
// array element becomes null, so its siblings keep their indices.
func WithErase(pointers ...string) Option {
	return func(c *config) error {
		for _, s := range pointers {
			p, err := parsePointer(s)
			if err != nil {
				return err
			}
			c.erase = append(c.erase, p)
		}
		return nil
	}
}

// WithMask replaces the values at the given JSON Pointers with [Mask], like
// OPA's decision-log "masked"; pointers are as for [WithErase]. Each record
// lists, in its "masked" field, the pointers that matched a value in it. A
// pointer may not be both erased and masked.
func WithMask(pointers ...string) Option {
	return func(c *config) error {
		for _, s := range pointers {
			p, err := parsePointer(s)
			if err != nil {
				return err
			}
			c.mask = append(c.mask, p)
		}
		return nil
	}
}

// WithClock sets the clock used for records whose Time is zero. The
// default is time.Now.
func WithClock(now func() time.Time) Option {
	return func(c *config) error {
		if now == nil {
			return &optionError{"WithClock: nil clock"}
		}
		c.now = now
		return nil
	}
}

// WithSyncEvery makes the logger sync the writer after every n records
// (n = 1: after every record, before Log returns). Sync means: Flush, if
// the writer has a Flush() error method (bufio.Writer), then Sync, if it
// has a Sync() error method (*os.File: fsync). The default is 0 for
// [NewLogger] (sync only on [Logger.Sync] and [Logger.Close]) and 1 for
// [OpenFile]. See also [WithSyncInterval].
func WithSyncEvery(n int) Option {
	return func(c *config) error {
		if n < 0 {
			return &optionError{"WithSyncEvery: negative count"}
		}
		c.syncEvery = n
		c.syncEveryS = true
		return nil
	}
}

// WithSyncInterval bounds how long a written record may stay unsynced when
// syncs are batched: d after the first unsynced record, the logger syncs
// even if the batch is not full. Zero (the default) means no timer.
func WithSyncInterval(d time.Duration) Option {
	return func(c *config) error {
		if d < 0 {
			return &optionError{"WithSyncInterval: negative duration"}
		}
		c.syncDelay = d
		return nil
	}
}

// redactor returns the function every string passes through, or nil for
// none (WithoutRedaction).
func (c *config) redactor() func(string) string {
	switch {
	case c.noRedact:
		return nil
	case c.redact != nil:
		custom := c.redact
		return func(s string) string { return RedactCommon(custom(s)) }
	}
	return RedactCommon
}

func buildConfig(opts []Option) (config, error) {
	c := config{now: time.Now}
	for _, o := range opts {
		if o == nil {
			return c, &optionError{"nil Option"}
		}
		if err := o(&c); err != nil {
			return c, err
		}
	}
	if c.noRedact && c.redact != nil {
		return c, &optionError{"WithRedactor and WithoutRedaction contradict each other: give one of them"}
	}
	for _, e := range c.erase {
		for _, m := range c.mask {
			if e.raw == m.raw {
				return c, &optionError{"pointer " + e.raw + " given to both WithErase and WithMask"}
			}
		}
	}
	return c, nil
}
