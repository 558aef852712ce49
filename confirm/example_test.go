package confirm_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/wardline/wardline/confirm"
)

func Example() {
	ctx := context.Background()
	m := confirm.NewManager(nil) // in-memory store, 6-digit nonces, 5-minute TTL

	action := confirm.Action{Kind: "firewall.set_mode", Params: map[string]string{"mode": "block"}}
	p, err := m.Propose(ctx, "conversation-42", action)
	if err != nil {
		fmt.Println(err)
		return
	}
	// Show the user p.Nonce: "Reply 'confirm 123456' to set mode to block."

	// The user (and only the user) replies with the nonce.
	got, err := m.Confirm(ctx, "conversation-42", p.Reply())
	fmt.Println(got.Kind, got.Params["mode"], err)

	// A second confirmation runs nothing.
	_, err = m.Confirm(ctx, "conversation-42", p.Reply())
	fmt.Println(errors.Is(err, confirm.ErrNoPending))
	// Output:
	// firewall.set_mode block <nil>
	// true
}

func ExampleManager_Confirm_errors() {
	ctx := context.Background()
	m := confirm.NewManager(nil)
	action := confirm.Action{Kind: "firewall.blacklist_add", Params: map[string]string{"ip": "203.0.113.7/32"}}
	if _, err := m.Propose(ctx, "c", action); err != nil {
		fmt.Println(err)
		return
	}
	for _, reply := range []string{"yes please", "confirm 00000x", "confirm 00000y", "confirm 00000z"} {
		_, err := m.Confirm(ctx, "c", reply)
		fmt.Printf("%-16q mismatch=%-5t cancelled=%-5t %v\n", reply,
			errors.Is(err, confirm.ErrMismatch), errors.Is(err, confirm.ErrCancelled), err)
	}
	// Output:
	// "yes please"     mismatch=false cancelled=false confirm: reply is not "confirm <nonce>" or "cancel"
	// "confirm 00000x" mismatch=true  cancelled=false confirm: wrong nonce
	// "confirm 00000y" mismatch=true  cancelled=false confirm: wrong nonce
	// "confirm 00000z" mismatch=true  cancelled=true  confirm: wrong nonce; too many wrong nonces, pending action cancelled
}

func ExampleNewManager_options() {
	m := confirm.NewManager(nil, confirm.WithNonceLength(8))
	fmt.Printf("%.0e\n", m.GuessOdds())

	weak := confirm.NewManager(nil, confirm.WithNonceLength(4))
	fmt.Println(weak.Err())
	// Output:
	// 3e-08
	// confirm: invalid option: nonce length 4 over 10 characters with 3 attempts gives a 0.0003 chance to guess; at most 0.0001 allowed
}

// Replicas that share a store share the Manager's secret; the store only
// ever sees sealed records.
func ExampleWithSecret() {
	ctx := context.Background()
	secret := []byte("0123456789abcdef0123456789abcdef") // in production: 32 random bytes from a secret store
	shared := new(confirm.MemoryStore)                   // stands in for confirm/redisstore
	a := confirm.NewManager(shared, confirm.WithSecret(secret))
	b := confirm.NewManager(shared, confirm.WithSecret(secret))

	p, _ := a.Propose(ctx, "conversation-42", confirm.Action{Kind: "firewall.set_mode", Params: map[string]string{"mode": "block"}})
	got, err := b.Confirm(ctx, "conversation-42", p.Reply())
	fmt.Println(got.Params["mode"], err)
	// Output:
	// block <nil>
}
