package gate

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// seeds reads a JSON array from testdata into v.
func seeds(f *testing.F, name string, v any) {
	f.Helper()
	raw, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		f.Fatal(err)
	}
	if err := json.Unmarshal(raw, v); err != nil {
		f.Fatalf("%s: %v", name, err)
	}
}

func FuzzExtractCommand(f *testing.F) {
	var in []string
	seeds(f, "extract_seeds.json", &in)
	for _, s := range in {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, output string) {
		cmd, ok := ExtractCommand(output)
		if !ok {
			if cmd != "" {
				t.Fatalf("rejected output returned a command %q", cmd)
			}
			return
		}
		if cmd == "" || strings.Trim(cmd, " \t") != cmd {
			t.Fatalf("command %q is empty or not trimmed", cmd)
		}
		if !utf8.ValidString(cmd) || strings.HasSuffix(cmd, "\\") {
			t.Fatalf("command %q is not valid", cmd)
		}
		for _, r := range cmd {
			if r != '\t' && (unicode.IsControl(r) || unicode.Is(unicode.Cf, r)) {
				t.Fatalf("command %q carries control character %U", cmd, r)
			}
		}
		if countFold(output, "EXECUTE:") != 1 {
			t.Fatalf("accepted output with %d markers", countFold(output, "EXECUTE:"))
		}
		line := "EXECUTE:" + cmd
		found := false
		for l := range strings.Lines(output) {
			l = strings.TrimSuffix(strings.TrimSuffix(l, "\n"), "\r")
			if strings.HasPrefix(l, "EXECUTE:") && strings.Trim(l[len("EXECUTE:"):], " \t") == cmd {
				found = true
			}
		}
		if !found {
			t.Fatalf("command %q is not the rest of a line %q starting in column 1", cmd, line)
		}
	})
}

func FuzzSplitCommand(f *testing.F) {
	var in []string
	seeds(f, "command_seeds.json", &in)
	for _, s := range in {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, command string) {
		parts, err := Split(command)
		if err != nil {
			if parts != nil {
				t.Fatal("parts returned with an error")
			}
			if !errors.Is(err, ErrParse) && !errors.Is(err, ErrInvalid) {
				t.Fatalf("error %v wraps neither ErrParse nor ErrInvalid", err)
			}
			return
		}
		if len(parts) == 0 {
			t.Fatal("no parts and no error")
		}
		for _, p := range parts {
			if p.Via == "" && !strings.Contains(command, p.Text) {
				t.Fatalf("part text %q is not in the command", p.Text)
			}
			if len(p.Argv) == 0 && p.Program != "" {
				t.Fatalf("program %q without argv", p.Program)
			}
			if len(p.Argv) > 0 && p.Program == "" && p.Argv[0] != "" {
				t.Fatalf("argv %q without a program", p.Argv)
			}
		}
		// The parser-free path agrees with the parser exactly.
		if fast, ok := fastSplit(command); ok {
			slow, _, err := split(command, 0)
			if err != nil || len(slow) != 1 || !reflect.DeepEqual(slow[0], fast) {
				t.Fatalf("fast path %+v differs from parser %+v (%v)", fast, slow, err)
			}
		}
		// Deterministic: the same input splits the same way.
		again, err := Split(command)
		if err != nil || len(again) != len(parts) {
			t.Fatalf("second split differs: %v", err)
		}
	})
}

func FuzzParseVerdict(f *testing.F) {
	var in [][2]string
	seeds(f, "verdict_seeds.json", &in)
	for _, s := range in {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, answer, nonce string) {
		allow, reason, err := ParseVerdict(answer, nonce)
		if err != nil {
			if allow || reason != "" || !errors.Is(err, ErrVerdict) {
				t.Fatalf("failed parse returned allow=%v reason=%q err=%v", allow, reason, err)
			}
			return
		}
		line, _, _ := strings.Cut(answer, "\n")
		line = strings.TrimSuffix(line, "\r")
		word := "DENY "
		if allow {
			word = "ALLOW "
		}
		switch {
		case nonce == "":
			t.Fatal("accepted an empty nonce")
		case len(answer) > MaxAnswerBytes || !utf8.ValidString(answer):
			t.Fatal("accepted an oversized or invalid answer")
		case !strings.HasPrefix(line, word+nonce+":"):
			t.Fatalf("accepted first line %q", line)
		case strings.Count(answer, "ALLOW")+strings.Count(answer, "DENY") != 1:
			t.Fatalf("accepted an ambiguous answer %q", answer)
		case strings.TrimSpace(reason) == "" || !strings.Contains(line, reason):
			t.Fatalf("reason %q not from the first line", reason)
		}
		for _, r := range line {
			if r != '\t' && (unicode.IsControl(r) || unicode.Is(unicode.Cf, r)) {
				t.Fatalf("accepted control character %U", r)
			}
		}
	})
}

// FuzzRulesCheck: whatever the command, a deny rule on a program wins for
// every part Split finds, and a command Split refuses is denied with the
// same cause.
func FuzzRulesCheck(f *testing.F) {
	var in []string
	seeds(f, "command_seeds.json", &in)
	for _, s := range in {
		f.Add(s)
	}
	r, err := NewRules(
		Rule{Name: "no-rm", Expr: `program == "rm"`, Effect: EffectDeny},
		Rule{Name: "ping", Expr: `program == "ping" && !dynamic`, Effect: EffectAllow},
		Rule{Name: "rest", Expr: `size(argv) > 0 && argv.all(a, a.size() < 100)`, Effect: EffectDefer},
	)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, command string) {
		d := r.Check(context.Background(), Proposal{Command: command})
		parts, err := Split(command)
		if err != nil {
			if d.Allow || !errors.Is(d.Err, ErrParse) && !errors.Is(d.Err, ErrInvalid) {
				t.Fatalf("Split refused (%v) but Check gave %+v", err, d)
			}
			return
		}
		allPing := true
		for _, p := range parts {
			if p.Program == "rm" && (d.Allow || !strings.Contains(d.Reason, `"no-rm"`)) {
				t.Fatalf("part %q runs rm but Check gave %+v", p.Text, d)
			}
			allPing = allPing && p.Program == "ping" && !p.Dynamic
		}
		if d.Allow != allPing {
			t.Fatalf("Allow=%v but every part is a static ping: %v (%+v)", d.Allow, allPing, d)
		}
		if d.Allow && d.Err != nil {
			t.Fatal("Allow with an error")
		}
	})
}
