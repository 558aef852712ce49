//go:build langidgen

package langid

// Default is not available while the model is being generated (the
// langidgen build tag): the generator builds this package without the
// embedded model it is about to write.
func Default() *Model { panic("langid: Default is not available in a langidgen build") }
