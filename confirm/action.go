package confirm

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"maps"
	"slices"
	"unicode/utf8"
)

// Limits on an [Action], checked by [Manager.Propose].
const (
	MaxKindLen    = 256      // bytes in Action.Kind
	MaxParams     = 64       // entries in Action.Params
	MaxActionSize = 64 << 10 // bytes in Kind plus every key and value
	MaxKeyLen     = 1024     // bytes in a conversation key
)

// Action is the side effect a confirmation unlocks, as data: a kind and its
// parameters, already validated and in canonical form (for example
// {Kind: "firewall.set_mode", Params: {"mode": "block"}}).
//
// The zero Action is not a valid proposal (its Kind is empty). Actions are
// values: [Manager.Propose] and [Manager.Confirm] copy Params, so changing a
// map after proposing it changes nothing that is pending.
type Action struct {
	// Kind names the operation; it must be non-empty.
	Kind string
	// Params are the operation's arguments. Keys must be non-empty; keys and
	// values must be valid UTF-8.
	Params map[string]string
}

// Digest returns "sha256:" and the hex SHA-256 of the action's canonical
// encoding: a version tag, the kind, then each parameter in sorted key order,
// every string length-prefixed so that no two different actions share an
// encoding. A nil and an empty Params digest the same.
//
// Digest is unkeyed: anyone can compute it, so it names an action (in an
// audit record) but does not protect one. What a [Store] keeps is sealed
// with the Manager's secret instead (see [WithSecret]).
func (a Action) Digest() string {
	sum := sha256.Sum256(a.appendEncoding(make([]byte, 0, a.encodedSize())))
	return "sha256:" + hex.EncodeToString(sum[:])
}

// encodedSize bounds the length of the action's canonical encoding.
func (a Action) encodedSize() int {
	size := 64 + len(a.Kind)
	for k, v := range a.Params {
		size += 16 + len(k) + len(v)
	}
	return size
}

// appendEncoding appends the action's canonical encoding: a version tag,
// the kind, the number of parameters, then each parameter in sorted key
// order, every string length-prefixed.
func (a Action) appendEncoding(b []byte) []byte {
	b = append(b, "wardline/confirm action v1\n"...)
	b = appendField(b, a.Kind)
	b = binary.BigEndian.AppendUint64(b, uint64(len(a.Params)))
	var buf [16]string
	keys := slices.AppendSeq(buf[:0], maps.Keys(a.Params))
	slices.Sort(keys)
	for _, k := range keys {
		b = appendField(b, k)
		b = appendField(b, a.Params[k])
	}
	return b
}

// appendField appends s, prefixed with its length, to b.
func appendField(b []byte, s string) []byte {
	b = binary.BigEndian.AppendUint64(b, uint64(len(s)))
	return append(b, s...)
}

// Equal reports whether a and b are the same action (same kind, same
// parameters).
func (a Action) Equal(b Action) bool {
	return a.Kind == b.Kind && maps.Equal(a.Params, b.Params)
}

// Clone returns a copy of a that shares no map with it.
func (a Action) Clone() Action {
	c := Action{Kind: a.Kind}
	if a.Params != nil {
		c.Params = maps.Clone(a.Params)
	}
	return c
}

// validate returns an error wrapping ErrInvalidAction, or nil.
func (a Action) validate() error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: "+format, append([]any{ErrInvalidAction}, args...)...)
	}
	switch {
	case a.Kind == "":
		return bad("empty kind")
	case len(a.Kind) > MaxKindLen:
		return bad("kind longer than %d bytes", MaxKindLen)
	case !utf8.ValidString(a.Kind):
		return bad("kind is not valid UTF-8")
	case len(a.Params) > MaxParams:
		return bad("more than %d parameters", MaxParams)
	}
	size := len(a.Kind)
	for k, v := range a.Params {
		switch {
		case k == "":
			return bad("empty parameter name")
		case !utf8.ValidString(k) || !utf8.ValidString(v):
			return bad("parameter is not valid UTF-8")
		}
		size += len(k) + len(v)
	}
	if size > MaxActionSize {
		return bad("larger than %d bytes", MaxActionSize)
	}
	return nil
}
