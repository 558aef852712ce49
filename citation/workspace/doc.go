// Package workspace holds the file-system side of a wiki guardian: the
// workspace directory with its immutable sources (raw/) and the pages an
// agent maintains (wiki/), the path ACL, protected pages, the page quota,
// the page template, exactly-one-match edits and log.md headers. Package
// citation verifies what a page says (footnotes, verbatim quotes, anchors);
// this package decides where a page may go and does the file operations.
//
//	ws, err := workspace.Open(dir, workspace.WithMaxPages(500))
//	...
//	if err := ws.Check(workspace.OpCreate, path); err != nil { return err } // path first
//	if err := workspace.CheckTemplate(page); err != nil { return err }
//	if err := citation.Join(citation.Verify(page, ws.Sources())); err != nil { return err }
//	return ws.Create(path, page) // decides again, on descriptors
//
// # Paths
//
// [ValidatePath] refuses the text of hostile paths (absolute, "..", NUL and
// control characters, backslashes, colons, percent-encoding, dot-files,
// Unicode look-alike dots and slashes, anything that changes under NFC or
// NFKC). [Workspace.Check] then allows writes, creates and deletes only
// under wiki/, reads under wiki/ and raw/, refuses any symbolic link on
// the path wherever it points, files with more than one hard link for
// reads and writes, deleting protected pages ([DefaultProtected], compared
// case-insensitively) and creates beyond the page quota ([WithMaxPages]).
// Text rules come first, then the file system, then the quota, so a
// hostile path is always reported as such.
//
// # Links and races
//
// Someone who can change the tree while the guardian works (another
// process, a second tool) may swap a page or a directory for a symbolic
// link, or hard-link a page to a raw/ source, between a check and the
// operation. The operations therefore never act on a path string after a
// separate check. [Open] opens wiki/ and raw/ once; every operation then
// resolves its path beneath one of them on descriptors:
//
//   - On Linux, the parent directory or the file is opened with openat2
//     and RESOLVE_BENEATH|RESOLVE_NO_SYMLINKS|RESOLVE_NO_MAGICLINKS: the
//     kernel refuses any link on the path and anything that leaves the
//     area. Where openat2 is unavailable (kernels before 5.6, seccomp
//     filters), and on the BSDs and macOS, the path is opened one element
//     at a time with O_NOFOLLOW, which refuses the same links.
//   - Reads open the file with O_NOFOLLOW and O_NONBLOCK (a FIFO cannot
//     hang them), then fstat the open file: a regular file with exactly one
//     link, at most [WithMaxFileBytes] bytes; and the path, read again,
//     must still name that file, because a second link present at the
//     open can be removed before the fstat counts one (a page hard-linked
//     to a source and then replaced). What is read is what was checked.
//   - [Workspace.WriteFile] writes a temporary dot-file in the page's
//     directory and renames it over the page; [Workspace.Create] makes
//     missing directories one at a time (each opened with O_NOFOLLOW right
//     after) and moves its temporary file into place with RENAME_NOREPLACE
//     (or link and unlink). Neither ever writes into an existing inode, so
//     a page swapped for a link or a hard link loses the link and raw/ is
//     untouched. [Workspace.Remove] unlinks one directory entry, which never
//     follows a link.
//
// TestLinkSwapRace runs every operation while an attacker swaps files and
// directories for symbolic and hard links pointing into raw/, at wiki/
// itself, at the workspace's .env and outside, and checks that raw/ is
// untouched, the protected pages stay, and nothing outside wiki/ is read
// through a wiki/ path (nor outside raw/ through Sources). `go test` runs
// it briefly; set WARDLINE_RACE_SWAPS=100000 for the full run (.ci/run
// does).
//
// What this does not cover: someone who can rename directories across
// wiki/ and raw/ (a directory moved from wiki/ into raw/ after the
// guardian opened it) already has write access to raw/; and on systems
// without openat (Windows, Plan 9, WebAssembly) the operations fall back to
// os.Root after checking every element with Lstat, which keeps them inside
// the workspace but cannot see hard links and leaves a window in which an
// element swapped for an in-workspace link is followed.
//
// # Other write rules
//
//   - [Template.Check] (create): the frontmatter parses and sets the
//     required fields ([DefaultRequired]: title and sources).
//   - The page quota: [WithMaxPages]; Create and Check(OpCreate) count the
//     pages under wiki/ and refuse with [ErrQuota].
//   - [ReplaceOnce]: the exactly-one-match edit of a safe str_replace tool.
//   - [LogFormat.Parse], [LogFormat.CheckLogEntry]: log.md headers
//     "## [YYYY-MM-DD] <op> | <title> | touched: a.md, b.md" with op from
//     [DefaultLogOps] (or a configured list); anything unparseable is refused.
//
// Errors are typed: *[PathError] wrapping [ErrHostilePath], [ErrReadOnly],
// [ErrSymlink], [ErrHardLink], [ErrProtected], [ErrQuota] and friends,
// *[ReplaceError] wrapping [ErrNoMatch] or [ErrMultipleMatches],
// *[TemplateError] and *[SyntaxError]. Every message starts with
// "workspace: "; none quotes page or source text.
//
// # Concurrency and zero values
//
// A [Workspace] and [Workspaces] are safe for concurrent use; Close waits
// for operations in flight. The zero Workspace and Workspaces refuse every
// operation. The zero [Template] and [LogFormat] apply the defaults.
// Defaults are returned by functions ([DefaultProtected], [DefaultLogOps],
// [DefaultRequired]) as fresh slices.
//
// # Performance
//
// An operation costs a few system calls: one openat2 for the parent (or
// one openat per element), an fstatat, and for a write the temporary
// file's open, write and close and one rename. Create also walks wiki/ to
// count pages, linear in the number of pages. Nothing is cached, so a tree
// changed between calls is always seen. BenchmarkWorkspaceWriteFile and
// BenchmarkWorkspaceReadFile measure them.
package workspace
