// Package confirm makes a side effect wait for the user's explicit
// "confirm <nonce>" reply to one exact pending action.
//
// An agent that can change a firewall, delete a branch or send money should
// not do it because a model said so. With confirm, the agent proposes the
// action as data ([Action]: a kind and canonical parameters), shows the user
// the nonce from [Manager.Propose], and runs the action only with what
// [Manager.Confirm] returns for the user's reply:
//
//	p, err := m.Propose(ctx, convID, confirm.Action{Kind: "firewall.set_mode", Params: map[string]string{"mode": "block"}})
//	// tell the user: reply "confirm <p.Nonce>" within 5 minutes
//	...
//	a, err := m.Confirm(ctx, convID, userReply)
//	if err != nil { return explain(err) } // nothing runs
//	run(a)                                // exactly the proposed action, once
//
// # Guarantees
//
//   - The nonce comes from crypto/rand (6 digits by default; [WithNonceLength],
//     [WithNonceAlphabet]). Stores keep only a proof of it bound to the
//     conversation key, an HMAC-SHA256 under the Manager's secret, so that
//     whoever reads the store cannot recover the nonce by trying all 10⁶;
//     the in-memory store compares proofs in constant time.
//   - One pending action per conversation key; proposing again replaces it and
//     the old nonce stops working.
//   - The store is not trusted with the action. Each pending record is
//     sealed with the Manager's secret ([WithSecret]): an HMAC-SHA256 over
//     the conversation key, the nonce proof, the expiry and the action's
//     canonical encoding (sorted keys, length-prefixed). Confirm checks the
//     proof and the seal of what the store returns, and the expiry against
//     its own clock, so a compromised shared store cannot swap the action,
//     extend its life, hand one conversation's record to another, replay an
//     old proposal or forge one ([ErrCorrupt], [ErrExpired]); the
//     conformance suite's Hostile cases show it for each. What a store can
//     still do: lose or withhold pending actions (nothing runs), and break
//     take-once (a store that returns a record twice lets the same reply
//     confirm it twice).
//   - A Manager over a [MemoryStore] draws its secret from crypto/rand;
//     over any other store it needs [WithSecret], the same on every replica
//     that shares the store, kept out of the store.
//   - Single use: each pending action is returned at most once, even to 1 000
//     concurrent confirmations across replicas sharing a store.
//   - TTL (5 minutes by default, [WithTTL]); the time source is injectable
//     ([WithClock]).
//   - Bounded attempts: the third wrong nonce (by default, [WithMaxAttempts])
//     cancels the action. "cancel" cancels it too.
//   - Every failure says which it was, with errors.Is: [ErrNoPending],
//     [ErrMismatch], [ErrExpired], [ErrCancelled], [ErrInvalidReply]. On any
//     error Confirm returns the zero Action.
//
// # Brute force
//
// Someone who does not know the nonce (a prompt injection that makes the
// model answer its own question, another user in a shared channel) gets
// maxAttempts guesses out of len(alphabet)^length: with the defaults, 3 in
// 10⁶, that is 3×10⁻⁶ per proposal ([Manager.GuessOdds]). Every proposal
// draws a fresh nonce, so repeated proposals add up: an application that lets
// an attacker trigger proposals at will should raise the length (8 digits:
// 3×10⁻⁸) and rate-limit proposals. NewManager refuses settings whose odds
// exceed [MaxGuessOdds] (10⁻⁴).
//
// # Stores
//
// [Store] is the storage interface, with atomic take-once semantics; the
// package confirm/confirmtest is its conformance suite. [NewManager] with a
// nil store uses a [MemoryStore], bounded (10 000 records by default) with
// expired records swept out, right for one process. Agents that run several
// replicas use a shared store: the separate module
// github.com/wardline/wardline/confirm/redisstore implements one on Redis, so
// that this module does not depend on a Redis client.
//
// # Concurrency, zero values, performance
//
// A Manager is safe for concurrent use by multiple goroutines. The zero
// Manager refuses every call ([ErrNoManager]); an invalid option makes a
// Manager refuse every call ([ErrInvalidOption], [Manager.Err]) rather than
// panic. The zero [MemoryStore] is ready to use. A propose+confirm round trip
// with the memory store costs two HMAC-SHA256 seals of the record, two of
// the nonce proof and one crypto/rand read (BenchmarkProposeConfirm). The
// package uses only the standard library and imports nothing else of
// wardline's.
package confirm
