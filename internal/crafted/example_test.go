package crafted_test

import (
	"fmt"

	"github.com/wardline/wardline/internal/crafted"
)

func ExampleInputs() {
	for _, in := range crafted.BenchInputs(24, "url-www.a.-glued", "secret-key-sepx3d") {
		fmt.Printf("%s: %q\n", in.Name, in.Text)
	}
	// Output:
	// url-www.a.-glued: "www.a.www.a.www.a.www.a."
	// secret-key-sepx3d: "key=key=key=key=key=key="
}
