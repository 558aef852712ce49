package toolio_test

import (
	"errors"
	"fmt"

	"github.com/wardline/wardline/guard/toolio"
)

// A tool argument is validated before the tool runs, and the tool's result
// is judged before the user is told it succeeded.
func Example() {
	if _, err := toolio.IPOrCIDR("10.0.0.1/8"); err != nil {
		var ve *toolio.ValidationError
		if errors.As(err, &ve) {
			fmt.Println(ve.Validator, "refused:", ve.Reason)
		}
	}
	mode := toolio.OneOf("detect", "block")
	m, _ := mode("BLOCK")
	fmt.Println("mode:", m)

	ok, msg := toolio.ToolResult(`{"status":"error","error":"rule limit reached"}`)
	fmt.Println(ok, msg)
	// Output:
	// IPOrCIDR refused: host bits set: did you mean 10.0.0.0/8?
	// mode: block
	// false tool result reports an error: "rule limit reached"
}
