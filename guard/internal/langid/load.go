//go:build !langidgen

package langid

import (
	_ "embed"
	"sync"
)

//go:generate go run -tags langidgen ./internal/gen -data ${LANGID_DATA} -o model.bin -heldout testdata/heldout.jsonl

// modelData is the trained model, learnt from the Universal Dependencies
// treebanks listed in SOURCES.md by internal/gen.
//
//go:embed model.bin
var modelData []byte

// Default returns the model embedded in the package, decoded on first use.
// It is safe for concurrent use. It panics if the embedded model is
// corrupt, which the package's tests rule out for every build.
func Default() *Model { return defaultModel() }

var defaultModel = sync.OnceValue(func() *Model {
	m := &Model{}
	if err := m.UnmarshalBinary(modelData); err != nil {
		panic(err)
	}
	return m
})
