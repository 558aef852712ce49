//go:build grammargen

package grammar

// Default is not available while the model is being generated (the
// grammargen build tag): the generator builds this package without the
// embedded model it is about to write.
func Default() *Model { panic("grammar: Default is not available in a grammargen build") }
