// Command auditverify checks a wardline audit log for tampering.
//
// Usage:
//
//	auditverify [-log-id ID] [-key-file PATH] [-checkpoint SEQ:HASH] LOGFILE
//
// It prints "ok: N records; checkpoint SEQ:HASH" and exits 0 when the chain
// is intact. Otherwise it names the first bad line on stderr and exits:
//
//	1  the log was tampered with or is corrupt (hash mismatch, broken link,
//	   sequence gap, invalid or malformed line, wrong key, checkpoint not
//	   matched)
//	3  only the last line is incomplete: a torn write, as a crash leaves;
//	   every line before it verifies (audit.OpenFile repairs this when the
//	   log is reopened)
//	2  usage or I/O error
//
// -key-file names a file holding the HMAC key the log was written with
// (audit.WithHMACKey); one trailing newline is ignored. The key never
// appears on the command line. -checkpoint is a checkpoint saved earlier
// (audit.Logger.Checkpoint, printed by a previous run); with it, lines cut
// from the end of the log are detected too.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/wardline/wardline/audit"
)

// Exit codes.
const (
	exitOK        = 0
	exitTampered  = 1
	exitUsage     = 2
	exitTruncated = 3
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("auditverify", flag.ContinueOnError)
	fs.SetOutput(stderr)
	logID := fs.String("log-id", "", "log id the log was written with (audit.WithLogID)")
	keyFile := fs.String("key-file", "", "file holding the HMAC key (audit.WithHMACKey)")
	checkpoint := fs.String("checkpoint", "", "checkpoint SEQ:HASH the log must contain")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: auditverify [-log-id ID] [-key-file PATH] [-checkpoint SEQ:HASH] LOGFILE")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return exitUsage
	}
	v := audit.Verifier{LogID: *logID}
	if *keyFile != "" {
		key, err := os.ReadFile(*keyFile)
		if err != nil {
			fmt.Fprintln(stderr, "auditverify:", err)
			return exitUsage
		}
		v.Key = bytes.TrimSuffix(bytes.TrimSuffix(key, []byte("\n")), []byte("\r"))
	}
	if *checkpoint != "" {
		cp, err := audit.ParseCheckpoint(*checkpoint)
		if err != nil {
			fmt.Fprintln(stderr, "auditverify:", err)
			return exitUsage
		}
		v.Checkpoint = &cp
	}
	f, err := os.Open(fs.Arg(0))
	if err != nil {
		fmt.Fprintln(stderr, "auditverify:", err)
		return exitUsage
	}
	defer f.Close()

	cp, err := v.Verify(f)
	if err == nil {
		fmt.Fprintf(stdout, "ok: %d records; checkpoint %s\n", cp.Seq, cp)
		return exitOK
	}
	var ve *audit.VerifyError
	if !errors.As(err, &ve) {
		fmt.Fprintln(stderr, "auditverify:", err) // reading failed: no verdict
		return exitUsage
	}
	if errors.Is(err, audit.ErrTruncated) {
		fmt.Fprintf(stderr, "TRUNCATED: the last line (line %d) is incomplete, as a crash during a write leaves it; %s\n",
			ve.Line, intact(cp))
		return exitTruncated
	}
	fmt.Fprintf(stderr, "TAMPERED: %v\n", err)
	fmt.Fprintln(stderr, intact(cp))
	return exitTampered
}

// intact describes the verified prefix.
func intact(cp audit.Checkpoint) string {
	if cp.Seq == 0 {
		return "no record before it verifies"
	}
	return fmt.Sprintf("records 1 to %d before it verify (checkpoint %s)", cp.Seq, cp)
}
