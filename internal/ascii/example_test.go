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

// A set of needles built once answers "does s hold any of these?" in one
// pass over s.
func ExampleNeedles() {
	secretish := ascii.NewNeedles("key", "token", "passw")
	fmt.Println(secretish.In("rotate the api token weekly"))
	fmt.Println(secretish.In("the build took four minutes"))
	// Output:
	// true
	// false
}
