package instructions

import (
	"cmp"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/wardline/wardline/guard/internal/grammar"
	"github.com/wardline/wardline/guard/internal/lexicon"

	"mvdan.cc/sh/v3/syntax"
)

// Commands. A candidate span (a whole line, or the words around a known
// program, "sudo", a flag or a pipe inside a sentence) is parsed with
// mvdan.cc/sh/v3/syntax, and the resulting call is judged by its program
// and arguments: flags, paths and package patterns, URLs, "pkg@version",
// assignments, pipes, redirections, command substitutions and a shell
// prompt make it a command line; a program or a program and subcommand
// named inside a sentence without arguments ("The CI job runs make lint
// after the build") is a fact.

// knownPrograms are programs common enough in developer text that they
// start a command span inside prose.
var knownPrograms = setOf(
	"sh", "bash", "zsh", "fish", "dash", "ksh", "csh", "tcsh", "pwsh", "powershell", "iex",
	"cmd", "python", "python3", "python2", "pip", "pip3", "pipx", "node", "npm", "npx",
	"yarn", "pnpm", "bun", "deno", "go", "gofmt", "cargo", "rustc", "rustup", "gcc",
	"g++", "clang", "make", "cmake", "ninja", "meson", "java", "javac", "mvn", "gradle",
	"ruby", "gem", "bundle", "rake", "rails", "perl", "php", "composer", "dotnet", "git",
	"gh", "glab", "hg", "svn", "docker", "docker-compose", "podman", "kubectl", "helm",
	"minikube", "kind", "terraform", "tofu", "ansible", "ansible-playbook", "vagrant",
	"packer", "aws", "az", "gcloud", "gsutil", "curl", "wget", "iwr", "irm",
	"invoke-webrequest", "invoke-expression", "invoke-restmethod", "ssh", "scp", "rsync", "sftp", "nc", "netcat",
	"ncat", "nmap", "ping", "dig", "nslookup", "rm", "cp", "mv", "ln", "ls", "cat",
	"echo", "printf", "chmod", "chown", "chgrp", "mkdir", "rmdir", "touch", "find",
	"grep", "egrep", "fgrep", "rg", "sed", "awk", "gawk", "tr", "cut", "sort", "uniq",
	"head", "tail", "less", "tee", "xargs", "tar", "zip", "unzip", "gzip", "gunzip",
	"xz", "7z", "bzip2", "base64", "openssl", "gpg", "sha256sum", "md5sum", "systemctl",
	"service", "journalctl", "apt", "apt-get", "dpkg", "yum", "dnf", "rpm", "pacman",
	"apk", "brew", "snap", "flatpak", "choco", "winget", "scoop", "sudo", "su", "doas",
	"env", "export", "source", "eval", "exec", "kill", "pkill", "killall", "ps", "crontab",
	"mount", "umount", "dd", "fdisk", "mkfs", "useradd", "usermod", "passwd", "iptables",
	"ufw", "nft", "ip", "ifconfig", "netstat", "lsof", "tcpdump", "jq", "yq", "sqlite3",
	"psql", "mysql", "mongosh", "redis-cli", "nginx", "certbot", "goreleaser",
	"golangci-lint", "staticcheck", "govulncheck", "mockgen", "protoc", "buf", "bazel",
	"bazelisk", "pre-commit", "black", "ruff", "flake8", "mypy", "pytest", "tox",
	"poetry", "pdm", "uv", "conda", "mamba", "webpack", "vite", "tsc", "eslint",
	"prettier", "jest", "vitest", "mocha", "hugo", "cd", "wc", "diff", "patch", "stat",
	"du", "df", "uname", "whoami", "chroot", "nohup", "tmux", "screen", "vim", "nano",
	"emacs", "gitleaks", "trivy", "cosign", "skopeo", "crane", "oras", "k9s", "kustomize",
	"argocd", "flux", "istioctl", "eksctl", "doctl", "heroku", "fly", "flyctl", "vercel",
	"netlify", "tldr", "flutter", "wp", "jj", "ng", "pio", "pct", "qm", "dvc", "iw", "sysctl", "telnet", "firebase", "wrangler", "supabase", "pulumi", "serverless", "sls", "sam",
	"cdk", "code", "xdg-open", "open", "start", "powershell.exe", "cmd.exe", "msiexec",
	"reg", "schtasks", "certutil", "bitsadmin", "wsl", "set", "setx", "unset", "alias",
	"chsh", "visudo", "apt-key", "add-apt-repository", "update-alternatives", "ldconfig",
	"modprobe", "insmod", "sysctl", "hostnamectl", "timedatectl", "nmcli", "ssh-keygen",
	"ssh-add", "ssh-copy-id", "keytool", "javaw", "go-task", "task", "just", "mage",
	"adb", "fastboot", "xcrun", "xcodebuild", "reboot", "shutdown", "poweroff", "halt",
	// Windows administration (cmd.exe and its tools)
	"net", "netsh", "sc", "wmic", "vssadmin", "bcdedit", "icacls", "takeown", "taskkill",
	"diskpart", "cipher", "del", "erase", "rd", "format", "attrib", "robocopy", "xcopy", "wevtutil",
)

// proseyPrograms are known programs that are also everyday English words;
// inside a sentence they start a command span only with strong evidence
// (a flag, a path argument, a pipe), never on a subcommand alone.
var proseyPrograms = setOf(
	"go", "make", "find", "kind", "sort", "cut", "head", "tail", "less", "touch",
	"kill", "source", "export", "set", "start", "open", "code", "task", "just",
	"patch", "diff", "stat", "service", "screen", "black", "bundle", "buf", "crane",
	"flux", "fly", "sam", "tr", "ip", "su", "dd", "cat", "echo", "env", "exec",
	"mount", "reg", "alias", "unset", "node", "apt", "gem", "rake", "packer", "tee",
	"net", "format", "cipher", "del", "erase", "sc", "reboot", "shutdown", "poweroff", "halt",
)

// shells are programs whose appearance after a pipe makes a command line
// ("curl ... | sh").
var shells = setOf(
	"sh", "bash", "zsh", "fish", "dash", "ksh", "pwsh", "powershell", "iex",
	"invoke-expression", "python", "python3", "perl", "ruby", "node", "sudo", "php",
	"cmd", "source", "eval", "xargs", "tee", "grep", "sed", "awk", "sort", "jq",
	"head", "tail", "wc", "base64", "less", "cut", "tr", "uniq", "gpg", "openssl",
)

// subcommands are typical first arguments of a CLI: a line made of an
// unknown non-English program and one of these is a command ("ddev
// config", "glab issue list" is not matched, "pvecm nodes" is not).
var subcommands = setOf(
	"install", "uninstall", "add", "remove", "rm", "run", "build", "test", "start",
	"stop", "restart", "status", "config", "configure", "init", "push", "pull",
	"fetch", "clone", "commit", "log", "diff", "login", "logout", "deploy", "apply",
	"describe", "exec", "list", "ls", "get", "set", "show", "create", "delete",
	"update", "upgrade", "info", "version", "--version", "help", "--help", "search",
	"sync", "check", "clean", "reset", "enable", "disable", "edit", "new", "import",
	"export", "watch", "serve", "up", "down", "rebase", "merge", "checkout", "switch",
	"branch", "tag", "stash", "resume", "pause", "kill", "logs", "ps", "inspect",
	"publish", "release", "lint", "fmt", "format", "vet", "tidy", "download", "upload",
	"generate", "doctor", "setup", "mount", "unmount", "attach", "detach", "open",
	"close", "connect", "disconnect", "scan", "audit", "verify", "validate", "plan",
	"destroy", "rollback", "scale", "exec", "shell", "console", "compile", "bench",
	"outdated", "prune", "purge", "refresh", "reload", "query", "dump", "restore",
	"backup", "migrate", "seed", "worker", "daemon", "agent", "server", "client",
)

// commands finds command lines.
func (d *detector) commands() {
	n := d.norm
	// Code fences.
	if i := strings.Index(n, "```"); i >= 0 {
		end := len(n)
		if k := strings.Index(n[i+3:], "```"); k >= 0 {
			end = i + 3 + k + 3
		}
		d.report(ruleCommand, i, end)
	}
	// Whole lines.
	for start := 0; start < len(n); {
		end := strings.IndexByte(n[start:], '\n')
		if end < 0 {
			end = len(n)
		} else {
			end += start
		}
		// A backslash continuation joins the next line.
		for end < len(n) && end > start && n[end-1] == '\\' {
			k := strings.IndexByte(n[end+1:], '\n')
			if k < 0 {
				end = len(n)
			} else {
				end += 1 + k
			}
		}
		if end-start <= maxCommandLine && d.mayBeCommandLine(start, end) {
			if a, b, ok := d.commandLine(start, end); ok {
				d.report(ruleCommand, a, b)
			}
		}
		start = end + 1
	}
	// Spans inside sentences.
	d.inlineCommands()
}

// mayBeCommandLine is a cheap filter before the shell parser: a line of
// prose (three English function words, or one first) is not a command
// line unless it carries a prompt, "sudo" or a pipe.
func (d *detector) mayBeCommandLine(start, end int) bool {
	line := d.norm[start:end]
	if !d.noPipe && strings.IndexByte(line, '|') >= 0 && !strings.Contains(line, " | ") && !strings.Contains(line, "||") {
		// A pipe glued inside a word ("el formato AX;220|B") in a
		// sentence of another language is part of a value.
		if i, _ := slices.BinarySearchFunc(d.toks, start, func(t token, s int) int { return cmp.Compare(t.startAt(), s) }); i < len(d.toks) && d.foreignProse(i) {
			return false
		}
	}
	if !d.noPipe && strings.IndexByte(line, '|') >= 0 || !d.noSudo && strings.Contains(line, "sudo") {
		return true
	}
	trimmed := strings.TrimLeft(line, " ")
	if trimmed == "" {
		return true
	}
	switch trimmed[0] { // the first bytes of the prompts and keywords below
	case '$', '#', '%', '>', '[', '(':
		for _, p := range []string{"$ ", "# ", "% ", "> ", "[[ ", "(( "} {
			if strings.HasPrefix(trimmed, p) {
				return true
			}
		}
	case 'w', 'f', 'i', 'u', 'c':
		for _, kw := range []string{"while ", "for ", "if ", "until ", "case ", "function "} {
			if strings.HasPrefix(trimmed, kw) && strings.Contains(line, "; ") {
				return true // a shell compound command: "while getopts ...; do"
			}
		}
	}
	// Tokens of this line.
	i := 0
	if start > 0 {
		i, _ = slices.BinarySearchFunc(d.toks, start, func(t token, s int) int { return cmp.Compare(t.startAt(), s) })
	}
	if i < len(d.toks) && d.toks[i].startAt() < end && d.toks[i].flags&(fProgram|fForeignFn) == fForeignFn {
		return false // an article or preposition of another language: "Le gabarit ... affiche ..."
	}
	prose := 0
	for k := i; k < len(d.toks) && d.toks[k].startAt() < end; k++ {
		if r := d.toks[k].raw; len(r) > 1 && r[0] == '-' && k > i {
			// A flag: quoted prose may follow; but a sentence in another
			// language names one ("GCC kennt die Option
			// -mno-outline-atomics, die ...").
			return !(d.foreignProse(i) && d.foreignBeforeSyntax(i, k+1))
		}
		// flags: fFunction is functionWords, fProgram knownPrograms.
		if fl := d.toks[k].flags; fl&fFunction != 0 {
			if k == i && fl&fProgram == 0 {
				return false
			}
			prose++
			if prose >= 3 {
				return false
			}
		}
	}
	// A line of prose in another language ("Der Job build:app definiert
	// artifacts mit dem Pfad dist/") has no English function words; a
	// line that opens with a product's name ("MySQL Connector/J is
	// licensed ...") is not typed at a prompt.
	return i >= len(d.toks) || !d.foreignProse(i) && !(prose > 0 && d.productCased(i))
}

// maxCommandLine bounds the text given to the shell parser.
const maxCommandLine = 4096

// commandLine judges the line n[start:end] as a whole; it returns the
// span of the command.
func (d *detector) commandLine(start, end int) (int, int, bool) {
	line := d.norm[start:end]
	trimmed := strings.TrimLeft(line, " ")
	a := start + len(line) - len(trimmed)
	prompt := false
	// Strip a list marker.
	if m := listMarkerPrefix(trimmed); m > 0 {
		trimmed = trimmed[m:]
		a += m
	}
	for _, p := range []string{"$ ", "# ", "% ", "> ", "ps> ", "c:\\> ", "c:> "} {
		if strings.HasPrefix(trimmed, p) {
			trimmed = trimmed[len(p):]
			a += len(p)
			prompt = true
			break
		}
	}
	body := strings.TrimRight(trimmed, " ;,")
	if strings.HasSuffix(body, ".") && !strings.HasSuffix(body, "..") && !strings.HasSuffix(body, " .") {
		body = body[:len(body)-1]
	}
	if body == "" {
		return 0, 0, false
	}
	// A label before a command: "Setup: git clone ..." is judged after
	// the colon by the inline pass; a field's label and its value are no
	// command line ("Workers per pod: 4", "Memory limit: 512Mi; request:
	// 256Mi").
	if labelPrefix(body) > 0 && !prompt {
		return 0, 0, false
	}
	if !prompt && d.sentenceCased(a, body) {
		// An English word written with its capital opening the line
		// starts a sentence, not a command typed at a prompt ("Failures
		// read \"container start timed out\"", "Release 5.8.0 contains
		// commit 3e9b7a1 ..."), unless shell syntax follows.
		return 0, 0, false
	}
	if !prompt && !strings.ContainsAny(body, "|><`$;&") {
		// The program's name, then the -s or -ed form of a verb that is
		// no subcommand and an article, is a sentence's subject, though a
		// flag follows: "rustc accepts the flag -Copt-level=3 since 1.0"
		// (as inside a sentence; see finiteAfter). Without the article
		// the word may be a subcommand the list lacks ("npm stars
		// --registry ...", "rails routes").
		if i, _ := slices.BinarySearchFunc(d.toks, a, func(t token, s int) int { return cmp.Compare(t.startAt(), s) }); i+2 < len(d.toks) && d.toks[i].flags&fProgram != 0 &&
			d.toks[i].w != "sudo" && d.finiteAfter(i) && isArticle(d.word(i+2)) && !d.toks[i+1].comma() {
			return 0, 0, false
		}
	}
	c := judgeCommand(body, prompt, false)
	if !c && !(start == 0 && strings.TrimSpace(d.norm[end:]) == "" && d.loneCommand(a, body)) {
		return 0, 0, false
	}
	return a, a + len(body), true
}

// loneCommand reports whether body, which starts at norm[a:] and is the
// whole of the text (a field, not a line of prose), is nothing but a
// program and the words a command line gives it: "ngrok http 80", "tput
// colors", "consul kv put key value". (One word alone is a name.) Inside a sentence
// such words name the program ("The build uses ngrok"); alone they are
// what one types. The program must be no English word unless it is a
// known program that is not also an everyday word ("pwd", "kubectl";
// not "caching enabled"), be written in lower case, and be followed by
// at most four words of a command line's shape; a keyword query
// ("kubernetes pod restart policy") has more than one English word.
func (d *detector) loneCommand(a int, body string) bool {
	if strings.ContainsAny(body, ".?!,;:\"'") && !strings.ContainsAny(body, "/") {
		// A sentence's punctuation ("tbd."), unless a path holds the dot.
		for f := range strings.FieldsSeq(body) {
			if strings.HasSuffix(f, ".") || strings.HasSuffix(f, "?") || strings.HasSuffix(f, "!") || strings.HasSuffix(f, ",") {
				return false
			}
		}
	}
	n := 0
	for range strings.FieldsSeq(body) {
		if n++; n > 5 {
			break
		}
	}
	if n < 2 || n > 5 {
		// One word alone is a name: a service ("docs-search"), an
		// identifier, a program named in a list.
		return false
	}
	words := strings.Fields(body)
	if n == 2 && versionNumber(words[1]) || n == 3 && words[1] == "version" && versionLike(words[2]) {
		return false // a program's name and version: "pip 24.3.1", "mypy version 1.13.0"
	}
	prog := words[0]
	if !programShaped(prog) || isDataFile(prog) || versionLike(prog) || strings.ContainsAny(prog, "/.") && !scriptPath(prog) {
		return false
	}
	if sa := d.offAt(a); sa < len(d.src) && d.src[sa] >= 'A' && d.src[sa] <= 'Z' {
		return false // written as a name ("Caching enabled", "Hatch")
	}
	if auxiliaryWord(words[1]) || foreignCopula(words[1]) || strings.ContainsAny(prog, "/.") && finiteVerbForm(words[1]) && !isSubcommandWord(words[1]) {
		return false // a sentence: "curl is a dependency", "tests/test_export.py hard-codes /tmp/report.csv"
	}
	l := lexicon.Default()
	pf := flagsOf(prog)
	known, prosey := pf&fProgram != 0, pf&fProsey != 0
	if l.IsDictionaryWord(prog) && !(known && !prosey) || len(prog) < 3 && !known {
		return false
	}
	dict := 0
	for _, w := range words[1:] {
		if !argShaped(w) {
			return false
		}
		if _, sub := subcommands[w]; !sub && (l.IsDictionaryWord(w) || englishCompound(w)) {
			dict++
		}
	}
	// More English words read as a keyword query ("gitleaks generic-api-key
	// entropy threshold").
	return dict <= 1 || len(words) <= 2
}

// listMarkerPrefix returns the length of a leading list marker and its
// space ("1. ", "- ", "a) "), or 0.
func listMarkerPrefix(s string) int {
	for _, m := range []string{"- ", "* ", "• ", "+ "} {
		if strings.HasPrefix(s, m) {
			return len(m)
		}
	}
	i := 0
	for i < len(s) && i < 3 && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i > 0 && i+1 < len(s) && (s[i] == '.' || s[i] == ')') && s[i+1] == ' ' {
		return i + 2
	}
	return 0
}

// inlineCommands finds command spans inside prose: they start at a known
// program (or "sudo") and run until the sentence or the command ends.
func (d *detector) inlineCommands() {
	toks := d.toks
	// Spans overlap: each candidate's runs up to 40 tokens, and a run of
	// program names ("curl curl curl ...") makes every token a candidate.
	// Two memos keep the work linear. Whether a span may go on at token j
	// depends on j alone, so the tokens (spanFrom, spanTo) a span already
	// crossed are not tested again. And argScan remembers where the next
	// byte of argChars is.
	spanFrom, spanTo := -1, -1
	var args argScan
	redirects := strings.ContainsAny(d.norm, ">|") // (redirectAfter finds nothing without one)
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		w := t.w
		known := t.flags&fProgram != 0
		if !known && strings.IndexByte(w, '-') > 0 {
			if e := d.cmdletLine(i); e > 0 {
				d.reportTokens(ruleCommand, i, e)
				i = e - 1
				continue
			}
		}
		// A shell prompt before the word: what follows is typed ("The
		// download was: $ zowe zos-files download ...").
		atPrompt := i > 0 && toks[i-1].raw == "$" && !t.nl && programShaped(w) &&
			(i == 1 || toks[i-1].nl || strings.HasSuffix(toks[i-2].raw, ":")) // (a price is no prompt: "in $ per hour")
		if !known && !atPrompt {
			// Cheap test first: only a path, a word before a flag or a
			// word whose output is redirected can start a command here.
			if strings.IndexByte(t.raw, '/') < 0 && !flagWithin(toks, i) && !(redirects && d.redirectAfter(i)) {
				continue
			}
			if !strings.HasPrefix(w, "./") && !d.programBeforeArgs(i) {
				continue
			}
		}
		if pre := t.pre(); w == "" || pre != "" && pre != "`" && pre != "\"" && pre != "'" && pre != "(" {
			continue
		}
		if strings.HasPrefix(t.post(), "_") {
			continue // a prefix, not a program: "VITE_"
		}
		if w != "sudo" && d.finiteAfter(i) {
			continue // the subject of a verb: "reports/tasks.py schedules ...", "git blame attributes ..."
		}
		if !known && i > 0 && !toks[i].nl && locative(toks[i-1].w) && !toks[i-1].comma() && !d.flagAfter(i) {
			continue // a place, not a program: "Sensors in dags/marts/*.py use mode poke"
		}
		if known && t.flags&fProsey != 0 && d.verbAfterSubject(i) {
			continue // the sentence's verb: "The job's JAVA_OPTS set -Xmx2g"
		}
		// In a sentence in another language, or for a product's name
		// ("MySQL Connector/J"), only shell syntax makes a command.
		needSyntax := w != "sudo" && (d.productCased(i) || d.foreignProse(i) || d.afterDeterminer(i))
		// A shell prompt before the program: what follows is typed
		// ("Reproduced with: $ make build").
		prompted := i > 0 && toks[i-1].raw == "$" && !t.nl
		if known && !needSyntax && !prompted {
			if e := d.subcommandChain(i); e > 0 {
				d.reportTokens(ruleCommand, i, e)
				i = e - 1
				continue
			}
		}
		if i > 0 && toks[i-1].w == "sudo" && !toks[i-1].nl {
			continue // judged from "sudo"
		}
		if w == "sudo" && (i+1 >= len(toks) || isProseWord(toks[i+1].w) || !d.sudoTarget(i+1)) {
			continue // "uses sudo only inside the container", "the sudo group"
		}
		// The span: until a token that ends a sentence, or a word that
		// reads as prose.
		j := i + 1
		if spanFrom < i && i < spanTo {
			j = min(spanTo, i+40) // tokens up to spanTo go on a span
		}
		quote := quoteState(0, toks[i].raw)
		for j < len(toks) && j < i+40 && !toks[j].nl && (quote != 0 || !toks[j-1].endsSentence() && !toks[j-1].comma()) {
			// Inside a quoted argument the words are the argument's:
			// psql -c "SELECT count(*) FROM refunds WHERE ...".
			if quote == 0 && isProseWord(toks[j].w) && !looksLikeArg(toks[j].raw) {
				break
			}
			quote = quoteState(quote, toks[j].raw)
			j++
		}
		spanFrom, spanTo = i, j
		if j == i+1 {
			continue
		}
		a, b := t.startAt(), toks[j-1].endAt()
		// A span the token cap cut after an operator ("sh | sh | ...") is
		// judged without it.
		span := trimRightSet(d.norm[a:b], &isSpanTrailer)
		text := trimLeftSet(span, &isSpanOpener)
		from := a + len(span) - len(text)
		end := a + len(span)
		if t.pre() == "`" {
			// A code span ends at its closing backtick: "The fix is `rm
			// -rf /var/www`." judges "rm -rf /var/www".
			if k := strings.IndexByte(text, '`'); k >= 0 {
				end = from + k + 1
				text = text[:k]
			}
		}
		if text == "" || w != "sudo" && !prompted && !args.has(d.norm, from, from+len(text)) {
			continue // inside a sentence only arguments make a command
		}
		if needSyntax && !shellSyntax(text) {
			continue
		}
		if !prompted && d.foreignProse(i) && d.foreignBeforeSyntax(i, j) {
			continue // a sentence that names a flag: "GCC kennt die Option -mno-outline-atomics"
		}
		if d.judgeInline(text, prompted) {
			d.report(ruleCommand, a, end)
			i = j - 1
		}
	}
}

// foreignBeforeSyntax reports whether a Spanish, German or French
// function word (foreignFunctions) comes among toks[i:j] before the first
// flag or shell operator, the program's own word included, or right
// before it: in a sentence
// in those languages, "ist -moutline-atomics" and "kennt die Option
// -mno-outline-atomics" name a flag, where a command line has its program,
// subcommands and arguments before it ("gcc -O2 -c main.c", "tar -xzf
// die.tar": the word comes after the flag).
func (d *detector) foreignBeforeSyntax(i, j int) bool {
	if i > 0 && !d.toks[i].nl && !d.toks[i-1].endsSentence() && !d.toks[i-1].comma() {
		if foreignArticle(d.toks[i-1].w) {
			return true // an article of the language makes a noun of the word: "le drapeau -Copt-level=3"
		}
	}
	for k := i; k < j && k < len(d.toks); k++ {
		t := d.toks[k]
		if strings.HasPrefix(t.raw, "-") || strings.ContainsAny(t.raw, "|>`$") {
			return false
		}
		if _, ok := foreignFunctions[t.w]; ok {
			return true
		}
	}
	return false
}

// isArticle reports whether w is an English article.
func isArticle(w string) bool { return w == "the" || w == "a" || w == "an" }

// foreignArticle reports whether w is a Spanish, German or French
// article ("con rm -rf ..." is a preposition before a command).
func foreignArticle(w string) bool {
	switch w {
	case "el", "la", "los", "las", "un", "una", "le", "les", "une", "des", "du", "der", "die", "das", "den", "dem", "ein", "eine", "einen", "einem":
		return true
	}
	return false
}

// cliWord reports whether token k's word reads as a CLI word that is no
// English word: four letters or more, program-shaped, without a hyphen or
// digit ("s3" and "ec2" are products), not a plural noun ("git
// submodules"), not in the dictionary ("simctl", "assembleRelease"). It
// is remembered per token: the candidates of inlineCommands ask about the
// same tokens again and again.
func (d *detector) cliWord(k int) bool {
	return d.tokenTest(k, 0, func(t token) bool {
		w := t.w
		if d.cliLast.set && d.cliLast.w == w {
			return d.cliLast.yes // a word repeated: "curl curl curl ..."
		}
		yes := len(w) >= 4 && programShaped(w) && !hasDashOrDigit(w) && !strings.HasSuffix(w, "s") && !lexicon.Default().IsDictionaryWord(w)
		d.cliLast = wordAnswer{w: w, yes: yes, set: true}
		return yes
	})
}

// verbLemma is isVerbLemma, remembered for the word it last read: a run of
// one program name ("go go go ...") asks about the same word at every
// token, and a word the lexicon does not hold costs a look-up per
// verb-forming prefix.
func (d *detector) verbLemma(w string) (lexicon.VerbInfo, bool) {
	if l := &d.verbLast; l.set && l.w == w {
		return l.info, l.yes
	}
	info, yes := isVerbLemma(w)
	d.verbLast = verbAnswer{wordAnswer: wordAnswer{w: w, yes: yes, set: true}, info: info}
	return info, yes
}

// verbAnswer is isVerbLemma's answer for a word.
type verbAnswer struct {
	wordAnswer
	info lexicon.VerbInfo
}

// wordAnswer is a test's answer for a word.
type wordAnswer struct {
	w        string
	yes, set bool
}

// chainStop reports whether token k ends the words after a program that
// subcommandChain reads: a line break, punctuation before the word, prose,
// or a word no CLI takes. It is remembered per token, as cliWord is.
func (d *detector) chainStop(k int) bool {
	return d.tokenTest(k, 2, func(t token) bool {
		return t.nl || t.pre() != "" || t.w == "" || isProseWord(t.w) || !argShaped(t.raw) && t.post() == ""
	})
}

// tokenTest returns test(token k), remembered in d.tests at bits
// shift..shift+1 (0 not asked, 1 yes, 2 no).
func (d *detector) tokenTest(k int, shift uint, test func(token) bool) bool {
	if len(d.tests) == len(d.toks) {
		if v := d.tests[k] >> shift & 3; v != 0 {
			return v == 1
		}
	}
	return d.runTest(k, shift, test)
}

// runTest is tokenTest when the answer is not remembered yet (apart, so
// that remembered answers are read inline).
func (d *detector) runTest(k int, shift uint, test func(token) bool) bool {
	if len(d.tests) != len(d.toks) {
		d.tests = append(d.tests[:0], make([]uint8, len(d.toks))...)
	}
	ok := test(d.toks[k])
	v := uint8(2)
	if ok {
		v = 1
	}
	d.tests[k] |= v << shift
	return ok
}

// hasDashOrDigit is strings.ContainsAny(w, "-0123456789").
func hasDashOrDigit(w string) bool {
	for i := 0; i < len(w); i++ {
		if c := w[i]; c == '-' || c >= '0' && c <= '9' {
			return true
		}
	}
	return false
}

// argChars are the bytes of which an inline span needs one to be a
// command: flags, paths, operators, assignments, quotes, dots.
const argChars = "-/|><$`=@~*\"'.&;"

var isArgChar = func() (t [256]bool) {
	for _, c := range []byte(argChars) {
		t[c] = true
	}
	return t
}()

// argScan answers, for text and for ranges whose starts mostly grow,
// whether a range holds a byte of argChars, reading each byte about once.
// It knows that text[from:next] holds none, and, when hit, that text[next]
// is one.
type argScan struct {
	from, next int
	hit        bool
}

// has reports whether text[a:b] holds a byte of argChars
// (strings.ContainsAny(text[a:b], argChars)).
func (m *argScan) has(text string, a, b int) bool {
	if a < m.from || a > m.next {
		*m = argScan{from: a, next: a}
	}
	for !m.hit && m.next < b {
		if isArgChar[text[m.next]] {
			m.hit = true
			break
		}
		m.next++
	}
	return m.hit && m.next < b
}

// afterDeterminer reports whether token i follows an article or
// possessive in the same clause ("the git commit hash", "a docker compose
// file", "its npm scripts"): a program named there modifies a noun phrase
// instead of starting a command line, which then needs shell syntax.
func (d *detector) afterDeterminer(i int) bool {
	if i == 0 || d.toks[i].pre() != "" {
		return false
	}
	p := d.toks[i-1]
	if p.comma() || p.endsSentence() || p.post() != "" || d.toks[i].nl {
		return false
	}
	switch p.w {
	case "the", "a", "an", "this", "that", "these", "those", "its", "their", "our", "your", "my", "his", "her", "each", "every", "whose":
		return true
	}
	return false
}

// maxBracketDepth is how many "(" and "{" a text judged as a command line
// may hold open at once (quoted or not, as gate.Split counts them).
const maxBracketDepth = 64

// unclosedCompound reports whether text opens with a compound command
// that nothing in it can close, which mvdan.cc/sh refuses: "if" with no
// "fi" anywhere, "while" or "until" with no "done", "for" with neither
// "done" nor "}" (bash's "for x in y; { ...; }"). A reserved word is a
// plain literal word, so its closing word is in the text as it is, unless
// a backslash joins lines inside it (none may be here). Fields of "if a;
// then " repeated nest a clause per keyword before failing, at a few
// allocations each. TestUnclosedCompound compares it with the parser.
func unclosedCompound(text string) bool {
	i := 0
	for i < len(text) && (text[i] == ' ' || text[i] == '\t') {
		i++
	}
	kw := text[i:]
	if j := strings.IndexAny(kw, " \t"); j > 0 {
		kw = kw[:j]
	} else {
		return false
	}
	if strings.IndexByte(text, '\\') >= 0 {
		return false
	}
	switch kw {
	case "if":
		return !strings.Contains(text, "fi")
	case "while", "until":
		return !strings.Contains(text, "done")
	case "for":
		return !strings.Contains(text, "done") && !strings.Contains(text, "}")
	}
	return false
}

// deepBrackets reports whether text holds more than maxBracketDepth "("
// or "{" open at once. mvdan.cc/sh recurses once per level, and builds an
// error at each when the nesting does not close ("((((", "$($($("); no
// command line nests so deep, so such a text is not parsed.
func deepBrackets(text string) bool {
	depth := 0
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case '(', '{':
			if depth++; depth > maxBracketDepth {
				return true
			}
		case ')', '}':
			if depth > 0 {
				depth--
			}
		}
	}
	return false
}

// spanTrailer are the characters trimmed from the end of an inline
// command span: sentence punctuation and a dangling pipe or "&";
// spanOpener those trimmed from its start.
const (
	spanTrailer = " .;,:)|&"
	spanOpener  = "`\"'("
)

var isSpanTrailer, isSpanOpener = byteSet(spanTrailer), byteSet(spanOpener)

// trimRightSet and trimLeftSet are strings.TrimRight and TrimLeft for a
// cutset of ASCII bytes given as a table (they run once per inline
// candidate, where building the cutset each time was a noticeable cost).
func trimRightSet(s string, set *[256]bool) string {
	for len(s) > 0 && set[s[len(s)-1]] {
		s = s[:len(s)-1]
	}
	return s
}

func trimLeftSet(s string, set *[256]bool) string {
	for len(s) > 0 && set[s[0]] {
		s = s[1:]
	}
	return s
}

// judgeInline is judgeCommand on an inline command span (prompt: a shell
// prompt stands before it). Spans overlap
// (each candidate's runs up to 40 tokens), so the shell parser's work is
// bounded in all: after three times the input's bytes plus 64 have been
// parsed, a span is a command when it holds shell syntax, without parsing
// it. The development corpora parse at most one and a half times a
// text's bytes, most nothing; crafted text (a run of program names and
// operators that never parses) reaches the bound, and fails closed. The
// bound is per call, so a response of many short fields is held to it
// field by field.
func (d *detector) judgeInline(text string, prompt bool) bool {
	if d.inlineParsed > 3*len(d.norm)+64 {
		return shellSyntax(text)
	}
	d.inlineParsed += len(text)
	return judgeCommand(text, prompt, true)
}

// subcommandChain judges a known program named inside a sentence with
// only words after it. A program and one subcommand is a fact, as the
// facts-only contract says, whether the subcommand is English or not
// ("The project uses npm workspaces", "CI runs cargo clippy", "The job runs
// gradle assembleRelease"); a chain of two or more CLI words ("adb shell pm
// clear", "xcrun simctl boot", "docker compose up") or a dotted identifier
// as an argument ("... clear com.acme.wallet") makes it a command. It
// returns the end of the command (its last CLI word) or 0.
func (d *detector) subcommandChain(i int) int {
	// (flags: fProsey is proseyPrograms, fSubcommand subcommands,
	// fEntity cliEntities; a bit test where a map look-up per program
	// token was a fifth of this function's time.)
	if d.toks[i].flags&fProsey != 0 || d.toks[i].comma() || d.toks[i].endsSentence() {
		return 0
	}
	if d.toks[i].nl {
		// A line that opens with the program was judged whole; in a
		// sentence that goes on after the command ("git revert 4f2a9c1
		// undoes the bad migration"), only a subcommand with an
		// identifier for its operand makes one. A program written as a
		// name ("Helm release secrets ...") or named with its version
		// ("golangci-lint v1.57.0 reports ...") does not.
		if sa := d.offAt(d.toks[i].startAt()); sa < len(d.src) && d.src[sa] >= 'A' && d.src[sa] <= 'Z' {
			return 0
		}
		// The subcommand may follow an entity or another subcommand
		// ("kubectl delete pod api-7f9c4", "gh pr merge 482").
		// A verb in its base form goes on the chain too when a
		// subcommand follows it ("rustup override set 1.76.0").
		m := i + 1
		for m < len(d.toks) && m < i+4 && d.toks[m].post() == "" && m+1 < len(d.toks) && !identifierOperand(d.toks[m+1].raw) &&
			(d.toks[m].flags&(fSubcommand|fEntity) != 0 || d.toks[m+1].flags&fSubcommand != 0 && d.baseVerb(m)) {
			m++
		}
		if m+1 >= len(d.toks) || !identifierOperand(d.toks[m+1].raw) {
			return 0
		}
		return d.operandAfter(m)
	}
	if d.word(i+1) == "version" && versionLike(d.word(i+2)) {
		return 0 // a noun phrase: "sets python version 3.12"
	}
	l := lexicon.Default()
	end, dotted, odd := 0, false, false
	for m := i + 1; m < len(d.toks) && m < i+7; m++ {
		t := &d.toks[m]
		w := t.w
		if d.chainStop(m) {
			break
		}
		sub := t.flags&fSubcommand != 0 // in subcommands
		entity := t.flags&fEntity != 0  // in cliEntities
		switch {
		case len(w) >= 5 && dottedIdentifier(w):
			dotted, end = true, m+1
		case sub || entity:
			end = max(end, m+1)
		case odd && m == i+2 && l.Verbs[w] != (lexicon.VerbInfo{}):
			// the verb after a non-English subcommand: "simctl boot"
			end = m + 1
		case d.cliWord(m):
			// "simctl", "assembleRelease"; not "s3" or "ec2" (a product)
			// or a plural noun ("git submodules")
			if m == i+1 {
				odd = true
			}
			end = m + 1
		}
		if t.post() != "" {
			break
		}
	}
	// A non-English subcommand ("simctl") counts only as the head of a
	// chain: something CLI-shaped must follow it ("simctl boot").
	if dotted || odd && end > i+2 || d.subcommandPair(i) {
		return end
	}
	// A subcommand and an operand: "git push origin main", "helm upgrade
	// payments". A program and its subcommand alone stay a fact ("CI runs
	// make lint after the build").
	if e := d.operandAfter(i + 1); e > 0 {
		return e
	}
	return 0
}

// baseVerb reports whether token k is a verb in its base form, not a
// finite one ("override", not "overrides").
func (d *detector) baseVerb(k int) bool {
	w := d.toks[k].w
	_, verb := isVerbLemma(w)
	return verb && !finiteVerbForm(w)
}

// abstractNoun reports whether w has the ending of an abstract noun or a
// gerund ("invalidation", "management", "caching"). After another
// English word it heads a topic ("cache invalidation"), which a command's
// operands (names, refs, paths: "ns production") are not.
func abstractNoun(w string) bool {
	if len(w) < 7 {
		return false
	}
	for _, suf := range [...]string{"ation", "ment", "ness", "ity", "ance", "ing"} {
		if strings.HasSuffix(w, suf) {
			return true
		}
	}
	return false
}

// operandAfter reports whether the known subcommand at k is followed by
// operands that end the command: words that are not English function
// words, finite verbs or plural nouns, up to the end of the clause or a
// word of prose. It returns the end of the last operand, or 0.
func (d *detector) operandAfter(k int) int {
	if k >= len(d.toks) {
		return 0
	}
	if d.toks[k].post() != "" {
		return 0
	}
	if d.toks[k].flags&fSubcommand == 0 {
		// Any verb in its base form is a subcommand when an identifier
		// follows it: "git revert 4f2a9c1", "kubectl drain node-4",
		// "rustup override set 1.76.0" (a topic has words after it:
		// "docker build cache").
		// (the operand first: it is cheap to refuse, the lexicon is not)
		if k+1 >= len(d.toks) || !identifierOperand(d.toks[k+1].raw) {
			return 0
		}
		w := d.toks[k].w
		info, verb := d.verbLemma(w)
		if !verb || finiteVerbForm(w) {
			return 0
		}
		if info.Noun && allDigits(strings.TrimRight(d.toks[k+1].raw, ".,;:")) {
			return 0 // a noun and its number: "gzip level 6", "postgres port 5432"
		}
	}
	if k+2 < len(d.toks) && allDigits(strings.TrimRight(d.toks[k+1].raw, ".,;:")) && measureUnit(d.toks[k+2].w) {
		return 0 // a measurement, not an operand: "pip install 318 MB"
	}
	end := 0
	for m := k + 1; m < len(d.toks) && m < k+5; m++ {
		t := d.toks[m]
		w := t.w
		if t.nl || t.pre() != "" || w == "" || isProseWord(w) || !argShaped(t.raw) && t.post() == "" {
			break
		}
		if abstractNoun(w) && end > 0 && lexicon.Default().IsDictionaryWord(d.toks[m-1].w) {
			return 0 // a topic, not operands: "docker build cache invalidation"
		}
		if auxiliaryWord(w) && end > 0 {
			return 0 // the subject of a verb: "Docker build cache had grown to 460 GB"
		}
		if m+1 < len(d.toks) && !t.endsSentence() && !t.comma() && allDigits(strings.TrimRight(d.toks[m+1].raw, ".,;:")) && strings.HasSuffix(w, "s") && !grammar.Default().Inflected(w) {
			// A name and a number after the subcommand are its operands:
			// "helm rollback payments 14".
			end = m + 2
			break
		}
		if grammar.Default().Inflected(w) || strings.HasSuffix(w, "s") && lexicon.Default().IsDictionaryWord(w) && !strings.HasSuffix(w, "ss") {
			// A verb of the sentence, or a plural noun: "npm install fails",
			// "git submodules"; after an operand, the sentence goes on:
			// "git reset origin/main followed by a rebuild".
			break
		}
		end = m + 1
		if t.post() != "" {
			break
		}
	}
	return end
}

// subcommandPair reports whether the two words after the program at i are
// both CLI words ("docker compose up", "kubectl get pods").
func (d *detector) subcommandPair(i int) bool {
	const cli = fSubcommand | fEntity // subcommands or cliEntities
	if i+2 >= len(d.toks) || d.toks[i+1].flags&cli == 0 || d.toks[i+2].flags&cli == 0 || d.toks[i+1].post() != "" {
		return false
	}
	// The pair must end the name: "docker build cache invalidation" is a
	// topic, "docker compose up for local development" a command.
	if i+3 >= len(d.toks) || d.toks[i+2].post() != "" || d.toks[i+3].nl {
		return true
	}
	nx := d.toks[i+3].w
	if auxiliaryWord(nx) || finiteVerbForm(nx) && d.toks[i+3].flags&cli == 0 {
		return false // the subject of a verb: "Docker build cache had grown to 460 GB"
	}
	return isProseWord(nx) || d.toks[i+3].flags&cli != 0 || !lexicon.Default().IsDictionaryWord(nx)
}

// dottedIdentifier reports a reverse-DNS or dotted name with at least two
// dots that is not a version: "com.acme.wallet", "io.k8s.api".
func dottedIdentifier(w string) bool {
	if len(w) < 5 || w[0] < 'a' || w[0] > 'z' || strings.Count(w, ".") < 2 {
		return false
	}
	for i := 0; i < len(w); i++ {
		if c := w[i]; !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '.' || c == '_' || c == '-') {
			return false
		}
	}
	return !strings.HasSuffix(w, ".") && !strings.Contains(w, "..")
}

// sudoTarget reports whether token k can be what sudo runs: a known
// program, a flag, a path or a word that is not English.
func (d *detector) sudoTarget(k int) bool {
	t := d.toks[k]
	if t.flags&fProgram != 0 || strings.HasPrefix(t.raw, "-") || strings.ContainsAny(t.w, "/.") {
		return true
	}
	return programShaped(t.w) && !lexicon.Default().IsDictionaryWord(t.w)
}

// programBeforeArgs reports whether token k, not a known program, starts
// a command inside prose: a path to a program ("./gradlew", "bin/rails",
// "./scripts/deploy.sh") followed by an argument, or a word that is not
// English followed by a flag ("pg_dump --schema-only", "xcodebuild
// -scheme", "ffmpeg -i").
func (d *detector) programBeforeArgs(k int) bool {
	if k+1 >= len(d.toks) || d.toks[k].endsSentence() || d.toks[k].comma() || d.toks[k+1].nl {
		return false
	}
	w := d.toks[k].w
	next := d.toks[k+1].raw
	flag := len(next) > 1 && next[0] == '-' && (isAlnum(next[1]) || next[1] == '-')
	if !flag && strings.IndexByte(w, '/') < 0 && programShaped(w) && !lexicon.Default().IsDictionaryWord(w) && d.namesProgram(k) {
		// Subcommands between the program and its flag: "sqlx migrate
		// revert --target-version 20261025".
		for m := k + 1; m < len(d.toks) && m <= k+3 && !d.toks[m-1].endsSentence() && !d.toks[m-1].comma() && !d.toks[m].nl; m++ {
			if r := d.toks[m].raw; len(r) > 2 && r[0] == '-' && (r[1] == '-' || isAlnum(r[1])) || m > k+1 && settingArg(r) {
				// a flag, or a setting after a subcommand: "scontrol
				// update JobId=4411 TimeLimit=3-00:00:00"
				flag = m > k+1
				break
			}
			if d.toks[m].flags&fSubcommand == 0 && !d.baseVerb(m) {
				break
			}
		}
	}
	if !flag && strings.IndexByte(w, '/') < 0 {
		// A word that is not English, with its output redirected to a
		// file within the clause: "pg_dump app_prod > app_prod.sql".
		return programShaped(w) && !lexicon.Default().IsDictionaryWord(w) && d.toks[k].flags&fFunction == 0 && d.redirectAfter(k)
	}
	if scriptPath(w) {
		// a relative path such as bin/rails, followed by an argument
		return flag || !isProseWord(d.toks[k+1].w) && argShaped(d.toks[k+1].w)
	}
	return flag && programShaped(w) && !lexicon.Default().IsDictionaryWord(w) && d.toks[k].flags&fFunction == 0 && !phrasePreposition(w)
}

// namesProgram reports whether token k, a word that is no English word,
// can be a program typed first on a command line inside a sentence: it
// follows no determiner, possessive or noun ("The job's JAVA_OPTS set
// -Xmx2g", "The container args set --parallelism=16": a subject before
// its verb) and is not an environment variable's upper-case name.
func (d *detector) namesProgram(k int) bool {
	if d.afterDeterminer(k) || d.allCaps(k) {
		return false
	}
	if k > 0 && !d.toks[k].nl && !d.toks[k-1].comma() && !d.toks[k-1].endsSentence() {
		p := d.toks[k-1].w
		_, verb := isVerbLemma(p)
		verb = verb || grammar.Default().Inflected(p)
		if strings.HasSuffix(d.toks[k-1].raw, "'s") || lexicon.Default().IsDictionaryWord(p) && !verb && !functionWord(p) && !isPreposition(p) && !auxiliaryWord(p) && !isProseWord(p) {
			return false // "The container args set ...": a noun before the name
		}
	}
	return true
}

// flagWithin reports whether one of the three tokens after toks[i]
// starts with '-' or is a setting: a flag after a program or its
// subcommands, or a KEY=VALUE argument.
func flagWithin(toks []token, i int) bool {
	for m := i + 1; m < len(toks) && m <= i+3; m++ {
		if toks[m].raw[0] == '-' || m > i+1 && settingArg(toks[m].raw) {
			return true
		}
	}
	return false
}

// settingArg reports whether raw is a KEY=VALUE argument: a name of
// letters, digits and '_' or '.', '=', and a value ("JobId=4411",
// "TimeLimit=3-00:00:00").
func settingArg(raw string) bool {
	k := strings.IndexByte(raw, '=')
	if k <= 0 || k == len(raw)-1 {
		return false
	}
	for i := 0; i < k; i++ {
		if c := raw[i]; !isAlnum(c) && c != '_' && c != '.' {
			return false
		}
	}
	return true
}

// redirectAfter reports whether the clause after token k, before any word
// of prose, redirects into a file ("> app_prod.sql", ">> /var/log/x")
// or pipes into a known program ("| gzip"). A comparison ("error_rate >
// 0.05") has no file after it.
func (d *detector) redirectAfter(k int) bool {
	for j := k + 1; j+1 < len(d.toks) && j < k+6; j++ {
		t := d.toks[j-1]
		if t.endsSentence() || t.comma() || d.toks[j].nl || isProseWord(d.toks[j].w) {
			return false
		}
		nx := d.toks[j+1]
		switch d.toks[j].raw {
		case ">", ">>":
			target := strings.TrimRight(nx.raw, ".,;:")
			return hasFileExt(target) || strings.HasPrefix(target, "/") || strings.HasPrefix(target, "./")
		case "|":
			return nx.flags&fProgram != 0
		}
	}
	return false
}

// isProseWord reports whether w is an English function word that ends an
// inline command span.
func isProseWord(w string) bool {
	switch w {
	case "the", "a", "an", "is", "are", "was", "were", "be", "and", "or", "but",
		"against", "after", "before", "when", "while", "because", "which", "that",
		"to", "for", "of", "in", "on", "at", "by", "with", "from", "still", "again",
		"first", "then", "also", "only", "so", "if", "it", "this", "these", "those",
		"safe", "work", "works", "fails", "failed", "succeeds", "should", "must",
		"will", "would", "can", "could", "does", "do", "did", "has", "have", "had",
		"as", "than", "once", "until", "without", "every", "each", "across", "inside",
		"within", "into", "onto", "per", "via", "using", "during", "instead", "here",
		"there", "now", "always", "never", "we", "you", "they", "he", "she", "i":
		return true
	}
	return false
}

// looksLikeArg reports whether a raw token is clearly a command argument.
func looksLikeArg(raw string) bool {
	return strings.HasPrefix(raw, "-") || strings.ContainsAny(raw, "/=@|<>$")
}

// shellParser is a pooled parser with the reader it reads from, so that a
// parse allocates only the syntax tree.
type shellParser struct {
	p *syntax.Parser
	r strings.Reader
}

var parserPool = sync.Pool{New: func() any {
	return &shellParser{p: syntax.NewParser(syntax.Variant(syntax.LangBash), syntax.KeepComments(false))}
}}

// maxPlainWords is how many words the plain-words and plain-list fast
// paths keep in a stack array (a longer line's words grow onto the heap:
// a few allocations, where the parser makes two a word).
const maxPlainWords = 128

// plainWords splits text into its words when the shell parser would read
// text as exactly one simple command whose arguments are the
// space-separated words, each a plain literal: no assignments, redirections,
// quotes, expansions, substitutions, globs that the parser tokenises, pipes,
// lists, comments or compound commands. It returns false (and the caller
// parses) otherwise. Why this is sound, from mvdan.cc/sh/v3/syntax's lexer
// (advanceLitNone and Parser.next) and parser (gotStmtPipe, callExpr):
//
//   - The bytes allowed are ASCII letters and digits, ' ' and
//     ".,_-+/:@%^#=~". None of them is in regOps (;"'()$|&><`), none
//     breaks a literal in advanceLitNone, so a run of them between spaces
//     is one _LitWord token whose value is the run itself (no backslash, so
//     nothing is unescaped). "+" and "@" start an extended glob only before
//     "(", which is not allowed. Tabs, newlines and CR are not allowed, so
//     every word separator is a space and there is one statement.
//   - "#" starts a comment only at the start of a word: it is allowed
//     only inside a word, where advanceLitNone keeps it.
//   - "=" makes the first word an assignment (hasValidIdent) and is allowed
//     only after the first word: callExpr turns a word into an Assign only
//     while no argument has been read yet.
//   - The first word must not be a keyword or a declaration builtin
//     (syntax.IsKeyword, "elif", "let", "declare", "local", "export",
//     "readonly", "typeset", "nameref", "@test"), which gotStmtPipe parses as
//     something other than a call; any other first word is followed by a
//     space or the end, not "(", so it is a call's first argument.
//
// So the parse is one Stmt, without redirections, holding a CallExpr whose
// Args are one *syntax.Lit word per space-separated word: judgeStmt on it
// is judgeArgs over these words, which is what the fast path runs.
// TestPlainWordsMatchParser checks this against the parser.
func plainWords(text string, words *[maxPlainWords]string) ([]string, bool) {
	out := words[:0]
	for i := 0; i < len(text); {
		c := text[i]
		if c == ' ' {
			i++
			continue
		}
		if c == '#' {
			return nil, false // a comment
		}
		j := i
		for ; j < len(text) && text[j] != ' '; j++ {
			c := text[j]
			if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || plainByte[c]) {
				// A glob's bytes, in a word that the lexer keeps whole:
				// '[' only in a word that opens with it.
				if !globByte[c] || c == '[' && text[i] != '[' {
					return nil, false
				}
			}
			if c == '=' && len(out) == 0 {
				return nil, false
			}
		}
		out = append(out, text[i:j]) // past maxPlainWords, on the heap
		i = j
	}
	if len(out) > 0 && shellReserved(out[0]) {
		return nil, false
	}
	return out, true
}

// globByte are the bytes of glob patterns that plainWords also takes: none
// is in regOps, '?', '*' and '!' start an extended glob only before "(",
// which is not allowed, ']' breaks no literal, and '[' makes a word
// (*syntax.Lit) of several parts only after a first byte other than '['
// (advanceLitNone), which plainWords refuses.
var globByte = func() (t [256]bool) {
	for _, c := range []byte("[]?*!") {
		t[c] = true
	}
	return t
}()

var plainByte = func() (t [256]bool) {
	for _, c := range []byte(".,_-+/:@%^#=~") {
		t[c] = true
	}
	return t
}()

// shellReserved reports whether the parser treats w in command position
// as something other than the name of a program.
func shellReserved(w string) bool {
	switch w {
	case "elif", "let", "declare", "local", "export", "readonly", "typeset", "nameref", "@test":
		return true
	}
	return syntax.IsKeyword(w)
}

// judgeCommand parses text as a shell command and decides whether it is a
// command line. prompt says a shell prompt preceded it; inline says it was
// cut out of a sentence (then a subcommand alone is not enough).
func judgeCommand(text string, prompt, inline bool) bool {
	if len(text) > maxCommandLine {
		return false
	}
	if cannotNameProgram(text) {
		return false // what decideCommand answers first, without parsing
	}
	var ev evidence
	var wbuf [maxPlainWords]string // serves both fast paths
	var cbuf [maxPlainCmds]plainCmd
	if words, ok := plainWords(text, &wbuf); ok {
		// What the parser would build: see plainWords.
		judgeArgs(callArgs{plain: words}, nil, text, &ev)
	} else if pl, ok, bad := splitPlainList(text, wbuf[:0], cbuf[:0]); ok {
		// Plain commands joined by pipes and lists: see splitPlainList.
		judgePlainList(&pl, &ev)
	} else if bad || !parseEvidence(text, &ev) {
		return false
	}
	return decideCommand(&ev, prompt, inline)
}

// cannotNameProgram reports, from the bytes of text alone, that no
// parse of it names a program decideCommand accepts: it holds none of
// the bytes that a path, an assignment, a quote, an expansion, "[[" or
// "((" or a function's "()" needs, and every word that could be a
// program name or a keyword (a run of programShaped's bytes that begins
// with one of its first bytes) is glued to a non-ASCII byte. The shell
// splits words only at ASCII bytes, so such a run is part of a longer
// word holding a non-ASCII character, which programShaped refuses
// (without '/' it takes ASCII alone); and every other program the
// evidence can name ("let", "sh", "env", a declaration's keyword) needs
// a keyword word or one of the bytes above. Crafted text of non-ASCII
// short sentences ("é. é. ...") is thus not parsed at all.
func cannotNameProgram(text string) bool {
	for i := 0; i < len(text); i++ {
		c := text[i]
		if noProgramByte[c] {
			return false
		}
		if !(c >= 'a' && c <= 'z' || c == '_' || c == '!') {
			continue
		}
		j := i + 1
		for j < len(text) && programByte[text[j]] {
			j++
		}
		if !(i > 0 && text[i-1] >= utf8.RuneSelf || j < len(text) && text[j] >= utf8.RuneSelf) {
			return false // a word that may be a program or a keyword
		}
		i = j - 1
	}
	return true
}

// noProgramByte are the bytes cannotNameProgram refuses outright, and
// programByte those programShaped accepts in a name without '/'.
var noProgramByte, programByte = func() (no, prog [256]bool) {
	for _, c := range []byte("/\\=([`$\"'") {
		no[c] = true
	}
	for c := 'a'; c <= 'z'; c++ {
		prog[c] = true
	}
	for c := '0'; c <= '9'; c++ {
		prog[c] = true
	}
	for _, c := range []byte("._+-!") {
		prog[c] = true
	}
	return no, prog
}()

// decideCommand decides from the evidence of a command text whether it is
// a command line; prompt and inline are as for judgeCommand.
func decideCommand(ev *evidence, prompt, inline bool) bool {
	l := lexicon.Default()
	if !ev.call || ev.program == "" {
		return false
	}
	prog := ev.program
	pf := flagsOf(prog)
	known, prosey := pf&fProgram != 0, pf&fProsey != 0
	if !programShaped(prog) || isDataFile(prog) {
		return false
	}
	if pf&fFunction != 0 && !known {
		return false // "we accept: ...", "in 1594 ... & ..."
	}
	if !prompt && !ev.sudo && !ev.pipeToShell && !ev.flag && !ev.redirect && ev.nargs == 1 && versionNumber(ev.first) && !strings.Contains(prog, "/") {
		return false // a program's name and version: "pip 24.3.1", "Vite 5.4.10" (not "scripts/release.sh v1.2.3")
	}
	if !known && !prompt && !ev.sudo && !ev.pipeToShell && !ev.flag && !ev.strong && !ev.redirect && inflectedForm(prog) {
		// A verb's -s or -ed form with no shell syntax after it is no
		// program: "Counts max_children warnings per pod" ("defaults
		// delete" and "shred --zero" have their operands).
		return false
	}
	if ev.prose > 0 && !ev.strong {
		return false
	}
	if ev.prose > 0 && !known && !prompt && !ev.sudo && !ev.pipeToShell {
		return false // "go.sum records ... with hash ..."
	}
	if _, ok := l.SLemma(ev.first); ok && !known && !prompt && !ev.sudo && !ev.flag && !ev.placeholder {
		if _, sub := subcommands[ev.first]; !sub {
			return false // "package-lock.json pins left-pad 1.3.0"
		}
	}
	if ev.prose > 1 && !ev.pipeToShell && !ev.sudo && !prompt {
		return false
	}
	if !prompt && !ev.sudo && !ev.pipeToShell && !ev.flag && !ev.redirect && ev.nargs == 2 &&
		(ev.first == "version" && versionLike(ev.second) || (ev.first == "line" || ev.first == "lines") && isNumberWord(ev.second)) {
		return false // a noun phrase: "python version 3.12", a place: "sms/provider.py line 201"
	}
	if !prompt && !ev.sudo && !ev.pipeToShell && !ev.flag && !ev.redirect && ev.nargs >= 2 && isSubcommandWord(ev.first) && finiteVerbForm(ev.second) && !isSubcommandWord(ev.second) {
		// A program and its subcommand as the subject of a verb: "npm
		// install fails on Node 16", "helm upgrade hangs for 10 minutes".
		return false
	}
	if !prompt && !ev.sudo && !ev.pipeToShell && !ev.flag && !ev.redirect && fileSubject(prog) && (finiteVerbForm(ev.first) || sFormOfWord(ev.first)) {
		// A file named as the subject of a sentence: "tests/test_export.py
		// hard-codes /tmp/report.csv", "cmd/main.go imports ./internal".
		return false
	}
	switch {
	case ev.pipeToShell || ev.sudo || ev.subst:
		return true
	case prompt:
		return known || !l.IsDictionaryWord(prog) || ev.strong || ev.nargs > 0
	case inline && scriptPath(prog) && ev.nargs >= 1 && ev.proseless && !(ev.nargs == 1 && (l.IsDictionaryWord(ev.first) || auxiliaryWord(ev.first))):
		// "./gradlew assembleRelease", "bin/rails db:migrate"; not a path
		// named in prose ("the directory ../shared-proto cannot be found")
		return true
	case inline && known && !prosey && !ev.strong && ev.nargs <= 2 && ev.dict() == 0 && programShaped(ev.first) && !strings.Contains(ev.first, "-") && !l.IsDictionaryWord(ev.first) && !versionLike(ev.first):
		return true // "gradle assembleRelease"
	case ev.strong:
		if inline {
			if !ev.flag && !ev.redirect && ev.dict() >= 1 {
				return false // "SSH keys matching id_ed25519*": a glob in prose
			}
			if prosey {
				return ev.flag || ev.redirect
			}
			return known || !l.IsDictionaryWord(prog) || strings.HasPrefix(prog, "./")
		}
		if known || !l.IsDictionaryWord(prog) {
			return true
		}
		// "nova boot --nic net-id=x vm_name", "module save collection_name".
		return ev.nargs >= 1 && ev.proseless && ev.allShaped && (ev.dict() < 2 || ev.flag || ev.placeholder)
	}
	if inline {
		return false
	}
	// A whole line without flags or paths: a known program with a
	// subcommand ("go vet", "npm install left-pad"), or an unknown
	// non-English program with one ("ddev config").
	_, sub := subcommands[ev.first]
	_, entity := cliEntities[ev.first]
	_, sub2 := subcommands[ev.second]
	cli := known && !prosey || !known && !l.IsDictionaryWord(prog)
	if cli && (sub || known && entity && sub2) && ev.nargs >= 2 && ev.nargs <= 6 && ev.proseless && ev.allShaped && !(abstractNoun(ev.last) && ev.nargs >= 3) {
		// A subcommand and its operands: "git push origin main",
		// "kubectl delete ns production", "pulumi plugin install name"; not
		// a topic after a word that is no program ("kubernetes pod restart
		// policy").
		return true
	}
	if ev.nargs == 0 || !ev.proseless || !ev.allShaped || ev.dict() >= 2 && !ev.placeholder || ev.dict() >= 4 {
		// A lone name, or words that read as a phrase or a search query
		// ("gitleaks generic-api-key entropy threshold").
		return false
	}
	if ev.placeholder {
		// "docker context create context_name", "exit exit_code"
		return known || !l.IsDictionaryWord(prog) || ev.nargs <= 4
	}
	// Only words: a keyword query ("kubernetes pod restart policy",
	// "npm workspaces hoisting") looks the same, so ask for a short line
	// with an action word: "git submodule", "az config get", "ddev config".
	nondict := known && !prosey || !known && !l.IsDictionaryWord(prog)
	switch {
	case !nondict && !known:
		return false
	case ev.nargs == 1:
		return nondict || sub
	case ev.nargs == 2:
		return ev.subCount() > 0 && ev.dict() <= 1
	}
	_, lastSub := subcommands[ev.last]
	if known && !prosey {
		return ev.subCount() > 0 && ev.dict() == 0 && ev.nargs <= 4 // "uv tool upgrade package"
	}
	return (sub || lastSub) && ev.dict() == 0 && ev.nargs <= 4
}

// parseEvidence parses text as a shell program and collects the evidence
// of its statements; it returns false when text does not parse or holds
// no statement.
func parseEvidence(text string, ev *evidence) bool {
	if deepBrackets(text) {
		return false // no command line nests so deep; the parser would recurse per byte
	}
	if unclosedCompound(text) {
		return false // the parser would fail, after building a clause per keyword
	}
	sp := parserPool.Get().(*shellParser)
	defer parserPool.Put(sp)
	sp.r.Reset(text)
	f, err := sp.p.Parse(&sp.r, "")
	sp.r.Reset("") // drop the reference to text
	if err != nil || f == nil || len(f.Stmts) == 0 {
		return false
	}
	// A command or process substitution needs "$(", "${", "`", "<(" or
	// ">(" in the source: without "`", "(" and "${" no word holds one.
	ev.maySubst = strings.ContainsAny(text, "`(") || strings.Contains(text, "${")
	for _, st := range f.Stmts {
		judgeStmt(st, ev, 0)
	}
	return true
}

// englishCompound reports whether w is a hyphenated compound whose last
// part is an English word ("multi-stage", "add-on", "set-up").
func englishCompound(w string) bool {
	i := strings.LastIndexByte(w, '-')
	return i > 0 && i < len(w)-1 && lexicon.Default().IsDictionaryWord(w[i+1:])
}

// quoteState returns the quote (a double or single quote byte, or 0)
// still open after raw, given the one open before it. An apostrophe
// inside a word ("it's") opens none.
func quoteState(open byte, raw string) byte {
	for k := 0; k < len(raw); k++ {
		c := raw[k]
		switch {
		case open != 0:
			if c == open {
				open = 0
			}
		case c == '"':
			open = c
		case c == '\'' && (k == 0 || !isAlnum(raw[k-1])):
			open = c
		}
	}
	return open
}

// verbAfterSubject reports whether token i, a program that is also an
// everyday verb ("set", "make", "find"), stands where a sentence's verb
// stands: right after a noun or an identifier that is its subject ("The
// job's JAVA_OPTS set -Xmx2g", "the linter finds ..."), not after a verb
// or preposition that introduces a command ("runs set -e", "with make
// -j8").
func (d *detector) verbAfterSubject(i int) bool {
	if i == 0 || d.toks[i-1].endsSentence() || d.toks[i-1].comma() || d.toks[i].nl {
		return false
	}
	p := d.toks[i-1]
	if p.flags&fFunction != 0 || strings.ContainsAny(p.post(), ":`\"'") || strings.ContainsAny(d.toks[i].pre(), "`\"'") {
		return false
	}
	if !hasLetterOrDigit(p.raw) {
		return false // a prompt, not a subject: "with: $ go test -race ./..."
	}
	switch p.w {
	case "run", "runs", "ran", "running", "use", "uses", "used", "using", "call", "calls", "called", "invoke", "invokes",
		"invoked", "execute", "executes", "executed", "type", "types", "typed", "enter", "via", "then", "also", "just":
		return false
	}
	if _, ok := lexicon.Default().SLemma(p.w); ok {
		return false // a verb before it: "the script sets set -e"
	}
	_, verb := d.verbLemma(p.w)
	return !verb || identifierWord(p.w) || strings.ContainsAny(p.w, "_.") || upperCased(p.raw)
}

// upperCased is strings.ToUpper(s) == s without building the upper-cased
// copy for an ASCII s.
func upperCased(s string) bool {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= utf8.RuneSelf:
			return strings.ToUpper(s) == s
		case 'a' <= c && c <= 'z':
			return false
		}
	}
	return true
}

// labelPrefix returns the length of a field's label at the start of
// line: one to six words without shell syntax and a colon followed by a
// space ("Workers per pod: ", "Start time: "), or 0. A drive letter
// ("C:\\"), a URL's scheme and a colon inside a word are no label.
func labelPrefix(line string) int {
	i := strings.Index(line, ": ")
	if i <= 0 || i > 60 {
		return 0
	}
	head := line[:i]
	if strings.ContainsAny(head, "|&;<>$`=/\\'\"()[]{}") || strings.HasPrefix(head, "-") || strings.Contains(head, " -") {
		return 0
	}
	f := strings.Fields(head)
	if n := len(f); n < 1 || n > 6 || len(f[n-1]) == 1 {
		return 0 // (a drive letter: "format C: /q")
	}
	return i + 2
}

// isSubcommandWord reports whether w is a common subcommand.
func isSubcommandWord(w string) bool {
	_, ok := subcommands[w]
	return ok
}

// fileSubject reports whether prog names a file in a sentence: a path
// or a file's name with its extension ("tests/test_export.py",
// "ios/Podfile", "build.zig"), not a script run by its path ("./x.sh",
// "/usr/bin/x").
func fileSubject(prog string) bool {
	return (strings.Contains(prog, "/") || hasFileExt(prog)) && !strings.HasPrefix(prog, "./") && !strings.HasPrefix(prog, "/")
}

// finiteVerbForm reports whether w is the -s or -ed form of a verb,
// alone or as the last part of a hyphenated compound ("imports",
// "hard-codes", "re-exports").
func finiteVerbForm(w string) bool {
	if i := strings.LastIndexByte(w, '-'); i > 0 && i < len(w)-1 {
		w = w[i+1:]
	}
	l := lexicon.Default()
	_, s := l.SLemma(w)
	_, ed := l.EdLemma(w)
	if !s && len(w) > 4 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") {
		_, s = isVerbLemma(w[:len(w)-1]) // a derived verb: "preloads", "re-exports"
	}
	return s || ed
}

// cliEntities are nouns that CLIs take as a first argument before a
// subcommand ("docker image ls", "gh pr list").
var cliEntities = setOf(
	"image", "images", "container", "containers", "volume", "network", "pod", "pods",
	"service", "node", "nodes", "cluster", "repo", "pr", "issue", "mr", "remote",
	"notes", "zone", "key", "keys", "secret", "user", "users", "group", "project",
	"plugin", "plugins", "module", "package", "self", "tool", "servers", "server",
	"context", "config", "auth", "cache", "system", "compose", "buildx", "stack",
	"workspace", "env", "profile", "account", "role", "policy", "bucket", "instance",
	"vm", "disk", "snapshot", "branch", "tag", "release", "run", "job", "workflow",
	"label", "org", "team", "app", "apps", "deployment", "namespace", "secrets", "rules",
)

// evidence collects what a parsed command line shows.
type evidence struct {
	call        bool   // at least one simple command
	program     string // the first program
	first       string // its first argument
	second      string // its second argument
	last        string // its last argument
	nargs       int    // arguments of the first call
	words       int
	strong      bool // flags, paths, URLs, assignments, redirections, pipes
	placeholder bool // a snake_case or "..." argument: "container_name"
	flag        bool // a -x or --long flag
	redirect    bool // a pipe, redirection, && or ||
	allShaped   bool // every argument is a literal word a CLI accepts
	dictArgs    int  // plain English words that are not common subcommands; read with dict()
	subs        int  // common subcommands among the arguments
	pipeToShell bool
	sudo        bool
	subst       bool // $(...), `...`, <(...)
	maySubst    bool // the source may hold a substitution (see parseEvidence)

	// The first call's arguments from pendingFrom on are counted into
	// dictArgs and subs only when decideCommand asks (most lines are
	// decided before, and the dictionary look-ups are the costly part):
	// pendingWords for a parsed call, pendingText for a plain line (its
	// space-separated words; a string, so that plainWords' stack array
	// is not stored).
	pendingWords []*syntax.Word
	pendingText  string
	pendingFrom  int
	prose        int // English function words among the arguments
	proseless    bool
}

func judgeStmt(st *syntax.Stmt, ev *evidence, depth int) {
	if st == nil || depth > 8 {
		return
	}
	for _, r := range st.Redirs {
		if r.Word != nil && strings.HasPrefix(r.Word.Lit(), "=") && (r.Op == syntax.RdrOut || r.Op == syntax.RdrIn) {
			continue // a version constraint, not a redirection: "php >=8.2", "node <=20"
		}
		ev.strong, ev.redirect = true, true
	}
	switch c := st.Cmd.(type) {
	case *syntax.CallExpr:
		judgeCall(c, ev)
	case *syntax.BinaryCmd:
		judgeStmt(c.X, ev, depth+1)
		ev.redirect = true
		if c.Op == syntax.Pipe || c.Op == syntax.PipeAll {
			ev.strong = true
			if y, ok := c.Y.Cmd.(*syntax.CallExpr); ok && len(y.Args) > 0 {
				prog := strings.TrimPrefix(y.Args[0].Lit(), "sudo")
				if prog == "" && len(y.Args) > 1 {
					prog = y.Args[1].Lit()
				}
				if pipesIntoShell(prog) {
					ev.pipeToShell = true
				}
			}
		} else {
			ev.strong = true // && and ||
		}
		sub := evidence{maySubst: ev.maySubst}
		judgeStmt(c.Y, &sub, depth+1)
		ev.strong = ev.strong || sub.strong
		ev.subst = ev.subst || sub.subst
		ev.sudo = ev.sudo || sub.sudo
	case *syntax.Subshell:
		// "(We check in early afternoon.)" is prose in parentheses: judge
		// what is inside.
		for _, s := range c.Stmts {
			judgeStmt(s, ev, depth+1)
		}
	case *syntax.Block:
		for _, s := range c.Stmts {
			judgeStmt(s, ev, depth+1)
		}
	case *syntax.LetClause:
		if bareLet(c) {
			// "Let me know", "let us see": "let" with bare names only is
			// an English verb, not arithmetic.
			ev.call = true
			if ev.program == "" {
				ev.program = "let"
				ev.nargs = len(c.Exprs)
			}
			ev.prose++
			break
		}
		ev.strong = true
		ev.call = true
		if ev.program == "" {
			ev.program = "sh"
		}
	case *syntax.IfClause, *syntax.ForClause, *syntax.WhileClause, *syntax.FuncDecl,
		*syntax.CaseClause, *syntax.TestClause, *syntax.ArithmCmd:
		ev.strong = true
		ev.call = true
		if ev.program == "" {
			ev.program = "sh"
		}
	case *syntax.DeclClause:
		// "export FOO=bar" is a command; "Export jobs write Parquet
		// files" parses as a declaration of bare names and is prose.
		ev.call = true
		if ev.program == "" {
			ev.program = c.Variant.Value
			ev.nargs = len(c.Args)
			ev.proseless, ev.allShaped = true, true
		}
		l := lexicon.Default()
		for _, a := range c.Args {
			if a.Naked && a.Name == nil {
				// A bare word that is no name: a flag or a path makes a
				// command ("export -p", "declare -A"); a number is prose's
				// ("Export requests peak at 12 per minute").
				if a.Value == nil {
					ev.strong = true
					continue
				}
				lit := a.Value.Lit()
				word := strings.TrimRight(lit, ",.;:")
				if !allDigits(word) && !(word != lit && isLowerWord(word)) {
					ev.strong = true // (a word with its comma is prose's: "Export runs for smaller archives, ...")
				}
				continue
			}
			if a.Value != nil || a.Array != nil {
				ev.strong = true // an assignment: "export FOO=bar"
				continue
			}
			if a.Name != nil {
				if _, ok := lexicon.FunctionWords[a.Name.Value]; ok {
					ev.prose++
					ev.proseless = false
				} else if l.IsDictionaryWord(a.Name.Value) {
					ev.dictArgs++
				}
			}
		}
	}
}

// pipesIntoShell reports whether a pipe into prog makes a command line
// of what comes before it: a shell, a known program or a program name
// that is no English word ("command | sha512sum").
func pipesIntoShell(prog string) bool {
	if _, ok := shells[prog]; ok {
		return true
	}
	if _, ok := knownPrograms[prog]; ok {
		return true
	}
	return programShaped(prog) && !lexicon.Default().IsDictionaryWord(prog)
}

func judgeCall(c *syntax.CallExpr, ev *evidence) {
	if len(c.Assigns) > 0 {
		ev.strong = true
		for _, a := range c.Assigns {
			if a.Value != nil && ev.maySubst && hasSubst(a.Value) {
				ev.subst = true
			}
		}
		if len(c.Args) == 0 {
			ev.call = true
			if ev.program == "" {
				ev.program = "env"
			}
			return
		}
	}
	judgeArgs(callArgs{w: c.Args, maySubst: ev.maySubst}, c.Args, "", ev)
}

// callArgs are the words of a simple command, as judgeArgs sees them:
// parsed words, or (plain != nil) the words of a line that plainWords
// accepted, each the literal the parser would produce. maySubst false says
// that the source holds no substitution. (A concrete type, not an
// interface or type parameter, so that plain can live on the stack.)
type callArgs struct {
	w        []*syntax.Word
	plain    []string
	maySubst bool
}

func (a callArgs) len() int {
	if a.plain != nil {
		return len(a.plain)
	}
	return len(a.w)
}

// lit returns word i if it is a plain literal, else "".
func (a callArgs) lit(i int) string {
	if a.plain != nil {
		return a.plain[i]
	}
	return a.w[i].Lit()
}

// strong is argStrong of word i.
func (a callArgs) strong(i int) bool {
	if a.plain != nil {
		return litStrong(a.plain[i])
	}
	return argStrong(a.w[i])
}

// hasSubst reports whether word i holds a command or process substitution.
func (a callArgs) hasSubst(i int) bool {
	return a.plain == nil && a.maySubst && hasSubst(a.w[i])
}

// judgeArgs collects the evidence of a simple command's words: its
// program (after sudo and its flags) and arguments. args holds parsed
// words w or plain words; text is the line plain words were split from.
// (w and text are stored in ev, so they are passed apart from args:
// escape analysis would otherwise move plainWords' array to the heap.)
func judgeArgs(args callArgs, w []*syntax.Word, text string, ev *evidence) {
	n := args.len()
	if n == 0 {
		return
	}
	k := 0 // the program's index
	prog := args.lit(0)
	if prog == "" {
		if args.hasSubst(0) {
			ev.subst = true
		}
		return
	}
	if prog == "sudo" || prog == "doas" {
		ev.sudo = true
		ev.call = true
		if ev.program == "" {
			ev.program = prog
		}
		k = 1
		for k < n && strings.HasPrefix(args.lit(k), "-") {
			k++
		}
		if k == n {
			return
		}
		prog = args.lit(k)
		if ev.program == "sudo" || ev.program == "doas" {
			ev.program = ""
		}
	}
	if ev.program != "" {
		// a later command of a list; only collect evidence
		for i := k + 1; i < n; i++ {
			if args.strong(i) {
				ev.strong = true
			}
		}
		return
	}
	ev.call = true
	ev.program = prog
	ev.nargs = n - k - 1
	ev.words = n - k
	ev.proseless = true
	ev.allShaped = true
	if n-k > 1 {
		ev.first = args.lit(k + 1)
		ev.last = args.lit(n - 1)
	}
	if n-k > 2 {
		ev.second = args.lit(k + 2)
	}
	if prog != "" && (!programShaped(prog) || isDataFile(prog)) {
		// decideCommand rejects this program whatever the arguments
		// show: skip them. (ev.program is final: only "", "sudo" and
		// "doas" are replaced by a later call, and those are not
		// rejected here.)
		return
	}
	ev.count(true) // a former call whose program was not a literal
	if args.plain != nil {
		ev.pendingText = text
	} else {
		ev.pendingWords = w
	}
	ev.pendingFrom = k + 1
	for i := k + 1; i < n; i++ {
		lit := args.lit(i)
		switch argKind(lit) {
		case argPlaceholder:
			ev.placeholder = true
		case argUnshaped:
			ev.allShaped = false
		}
		switch {
		case !ev.strong:
			if args.strong(i) {
				ev.strong = true
				if strings.HasPrefix(lit, "-") || windowsSwitch(lit) {
					ev.flag = true
				}
			}
		case !ev.flag:
			// Strong already: the word matters here only as a flag, the
			// shape of which is tested first (a line of 98 dotted words
			// tested each for strength).
			if (strings.HasPrefix(lit, "-") || windowsSwitch(lit)) && args.strong(i) {
				ev.flag = true
			}
		}
		if args.hasSubst(i) {
			ev.subst = true
			ev.strong = true
		}
		if lit != "" {
			if flagsOf(lit)&fFunction != 0 && lit != "all" && lit != "up" && lit != "out" && lit != "on" && lit != "off" {
				ev.prose++
				ev.proseless = false
			}
		}
	}
}

// windowsSwitch reports whether lit is a cmd.exe switch: "/f", "/s",
// "/q", "/add", "/all", "/quiet", "/?" (one to eight letters after a
// slash, nothing after them but an optional ":value").
func windowsSwitch(lit string) bool {
	if len(lit) < 2 || lit[0] != '/' {
		return false
	}
	name := lit[1:]
	if i := strings.IndexByte(name, ':'); i > 0 {
		name = name[:i]
	}
	if name == "?" {
		return true
	}
	if len(name) == 0 || len(name) > 8 {
		return false
	}
	for i := 0; i < len(name); i++ {
		if c := name[i]; !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return false
		}
	}
	return true
}

// Kinds of a call argument.
const (
	argNone        = iota // not a literal
	argPlaceholder        // "container_name", "...", "key:value"
	argUnshaped           // not a plain CLI word
	argWord               // a plain CLI word: counted in dictArgs or subs
)

func argKind(lit string) int {
	switch {
	case lit == "":
		return argNone
	case strings.Contains(lit, "_") || lit == "..." || strings.ContainsAny(lit, ":"):
		return argPlaceholder
	case !argShaped(lit):
		return argUnshaped
	}
	return argWord
}

// dictEnough is the largest count of dictArgs decideCommand tells apart
// (it compares dict() with 0, 1, 2 and 4), and it asks only whether subs
// is above 0: count stops there, so that a long line of dictionary words
// ("curl curl curl ...") is not looked up word by word to the end.
const dictEnough = 4

// count adds the pending arguments to dictArgs and subs, until dictArgs
// reaches dictEnough and, when subs is set, subs is above 0; the rest
// stays pending (counting it could change neither answer).
func (ev *evidence) count(subs bool) {
	ev.countUntil(func() bool { return ev.dictArgs >= dictEnough && (!subs || ev.subs > 0) })
}

// countUntil counts pending arguments until enough() or none is left.
func (ev *evidence) countUntil(enough func() bool) {
	if ev.pendingWords != nil {
		for ; ev.pendingFrom < len(ev.pendingWords); ev.pendingFrom++ {
			if enough() {
				return
			}
			ev.countArg(ev.pendingWords[ev.pendingFrom].Lit())
		}
		ev.pendingWords, ev.pendingFrom = nil, 0
		return
	}
	// pendingText: skip pendingFrom words, then count; what is left
	// stays pending with pendingFrom 0.
	text := ev.pendingText
	for text != "" {
		w, rest, _ := strings.Cut(text, " ")
		if w == "" {
			text = rest
			continue
		}
		if ev.pendingFrom > 0 {
			ev.pendingFrom--
			text = rest
			continue
		}
		if enough() {
			break
		}
		ev.countArg(w)
		text = rest
	}
	ev.pendingText = text
	if text == "" {
		ev.pendingFrom = 0
	}
}

func (ev *evidence) countArg(lit string) {
	if argKind(lit) != argWord {
		return
	}
	f := flagsOf(lit)
	sub, entity := f&fSubcommand != 0 || hyphenSubcommand(lit), f&fEntity != 0
	if sub {
		ev.subs++
	}
	if !sub && !entity && lexicon.Default().IsDictionaryWord(lit) {
		ev.dictArgs++
	}
}

// hyphenSubcommand reports whether lit is a hyphenated CLI action led or
// ended by a listing or lookup verb ("ls-remote", "rev-list",
// "describe-instances", "get-login-password"): English compounds are
// rarely spelled that way, and the verbs that do start them ("set-up",
// "add-on", "check-in") end in a particle, which is refused.
func hyphenSubcommand(lit string) bool {
	i, j := strings.IndexByte(lit, '-'), strings.LastIndexByte(lit, '-')
	if i <= 0 || j == len(lit)-1 {
		return false
	}
	for k := 0; k < len(lit); k++ {
		if c := lit[k]; !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
			return false
		}
	}
	switch lit[j+1:] {
	case "up", "down", "in", "on", "off", "out", "over", "by", "to":
		return false
	case "list", "ls":
		return true
	}
	switch lit[:i] {
	case "ls", "list", "get", "describe", "create", "delete", "rm", "update", "put", "show":
		return true
	}
	return false
}

// dict and subCount return dictArgs and subs, counting pending arguments
// as far as their callers tell counts apart (see dictEnough): dict() at
// or above dictEnough, subCount() above 0, stand for any such count.
func (ev *evidence) dict() int {
	ev.count(false)
	return ev.dictArgs
}

func (ev *evidence) subCount() int {
	ev.count(true)
	return ev.subs
}

// argStrong reports whether a word is evidence of a command line: a flag,
// a path or package pattern, a URL, a "name@version", an assignment, a
// glob, a quoted string or a variable.
func argStrong(w *syntax.Word) bool {
	lit := w.Lit()
	if lit == "" {
		// quoted strings, parameter expansions, substitutions
		for _, p := range w.Parts {
			switch p.(type) {
			case *syntax.SglQuoted, *syntax.DblQuoted, *syntax.ParamExp, *syntax.CmdSubst, *syntax.ProcSubst, *syntax.ArithmExp:
				return true
			}
		}
		return false
	}
	return litStrong(lit)
}

// litStrong is argStrong for a plain literal word.
func litStrong(lit string) bool {
	// Every case below needs a leading '-' or '+', or one of the bytes
	// of litMarks ("." for "."/".." and file extensions).
	if len(lit) == 36 && uuidLike(lit) {
		return true // an operand that names one thing: "terraform force-unlock 5c1e7a0b-2f4d-..."
	}
	var m bool
	for i := 0; i < len(lit); i++ {
		m = m || litMarks[lit[i]]
	}
	if !m && (lit == "" || lit[0] != '-' && lit[0] != '+') {
		return false
	}
	switch {
	case len(lit) >= 2 && lit[0] == '-' && (isAlnum(lit[1]) || lit[1] == '-' && len(lit) > 2 && isAlnum(lit[2])):
		return true
	case len(lit) >= 3 && lit[0] == '+' && lit[1] >= 'a' && lit[1] <= 'z':
		return true // "+noall", "+short"
	case lit == "." || lit == ".." || lit == "-":
		return true
	case strings.ContainsAny(lit, "/~*"):
		return true
	case strings.Contains(lit, "=") && !strings.HasPrefix(lit, "="):
		return true
	case strings.Contains(lit, "@") && !strings.HasPrefix(lit, "@") && !strings.HasSuffix(lit, "@"):
		return true
	case strings.HasPrefix(lit, "@"):
		return len(lit) > 1
	case strings.Contains(lit, "{{") || strings.HasPrefix(lit, "<") && strings.HasSuffix(lit, ">"):
		return true
	case hasFileExt(lit):
		return true
	}
	return false
}

// uuidLike reports whether lit is a UUID (8-4-4-4-12 hexadecimal digits).
func uuidLike(lit string) bool {
	if len(lit) != 36 {
		return false
	}
	for i := 0; i < len(lit); i++ {
		c := lit[i]
		if i == 8 || i == 13 || i == 18 || i == 23 {
			if c != '-' {
				return false
			}
			continue
		}
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return false
		}
	}
	return true
}

var litMarks = byteSet("/~*=@{<.")

// argShaped reports whether lit is a plain CLI argument: letters, digits
// and ._-+:,=@/ (no sentence punctuation at the end).
func argShaped(lit string) bool {
	if lit == "" || strings.IndexByte(".,;!?", lit[len(lit)-1]) >= 0 && lit != "." && lit != ".." {
		return false
	}
	for i := 0; i < len(lit); i++ {
		if !argBytes[lit[i]] {
			return false
		}
	}
	return true
}

// argBytes are the bytes of an argShaped word: ASCII letters, digits and
// the punctuation below.
var argBytes = func() [256]bool {
	t := byteSet("._-+:,=@/~%^{}[]#*?!'\"")
	for c := range 256 {
		t[c] = t[c] || isAlnum(byte(c))
	}
	return t
}()

func byteSet(s string) (t [256]bool) {
	for i := 0; i < len(s); i++ {
		t[s[i]] = true
	}
	return t
}

// hasSubst reports whether w holds a command or process substitution at
// any depth. The walker is pooled: a closure handed to syntax.Walk would
// be allocated on every call.
func hasSubst(w *syntax.Word) bool {
	v := substPool.Get().(*substVisitor)
	v.found = false
	syntax.Walk(w, v.fn)
	found := v.found
	substPool.Put(v)
	return found
}

type substVisitor struct {
	found bool
	fn    func(syntax.Node) bool
}

var substPool = sync.Pool{New: func() any {
	v := &substVisitor{}
	v.fn = func(n syntax.Node) bool {
		switch n.(type) {
		case *syntax.CmdSubst, *syntax.ProcSubst:
			v.found = true
		}
		return !v.found
	}
	return v
}}

// scriptPath reports whether w is a path to a program or script rather
// than a package path like "net/netip": "./gradlew", "bin/rails",
// "scripts/deploy.sh".
func scriptPath(w string) bool {
	if strings.IndexByte(w, '/') < 0 || strings.Contains(w, "://") {
		return false
	}
	switch w[0] { // the first bytes of the prefixes below
	case '.', '~', 'b', 's', 't', 'h', '/':
		for _, p := range []string{"./", "../", "~/", "bin/", "scripts/", "script/", "tools/", "hack/", "/usr/", "/opt/", "/bin/"} {
			if strings.HasPrefix(w, p) {
				return true
			}
		}
	}
	if !strings.Contains(w, "/") {
		return false
	}
	switch w[strings.LastIndexByte(w, '.')+1:] {
	case "sh", "py", "rb", "pl", "ps1", "bash":
		return true
	}
	return false
}

// versionLike reports whether s reads as a version ("v8", "1.2.3").
func versionLike(s string) bool {
	s = strings.TrimPrefix(s, "v")
	return s != "" && s[0] >= '0' && s[0] <= '9'
}

// isDataFile reports whether a would-be program name is a data file
// ("go.sum", "package-lock.json") rather than a script.
func isDataFile(prog string) bool {
	if !hasFileExt(prog) {
		return false
	}
	switch prog[strings.LastIndexByte(prog, '.')+1:] {
	case "sh", "py", "pl", "rb", "js", "exe", "ps1", "bat", "cmd", "jar", "php":
		return false
	}
	return true
}

// hasFileExt reports whether lit looks like a file name with a common
// extension ("requirements.txt", "install.sh").
func hasFileExt(lit string) bool {
	i := strings.LastIndexByte(lit, '.')
	if i <= 0 || i == len(lit)-1 {
		return false
	}
	switch lit[i+1:] {
	case "sh", "py", "js", "ts", "go", "rb", "pl", "txt", "json", "yaml", "yml", "toml",
		"xml", "ini", "conf", "cfg", "env", "md", "zip", "gz", "tgz", "tar", "deb", "rpm",
		"exe", "msi", "ps1", "bat", "jar", "whl", "iso", "img", "log", "csv", "sql",
		"pem", "key", "crt", "c", "h", "cpp", "rs", "java", "html", "css", "png", "jpg",
		"mp4", "mp3", "pdf", "service", "git", "lock", "mod", "sum", "bin", "so", "dll",
		"apk", "dmg", "pkg", "7z", "xz", "bz2", "war", "dockerfile", "tf", "hcl", "lua",
		"wav", "svg", "gif", "webp", "mkv", "avi", "doc", "docx", "odt", "epub", "db":
		return true
	}
	return false
}

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c >= 'A' && c <= 'Z'
}

// programShaped reports whether s can be a program name: lower-case
// letters, digits and ._+- (or a path, such as a relative path to a
// script), not a number or a version.
func programShaped(s string) bool {
	if s == "" || len(s) > 40 {
		return false
	}
	if strings.HasPrefix(s, "./") || strings.HasPrefix(s, "/") || strings.HasPrefix(s, "~/") || scriptPath(s) {
		return true // "path/to/tool.py", "scripts/deploy.sh"
	}
	if i := strings.IndexByte(s, '/'); i > 0 && !strings.Contains(s, "://") && !strings.Contains(s, ".") {
		return programShaped(s[:i]) && programShaped(strings.ReplaceAll(s[i+1:], "/", "-")) // "bin/rails"
	}
	c := s[0]
	if !(c >= 'a' && c <= 'z' || c == '_' || c == '!') {
		return false
	}
	digits := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c == '.', c == '_', c == '+', c == '-', c == '!':
		case c >= '0' && c <= '9':
			digits++
		default:
			return false
		}
	}
	return digits < 4
}

// bareLet reports whether every expression of a let clause is a bare
// lower-case name: no operator, number or expansion ("let me know").
func bareLet(c *syntax.LetClause) bool {
	for _, e := range c.Exprs {
		w, ok := e.(*syntax.Word)
		if !ok {
			return false
		}
		lit := w.Lit()
		if lit == "" {
			return false
		}
		for i := 0; i < len(lit); i++ {
			if b := lit[i]; b < 'a' || b > 'z' {
				return false
			}
		}
	}
	return len(c.Exprs) > 0
}

// identifierOperand reports whether raw is shaped like a command's
// operand and is no English word: it holds a digit or one of "-_.@:/"
// ("4f2a9c1", "node-4", "serde_json", "lodash@4.17.21").
func identifierOperand(raw string) bool {
	if !argShaped(raw) || !strings.ContainsAny(raw, "0123456789-_.@:/") {
		return false
	}
	w := strings.TrimRight(raw, ".,;:")
	return w != "" && !lexicon.Default().IsDictionaryWord(strings.ToLower(w)) && !englishCompound(strings.ToLower(w))
}

// allDigits reports whether s is a non-empty run of ASCII digits.
func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// cmdletVerbs are PowerShell's approved verbs (Get-Verb), the closed
// class a cmdlet's name opens with.
var cmdletVerbs = setOf(
	"add", "clear", "close", "copy", "enter", "exit", "find", "format", "get", "hide", "join", "lock", "move",
	"new", "open", "optimize", "pop", "push", "redo", "remove", "rename", "reset", "resize", "search", "select",
	"set", "show", "skip", "split", "step", "switch", "undo", "unlock", "watch", "connect", "disconnect", "read",
	"receive", "send", "write", "backup", "checkpoint", "compare", "compress", "convert", "convertfrom",
	"convertto", "dismount", "edit", "expand", "export", "group", "import", "initialize", "limit", "merge",
	"mount", "out", "publish", "restore", "save", "sync", "unpublish", "update", "approve", "assert", "build",
	"complete", "confirm", "deny", "deploy", "disable", "enable", "install", "invoke", "register", "request",
	"restart", "resume", "start", "stop", "submit", "suspend", "uninstall", "unregister", "wait", "debug",
	"measure", "ping", "repair", "resolve", "test", "trace", "block", "grant", "protect", "revoke", "unblock",
	"unprotect", "use", "where", "foreach", "sort", "tee",
)

// cmdletLine returns the end of a PowerShell command line that opens at
// token i: a cmdlet's Verb-Noun name ("Set-ExecutionPolicy",
// "Restart-Service"), whose verb is an approved one, written in its
// capitals and followed by an argument that is no English prose word
// ("RemoteSigned", "W3SVC"); or 0. A cmdlet named alone is a fact.
func (d *detector) cmdletLine(i int) int {
	t := d.toks[i]
	if t.comma() || t.endsSentence() || i+1 >= len(d.toks) || d.toks[i+1].nl || t.pre() != "" && t.pre() != "`" {
		return 0
	}
	a := d.offAt(t.startAt() + int(t.wOff))
	b := d.endAt(t.startAt() + int(t.wOff) + len(t.w))
	if a < 0 || b > len(d.src) || a >= b {
		return 0
	}
	verb, noun, ok := strings.Cut(d.src[a:b], "-")
	if !ok || !pascalWord(verb) || !pascalWord(noun) {
		return 0
	}
	if _, v := cmdletVerbs[strings.ToLower(verb)]; !v || d.foreignProse(i) {
		return 0 // a header ("Content-Type") or a German compound ("Build-Artefakt fehlt")
	}
	e := i + 1
	for e < len(d.toks) && e < i+6 && !d.toks[e].nl && !d.toks[e-1].endsSentence() && !d.toks[e-1].comma() {
		nx := d.toks[e]
		if isProseWord(nx.w) || finiteVerbForm(nx.w) || !argShaped(nx.raw) || lexicon.Default().IsDictionaryWord(nx.w) && !strings.HasPrefix(nx.raw, "-") {
			break
		}
		e++
	}
	if e == i+1 {
		return 0
	}
	return e
}

// pascalWord reports whether s is an ASCII word that opens with a capital
// letter and holds a lower-case one ("Set", "ExecutionPolicy").
func pascalWord(s string) bool {
	if len(s) < 2 || s[0] < 'A' || s[0] > 'Z' {
		return false
	}
	lower := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !isAlnum(c) {
			return false
		}
		lower = lower || c >= 'a' && c <= 'z'
	}
	return lower
}

// sFormOfWord reports whether w is an English word with an "s" added that
// the lexicon does not know as a verb form ("lowercases"): after a file's
// name, the verb of a sentence about it.
func sFormOfWord(w string) bool {
	stem, ok := strings.CutSuffix(w, "s")
	return ok && len(stem) > 3 && !strings.HasSuffix(stem, "s") && !isSubcommandWord(w) && lexicon.Default().IsDictionaryWord(stem)
}

// measureUnit reports whether w is a unit a number is measured in.
func measureUnit(w string) bool {
	switch strings.TrimRight(w, ".,;:") {
	case "b", "kb", "mb", "gb", "tb", "kib", "mib", "gib", "tib", "bytes", "ms", "µs", "us", "ns", "s", "sec", "secs",
		"seconds", "minutes", "min", "mins", "hours", "h", "%", "percent", "rps", "qps", "rows", "requests", "files":
		return true
	}
	return false
}

// inflectedForm reports whether w is the -s or -ed form of an English
// verb, not the verb itself ("counts", "returned").
func inflectedForm(w string) bool {
	l := lexicon.Default()
	if lemma, ok := l.SLemma(w); ok && lemma != w {
		return true
	}
	lemma, ok := l.EdLemma(w)
	return ok && lemma != w
}

// locative reports whether w is a preposition of place before a path.
func locative(w string) bool {
	switch w {
	case "in", "of", "under", "from", "inside", "within", "across", "at", "into":
		return true
	}
	return false
}

// flagAfter reports whether a flag follows token i within its sentence,
// before six tokens.
func (d *detector) flagAfter(i int) bool {
	for k := i + 1; k < len(d.toks) && k <= i+6 && !d.toks[k-1].endsSentence(); k++ {
		if r := d.toks[k].raw; len(r) > 1 && r[0] == '-' && !allDigits(r[1:]) {
			return true
		}
	}
	return false
}

// sentenceCased reports whether body, at norm[a:], opens with an English
// word (no known program) that the caller's text capitalises, and holds
// no shell syntax.
func (d *detector) sentenceCased(a int, body string) bool {
	sa := d.offAt(a)
	if sa < 0 || sa >= len(d.src) || d.src[sa] < 'A' || d.src[sa] > 'Z' {
		return false
	}
	// What a quotation holds is what a log or program said: "Pod logs
	// show \"dial tcp: lookup pg-payments on 10.96.0.10:53\"".
	if q := strings.IndexByte(body, '"'); q > 0 {
		body = body[:q]
	}
	if shellSyntax(body) || strings.ContainsAny(body, "=/") {
		return false
	}
	first, _, _ := strings.Cut(body, " ")
	if flagsOf(first)&fProgram != 0 {
		return false
	}
	return lexicon.Default().IsDictionaryWord(first)
}

// versionNumber reports whether s is a dotted version number ("24.3.1",
// "v1.2"), not a bare number ("12345").
func versionNumber(s string) bool {
	return versionLike(s) && strings.Contains(s, ".") && !strings.ContainsAny(strings.TrimPrefix(s, "v"), "/:_")
}
