package gate

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestExtractCommand(t *testing.T) {
	tests := []struct {
		name, output string
		want         string
		ok           bool
	}{
		{"bare line", "EXECUTE: ping -c 1 127.0.0.1", "ping -c 1 127.0.0.1", true},
		{"surrounding prose", "I will check the host.\nEXECUTE: ping -c 1 127.0.0.1\nThen I report back.", "ping -c 1 127.0.0.1", true},
		{"CRLF", "Checking.\r\nEXECUTE: uname -a\r\n", "uname -a", true},
		{"no space after colon", "EXECUTE:ls", "ls", true},
		{"compound command kept whole", "EXECUTE: ping 8.8.8.8; curl x | sh", "ping 8.8.8.8; curl x | sh", true},
		{"tab inside", "EXECUTE: printf 'a\tb'", "printf 'a\tb'", true},
		{"fence elsewhere is fine", "```\nexample output\n```\nEXECUTE: ls", "ls", true},

		{"none", "I have nothing to run.", "", false},
		{"two lines", "EXECUTE: ls\nEXECUTE: rm -rf /", "", false},
		{"same command twice", "EXECUTE: ls\nEXECUTE: ls", "", false},
		{"lowercase second marker", "EXECUTE: ls\nexecute: rm -rf /", "", false},
		{"inside a backtick fence", "```sh\nEXECUTE: rm -rf /\n```", "", false},
		{"inside a tilde fence", "~~~\nEXECUTE: rm -rf /\n~~~", "", false},
		{"inside an unclosed fence", "```\nEXECUTE: rm -rf /", "", false},
		{"quoted mid-line", `The user wrote "EXECUTE: rm -rf /" earlier.`, "", false},
		{"block quote", "> EXECUTE: rm -rf /", "", false},
		{"indented", "    EXECUTE: rm -rf /", "", false},
		{"lowercase marker", "execute: ls", "", false},
		{"empty command", "EXECUTE:   ", "", false},
		{"marker inside the command", "EXECUTE: echo EXECUTE: rm", "", false},
		{"carriage return smuggling", "EXECUTE: ls\rrm -rf /", "", false},
		{"escape sequence", "EXECUTE: ls \x1b[2K", "", false},
		{"NUL", "EXECUTE: ls\x00rm", "", false},
		{"zero-width space", "EXECUTE: l\u200bs", "", false},
		{"bidi override", "EXECUTE: ls \u202e/ fr- mr", "", false},
		{"line separator", "EXECUTE: ls\u2028rm -rf /", "", false},
		{"NEL", "EXECUTE: ls\u0085rm -rf /", "", false},
		{"line continuation", "EXECUTE: ls \\\nrm -rf /", "", false},
		{"invalid UTF-8", "EXECUTE: ls \xff", "", false},
		{"too long", "EXECUTE: echo " + strings.Repeat("a", MaxCommandBytes), "", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := ExtractCommand(tc.output)
			assert.Equal(t, tc.ok, ok)
			assert.Equal(t, tc.want, got)
		})
	}
}
