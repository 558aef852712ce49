//go:build !grammargen

package grammar

import (
	_ "embed"
	"sync"
)

//go:generate go run -tags grammargen ./internal/gen -o model.bin

// modelData is the trained model: the tagger's weights and the lexicon,
// learnt from UD English EWT (CC BY-SA 4.0) and WordNet 3.0 verb lemmas by
// internal/gen. See NOTICE.md for their attribution and licences.
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
