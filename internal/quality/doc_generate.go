package quality

//go:generate go run -C ../.. ./internal/cmd/quality
