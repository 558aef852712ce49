package guard

import (
	"net/netip"

	"github.com/wardline/wardline/guard/toolio"
)

// The tool-input validators and the tool-result check live in package
// guard/toolio, which needs none of guard's detectors and imports only the
// standard library: a program that validates tool arguments and nothing
// else imports guard/toolio and does not link gitleaks. guard keeps them
// under their old names.

// ValidationError is the error every tool-input validator returns
// ([IPOrCIDR], [OneOf], [Comment]); see [toolio.ValidationError].
type ValidationError = toolio.ValidationError

// ToolResultError explains why a tool result is not a success; see
// [toolio.ToolResultError].
type ToolResultError = toolio.ToolResultError

// MaxToolResult is the largest tool result, in bytes, that [ToolResult]
// and [CheckToolResult] inspect; a larger one is a failure.
const MaxToolResult = toolio.MaxToolResult

// IPOrCIDR parses a single IPv4 or IPv6 address or CIDR prefix, strictly;
// see [toolio.IPOrCIDR].
func IPOrCIDR(s string) (netip.Prefix, error) { return toolio.IPOrCIDR(s) }

// OneOf returns a validator that accepts exactly one of the allowed
// values; see [toolio.OneOf].
func OneOf(allowed ...string) func(string) (string, error) { return toolio.OneOf(allowed...) }

// Comment cleans a free-text tool argument and bounds its length; see
// [toolio.Comment].
func Comment(s string, max int) (string, error) { return toolio.Comment(s, max) }

// ToolResult reports whether a tool's raw result is a success, and a
// message for the user; see [toolio.ToolResult].
func ToolResult(raw string) (ok bool, msg string) { return toolio.ToolResult(raw) }

// CheckToolResult is [ToolResult] with a typed error; see
// [toolio.CheckToolResult].
func CheckToolResult(raw string) (string, error) { return toolio.CheckToolResult(raw) }
