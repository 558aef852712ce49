package ascii_test

import (
	"fmt"

	"github.com/wardline/wardline/internal/ascii"
)

// ASCII folding compares allowlist entries and replies without letting a
// Unicode look-alike stand for a letter.
func ExampleEqualFold() {
	fmt.Println(ascii.EqualFold("Confirm", "CONFIRM"))
	fmt.Println(ascii.EqualFold("kill", "\u212aill")) // Kelvin sign
	// Output:
	// true
	// false
}
