package guard_test

import (
	"errors"
	"fmt"

	"github.com/wardline/wardline/guard"
)

// Validate a firewall change proposed by a model before anything runs.
func ExampleIPOrCIDR() {
	for _, in := range []string{"203.0.113.7", "198.51.100.0/24", "999.999.999.999", "10.0.0.1/8"} {
		p, err := guard.IPOrCIDR(in)
		if err != nil {
			fmt.Println("rejected:", err)
			continue
		}
		fmt.Println("prefix:", p)
	}
	// Output:
	// prefix: 203.0.113.7/32
	// prefix: 198.51.100.0/24
	// rejected: guard: IPOrCIDR: "999.999.999.999": IPv4 octet out of range 0-255
	// rejected: guard: IPOrCIDR: "10.0.0.1/8": host bits set: did you mean 10.0.0.0/8?
}

func ExampleOneOf() {
	mode := guard.OneOf("detect", "block", "off")
	for _, in := range []string{"Block", "DROP TABLE"} {
		v, err := mode(in)
		var ve *guard.ValidationError
		if errors.As(err, &ve) {
			fmt.Println("rejected:", ve.Reason)
			continue
		}
		fmt.Println("mode:", v)
	}
	// Output:
	// mode: block
	// rejected: not one of "detect", "block", "off"
}

func ExampleComment() {
	c, err := guard.Comment("SSH scans\n\u202etxt.exe\u202c from this host", 80)
	fmt.Printf("%q %v\n", c, err)
	_, err = guard.Comment("a comment that goes on and on", 10)
	fmt.Println(err)
	// Output:
	// "SSH scans txt.exe from this host" <nil>
	// guard: Comment: "a co…(29 bytes)": longer than 10 characters
}

// An agent reports "done" only when the tool result says so.
func ExampleToolResult() {
	for _, raw := range []string{
		`{"status":"ok","message":"203.0.113.7 blacklisted"}`,
		`{"error":"invalid ip"}`,
		`Executed`,
	} {
		if ok, msg := guard.ToolResult(raw); ok {
			fmt.Println("done:", msg)
		} else {
			fmt.Println("failed:", msg)
		}
	}
	// Output:
	// done: 203.0.113.7 blacklisted
	// failed: tool result reports an error: "invalid ip"
	// failed: tool result is not valid JSON
}
