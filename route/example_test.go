package route_test

import (
	"fmt"

	"github.com/wardline/wardline/route"
)

func ExampleParse() {
	allowed := []string{"monitor", "config_manager", "direct"}
	for _, out := range []string{" MONITOR ", "route=config_manager", "monitor and then config_manager"} {
		fmt.Println(route.Parse(out, allowed, "direct"))
	}
	// Output:
	// monitor
	// direct
	// direct
}

func ExampleRouter_Parse() {
	r, err := route.New("direct", "monitor", "config_manager", "direct")
	if err != nil {
		panic(err)
	}
	for _, out := range []string{"Config_Manager\n", "ｍｏｎｉｔｏｒ", "config_manager please"} {
		d := r.Parse(out)
		fmt.Printf("%s fell_back=%t reason=%s\n", d.Route, d.FellBack, d.Reason)
	}
	// Output:
	// config_manager fell_back=false reason=matched
	// direct fell_back=true reason=not-ascii
	// direct fell_back=true reason=not-one-token
}

func ExampleNew() {
	_, err := route.New("direct", "monitor", "config_manager")
	fmt.Println(err)
	// Output:
	// route: fallback is not in the allowlist: "direct"
}
