// Package toolio validates what an agent passes to a tool and judges what
// the tool returns, so that a side effect runs only on well-formed input
// and a failure is never reported as a success.
//
// [IPOrCIDR], [OneOf] and [Comment] check tool arguments strictly and
// return a *[ValidationError] that never echoes a long input whole (a key
// pasted into an argument does not end up in a log). [ToolResult] and
// [CheckToolResult] read a tool's JSON result and call it a success only
// when nothing in it reports an error.
//
// The package imports only the standard library, so a program that needs
// these checks alone does not link guard's detectors (gitleaks, the
// grammar and language models). Package guard offers the same functions
// under the same names. Everything here is safe for concurrent use.
package toolio
