// Command auditverify checks a wardline audit log for tampering.
//
// Usage:
//
//	auditverify [-log-id ID] [-key-file PATH] [-checkpoint SEQ:HASH] LOGFILE
//
// The first line of its output is the verdict, starting with one word in
// capitals (or "ok"), so that the result is readable however the program
// was started:
//
//	ok         the chain is intact (the line also says whether the log was
//	           closed cleanly, is still open or crashed, or has no head)
//	TRUNCATED  only the last line is incomplete, as a crash during a write
//	           leaves it; every record before it verifies (audit.OpenFile
//	           repairs this when the log is reopened)
//	CUT        the end of the log was altered: records its head vouches for
//	           are missing, or the torn last line is not what a crash leaves
//	TAMPERED   any other defect: hash mismatch, broken link, sequence gap,
//	           invalid or malformed line, wrong key, checkpoint not matched
//	NEEDS-KEY  the log is HMAC-keyed and no -key-file was given; nothing is
//	           known about it until it is checked with its key
//
// The exit status says the same: 0 ok, 1 TAMPERED or CUT, 2 usage or I/O
// error, 3 TRUNCATED, 4 NEEDS-KEY. `go run` turns every non-zero status into
// 1 (printing "exit status N"), so build the program (go build) where a
// script needs the status, or read the verdict word.
//
// -key-file names a file holding the HMAC key the log was written with
// (audit.WithHMACKey); one trailing newline is ignored. The key never
// appears on the command line. -checkpoint is a checkpoint saved earlier
// (audit.Logger.Checkpoint, printed by a previous run); with it, lines cut
// from the end of a log without a head (or rolled back with its head) are
// detected too.
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
	exitNeedsKey  = 4
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

	rep, err := v.Inspect(f)
	if err == nil {
		fmt.Fprintf(stdout, "ok: %d records; %s; checkpoint %s\n", rep.Last.Seq, ending(rep), rep.Last)
		return exitOK
	}
	var ve *audit.VerifyError
	if !errors.As(err, &ve) {
		fmt.Fprintln(stderr, "auditverify:", err) // reading failed: no verdict
		return exitUsage
	}
	switch {
	case errors.Is(err, audit.ErrAlgorithm) && v.Key == nil:
		fmt.Fprintln(stdout, "NEEDS-KEY: the log is HMAC-keyed; check it with -key-file (nothing is known about it without the key)")
		return exitNeedsKey
	case errors.Is(err, audit.ErrTruncated):
		fmt.Fprintf(stdout, "TRUNCATED: the last line (line %d, %d bytes) is incomplete, as a crash during a write leaves it; %s\n",
			ve.Line, rep.TornBytes, intact(rep.Last))
		return exitTruncated
	case errors.Is(err, audit.ErrCut):
		fmt.Fprintf(stdout, "CUT: %v\n%s\n", err, intact(rep.Last))
		return exitTampered
	}
	fmt.Fprintf(stdout, "TAMPERED: %v\n%s\n", err, intact(rep.Last))
	return exitTampered
}

// ending says how an intact log ends.
func ending(rep audit.Report) string {
	switch h := rep.Head; {
	case h == nil:
		return "no head line (a stream log: lines cut from its end show only against a -checkpoint)"
	case h.Closed:
		return fmt.Sprintf("closed cleanly at seq %d", h.Seq)
	default:
		return fmt.Sprintf("not closed (still being written, or its writer crashed); the head vouches for seq %d", h.Seq)
	}
}

// intact describes the verified prefix.
func intact(cp audit.Checkpoint) string {
	if cp.Seq == 0 {
		return "no record before it verifies"
	}
	return fmt.Sprintf("records 1 to %d before it verify (checkpoint %s)", cp.Seq, cp)
}
