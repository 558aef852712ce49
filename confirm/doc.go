// Package confirm will bind a side effect to a "confirm <nonce>" reply that
// names one exact pending action, with a TTL, single use and bounded attempts.
//
// The package is being built; it exports nothing yet.
package confirm
