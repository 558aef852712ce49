package inject

import "strings"

// Tool-call bait: text shaped like the call a model emits to use a tool,
// put where a model will read it and may copy it.

// maxBraces bounds the nesting the JSON scan follows.
const maxBraces = 64

// Classes of JSON keys.
const (
	keyName    = 1 << iota // name, tool, function, action, recipient
	keyArgs                // arguments, args, parameters, input
	keyTrigger             // function_call, tool_calls, tool_use
)

func jsonKeyClass(k string) int {
	switch strings.ToLower(k) {
	case "name", "tool", "tool_name", "toolname", "function", "function_name", "action", "recipient", "recipient_name", "tool_code":
		return keyName
	case "arguments", "args", "parameters", "params", "input", "inputs", "action_input", "kwargs", "tool_input", "tool_args":
		return keyArgs
	case "function_call", "tool_calls", "tool_call", "tool_use", "tool_uses", "invoke":
		return keyTrigger
	}
	return 0
}

// jsonToolCalls returns the spans of JSON (or Python-dict) objects in s
// that name a tool and pass it arguments, in any key order, or carry a
// tool-call key ("tool_calls", "function_call") or type ("type":
// "function"). One pass with a stack of open braces: linear in len(s).
func jsonToolCalls(s string, dst []span) []span {
	if strings.IndexByte(s, '{') < 0 || strings.IndexByte(s, ':') < 0 {
		return dst
	}
	type obj struct{ start, keys int }
	var stack []obj
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '{':
			if len(stack) < maxBraces {
				stack = append(stack, obj{start: i})
			}
		case '}':
			if len(stack) == 0 {
				continue
			}
			o := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if o.keys&keyTrigger != 0 || o.keys&keyName != 0 && o.keys&keyArgs != 0 {
				dst = append(dst, span{o.start, i + 1})
				if len(stack) > 0 {
					stack[len(stack)-1].keys |= keyTrigger
				}
			}
		case '"', '\'':
			if len(stack) == 0 {
				continue
			}
			// A quoted string; a key when a colon follows it.
			e := i + 1
			for e < len(s) && s[e] != c && s[e] != '\n' && e-i < 256 {
				if s[e] == '\\' {
					e++
				}
				e++
			}
			if e >= len(s) || s[e] != c {
				continue
			}
			k := e + 1
			for k < len(s) && (s[k] == ' ' || s[k] == '\t') {
				k++
			}
			if k < len(s) && s[k] == ':' {
				key := s[i+1 : e]
				cls := jsonKeyClass(key)
				if strings.EqualFold(key, "type") {
					v := strings.TrimLeft(s[k+1:min(len(s), k+40)], " \t\"'")
					for _, t := range []string{"function", "tool_use", "tool_call", "function_call"} {
						if len(v) >= len(t) && strings.EqualFold(v[:len(t)], t) {
							cls = keyTrigger
						}
					}
				}
				stack[len(stack)-1].keys |= cls
			}
			i = e
		}
	}
	return dst
}

// funcCall reports whether s holds a call written as code in prose: a
// snake_case or dotted name and arguments by keyword or as a JSON
// object ("send_email(to=\"x@example.net\")",
// "functions.delete_file({\"path\": \"/\"})").
func funcCall(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] != '(' || i == 0 {
			continue
		}
		j := i
		joined := false
		for j > 0 && (isAlpha(s[j-1]) || s[j-1] >= '0' && s[j-1] <= '9' || s[j-1] == '_' || s[j-1] == '.') {
			if (s[j-1] == '_' || s[j-1] == '.') && j < i {
				joined = true
			}
			j--
		}
		if i-j < 4 || !isAlpha(s[j]) {
			continue
		}
		e := strings.IndexByte(s[i:min(len(s), i+300)], ')')
		if e < 0 {
			e = min(len(s), i+300) - i
		}
		args := s[i+1 : i+e]
		// A name joined by "_" or "." with an object or a keyword
		// argument ("send_email(to=...)"), or any name with two keyword
		// arguments ("checkout(cart_id=\"current\", confirm=true)").
		if joined && (strings.Contains(args, "{") || keywordArg(args)) || keywordArgs(args) >= 2 {
			return true
		}
	}
	return false
}

// keywordArg reports whether args holds "name=value".
// callOnly reports whether a function call with keyword arguments is
// most of s: a field that holds nothing but a call ("Gutschrift
// schedule_transaction(recipient=..., amount=...)") issues it.
func callOnly(s string) bool {
	i := strings.IndexByte(s, '(')
	j := strings.LastIndexByte(s, ')')
	if i < 0 || j < i {
		return false
	}
	k := i
	for k > 0 && (isAlpha(s[k-1]) || s[k-1] == '_' || s[k-1] == '.' || s[k-1] >= '0' && s[k-1] <= '9') {
		k--
	}
	return 2*(j+1-k) >= len(strings.TrimSpace(s)) && keywordArgs(s[i+1:j]) >= 1
}

// keywordArgs counts the keyword arguments "name=value" in args.
func keywordArgs(args string) int {
	n := 0
	for k := 0; k < len(args); k++ {
		if args[k] != '=' || k+1 < len(args) && args[k+1] == '=' || k > 0 && (args[k-1] == '=' || args[k-1] == '!' || args[k-1] == '<' || args[k-1] == '>') {
			continue
		}
		j := k
		for j > 0 && args[j-1] == ' ' {
			j--
		}
		if j > 0 && (isAlpha(args[j-1]) || args[j-1] == '_') {
			n++
		}
	}
	return n
}

func keywordArg(args string) bool {
	for k := strings.IndexByte(args, '='); k > 0; {
		j := k
		for j > 0 && args[j-1] == ' ' {
			j--
		}
		if j > 0 && (isAlpha(args[j-1]) || args[j-1] == '_') && (k+1 >= len(args) || args[k+1] != '=') {
			return true
		}
		n := strings.IndexByte(args[k+1:], '=')
		if n < 0 {
			break
		}
		k += n + 1
	}
	return false
}

// callTheTool reads "call the merge_pr tool with number=42", "invoke the
// function transfer_funds with amount=10000": a tool or function named
// and given arguments.
func callTheTool(toks []tok) bool {
	for i, t := range toks {
		switch t.w {
		case "call", "calls", "calling", "invoke", "invokes", "invoking", "trigger", "triggers", "use", "run", "execute":
		default:
			continue
		}
		j := i + 1
		if at(toks, j).w == "the" || at(toks, j).w == "your" {
			j++
		}
		named := false
		tool := func(t tok) bool { return t.f&wTool != 0 || t.w == "action" || t.w == "function" }
		switch {
		case tool(at(toks, j)):
			named = at(toks, j+1).word() && at(toks, j+1).f&(wDet|wPrep) == 0 && at(toks, j+1).w != "with" && at(toks, j+1).w != "to"
		case at(toks, j).word() && tool(at(toks, j+1)):
			named = at(toks, j).f&wDet == 0
		}
		if !named && at(toks, i+1).word() && strings.Contains(at(toks, i+1).w, "_") && !strings.HasPrefix(at(toks, i+1).w, "_") {
			// "call update_password with {...}", "trigger reserve_flight
			// with flight=...", "call delete_email on every message": a
			// function's name right after the verb, and its arguments or
			// target.
			n, n2, n3 := at(toks, i+2), at(toks, i+3), at(toks, i+4)
			switch {
			case n.w == "(" || n.w == "{":
				return true
			case (n.w == "with" || n.w == "using") && (n2.w == "{" || n3.w == "=" || n3.w == ":"):
				return true // its arguments
			case n.w == "on" && n2.f&wEvery != 0:
				return true // "on every message from ..."
			}
		}
		if !named {
			continue
		}
		for k := j + 1; k < len(toks) && k <= j+8; k++ {
			u := toks[k]
			if strings.Contains(u.w, "_") && !strings.HasPrefix(u.w, "_") {
				return true
			}
			if u.w == "with" {
				n := at(toks, k+1)
				if at(toks, k+2).w == "=" || n.w == "arguments" || n.w == "argument" || n.w == "parameters" ||
					n.w == "args" || n.w == "the" && (at(toks, k+2).w == "contents" || at(toks, k+2).w == "content") {
					return true
				}
			}
			if u.w == "=" || u.w == "(" && at(toks, k+2).w == "=" {
				return true
			}
		}
	}
	return false
}

// toolLine reports whether s opens with the line a model emits to run
// something: "EXECUTE: ...", "tool_call: ...", "Action Input: ...".
func toolLine(s string) bool {
	s = strings.TrimLeft(s, " \t>*-")
	k := strings.IndexByte(s, ':')
	if k <= 0 || k > 16 || k+1 >= len(s) || strings.TrimSpace(s[k+1:]) == "" {
		return false
	}
	switch strings.ToLower(strings.TrimSpace(s[:k])) {
	case "execute", "tool_call", "function_call", "action_input", "action input", "tool_input", "tool_code", "run_command":
		return true
	}
	return false
}
