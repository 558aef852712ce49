package main

import (
	"fmt"
	"math/rand/v2"

	"github.com/wardline/wardline/guard/internal/grammar"
)

// technical returns copies of examples in which proper nouns and numbers
// are replaced by the identifiers technical prose is full of: file paths,
// package and module names, dotted and snake_case identifiers, CamelCase
// type names, flags' values and version numbers. The treebank's web text
// has few of them, and a tagger that has never seen "reports/tasks.py
// schedules ..." or "Angular 17 requires ..." mistakes the verb that
// follows for a noun. Tags and trees are kept: an identifier takes the
// place, and the part of speech, of the name it replaces.
func technical(examples []grammar.Example, rng *rand.Rand) []grammar.Example {
	var out []grammar.Example
	for _, ex := range examples {
		hasName := false
		for _, x := range ex.XPOS {
			if x == "NNP" || x == "CD" {
				hasName = true
				break
			}
		}
		if !hasName || rng.Float64() > 0.5 {
			continue
		}
		cp := grammar.Example{
			Derived: true,
			Words:   append([]string(nil), ex.Words...),
			UPOS:    ex.UPOS, XPOS: ex.XPOS, Heads: ex.Heads, Rels: ex.Rels,
		}
		for i, x := range ex.XPOS {
			switch {
			case x == "NNP" && rng.Float64() < 0.7:
				cp.Words[i] = identifier(rng)
			case x == "CD" && rng.Float64() < 0.5:
				cp.Words[i] = version(rng)
			case x == "NN" && rng.Float64() < 0.05:
				cp.Words[i] = snake(rng)
			}
		}
		out = append(out, cp)
	}
	return out
}

var (
	stems = []string{"config", "server", "client", "auth", "billing", "orders", "cache", "worker", "api",
		"deploy", "tasks", "report", "index", "main", "utils", "handler", "parser", "store", "queue", "session",
		"users", "invoice", "gateway", "proxy", "scheduler", "metrics", "logger", "router", "schema", "build"}
	exts   = []string{".go", ".py", ".ts", ".rs", ".yaml", ".yml", ".json", ".toml", ".java", ".rb", ".php", ".tf", ".sh", ".md", ".lock", ".cfg"}
	camels = []string{"Reserve", "Batch", "Invoice", "Issuer", "Memory", "Cache", "Http", "Client", "Token", "Store",
		"Session", "Manager", "Builder", "Factory", "Order", "Service", "Handler", "Pool", "Config", "Loader"}
)

func pick(rng *rand.Rand, xs []string) string { return xs[rng.IntN(len(xs))] }

// identifier returns a random technical name.
func identifier(rng *rand.Rand) string {
	switch rng.IntN(9) {
	case 0:
		return pick(rng, stems) + "/" + pick(rng, stems) + pick(rng, exts)
	case 1:
		return pick(rng, stems) + pick(rng, exts)
	case 2:
		return pick(rng, camels) + pick(rng, camels)
	case 3:
		return snake(rng)
	case 4:
		return pick(rng, stems) + "." + pick(rng, stems)
	case 5:
		return "github.com/acme/" + pick(rng, stems)
	case 6:
		return pick(rng, stems) + "-" + pick(rng, stems)
	case 7:
		return pick(rng, camels) + pick(rng, camels) + "." + pick(rng, camels)
	default:
		return fmt.Sprintf("%s:%d", pick(rng, stems)+pick(rng, exts), 1+rng.IntN(400))
	}
}

func snake(rng *rand.Rand) string { return pick(rng, stems) + "_" + pick(rng, stems) }

func version(rng *rand.Rand) string {
	switch rng.IntN(4) {
	case 0:
		return fmt.Sprintf("%d.%d", 1+rng.IntN(20), rng.IntN(12))
	case 1:
		return fmt.Sprintf("v%d.%d.%d", rng.IntN(5), rng.IntN(30), rng.IntN(10))
	case 2:
		return fmt.Sprintf("%d.%d.%d", 1+rng.IntN(9), rng.IntN(30), rng.IntN(10))
	default:
		return fmt.Sprintf("%d", 2+rng.IntN(30))
	}
}
