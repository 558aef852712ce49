package guard_test

import (
	"fmt"

	"github.com/wardline/wardline/guard"
)

func ExampleSecrets() {
	// A throwaway token in GitHub's classic personal-access-token shape.
	text := "The CI job authenticates with ghp_" + "k3Jd8sLq2ZxW9mNp4RtY7vBc1HfGe6AoUi5T."
	for _, f := range guard.Secrets(text) {
		fmt.Println(f.Rule, f.Start, f.End, f.Excerpt)
	}
	// Output:
	// secret.github-pat 30 70 ghp_…(40)
}

func ExampleRedact() {
	line := `level=info msg="deploy" token=ghp_` + `k3Jd8sLq2ZxW9mNp4RtY7vBc1HfGe6AoUi5T`
	fmt.Println(guard.Redact(line))
	// Output:
	// level=info msg="deploy" token=ghp_…(40)
}
