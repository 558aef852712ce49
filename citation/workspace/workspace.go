package workspace

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/wardline/wardline/citation/internal/pathrule"
)

// The two areas of a workspace.
const (
	WikiDir = "wiki" // pages the agent may create, write and delete
	RawDir  = "raw"  // immutable sources, read-only
)

// Defaults for a [Workspace].
const (
	// DefaultMaxPages is the page quota when [WithMaxPages] is not given.
	DefaultMaxPages = 10_000
	// DefaultMaxFileBytes bounds every read (pages and sources) when
	// [WithMaxFileBytes] is not given.
	DefaultMaxFileBytes = 16 << 20
)

// DefaultProtected returns the pages delete refuses by default, relative
// to wiki/: overview.md, index.md and log.md. Each call returns a new
// slice.
func DefaultProtected() []string { return []string{"overview.md", "index.md", "log.md"} }

// Workspace is one wiki workspace: a directory holding raw/ and wiki/.
// Every path is checked as text ([ValidatePath]), then resolved beneath
// the wiki/ or raw/ directory opened when the workspace was, one element
// at a time, without following links (see "Links and races" in the
// package documentation).
//
// The zero Workspace refuses every operation with [ErrClosed]. A Workspace
// is safe for concurrent use; Close it when done.
type Workspace struct {
	name      string
	protected []string
	maxPages  int
	maxFile   int64

	mu        sync.RWMutex // held for reading by operations, for writing by Close
	root      *dir         // the workspace directory
	wiki, raw *dir         // its two areas, opened once
	createMu  sync.Mutex   // serialises the quota count with the create
}

// Option configures [Open] and [OpenWorkspaces]. A nil Option, or one
// given a bad value, makes the constructor fail.
type Option func(*config) error

type config struct {
	protected []string
	maxPages  int
	maxFile   int64
}

// WithProtected replaces [DefaultProtected]: paths relative to wiki/ that
// delete refuses. No paths means nothing is protected, which loosens the
// guard; do not use it unless another layer protects the structural pages.
func WithProtected(paths ...string) Option {
	return func(c *config) error {
		for _, p := range paths {
			if err := ValidatePath(p); err != nil {
				return fmt.Errorf("workspace: WithProtected: %w", err)
			}
		}
		c.protected = slices.Clone(paths)
		if c.protected == nil {
			c.protected = []string{}
		}
		return nil
	}
}

// WithMaxPages sets the page quota: a create is refused with [ErrQuota]
// when wiki/ already holds n pages (regular files named *.md). n must be at
// least 1. The default is [DefaultMaxPages].
func WithMaxPages(n int) Option {
	return func(c *config) error {
		if n < 1 {
			return fmt.Errorf("workspace: WithMaxPages(%d): the quota must be at least 1", n)
		}
		c.maxPages = n
		return nil
	}
}

// WithMaxFileBytes bounds every read of a page or a source (ReadFile and
// the files Sources opens): a larger file is refused with [ErrTooLarge].
// n must be at least 1. The default is [DefaultMaxFileBytes].
func WithMaxFileBytes(n int64) Option {
	return func(c *config) error {
		if n < 1 {
			return fmt.Errorf("workspace: WithMaxFileBytes(%d): the limit must be at least 1", n)
		}
		c.maxFile = n
		return nil
	}
}

func buildConfig(opts []Option) (config, error) {
	c := config{maxPages: DefaultMaxPages, maxFile: DefaultMaxFileBytes}
	for _, o := range opts {
		if o == nil {
			return c, errors.New("workspace: nil Option")
		}
		if err := o(&c); err != nil {
			return c, err
		}
	}
	if c.protected == nil {
		c.protected = DefaultProtected()
	}
	return c, nil
}

// Open opens the workspace directory dir, which must contain raw/ and
// wiki/ directories (not symbolic links). Its name, for [Workspaces], is
// the last element of dir. The two areas are opened now: replacing wiki/ or
// raw/ later does not redirect the workspace.
func Open(dir string, opts ...Option) (*Workspace, error) {
	cfg, err := buildConfig(opts)
	if err != nil {
		return nil, err
	}
	root, err := openTop(dir)
	if err != nil {
		return nil, fmt.Errorf("workspace: open: %w", err)
	}
	w, err := newWorkspace(root, filepath.Base(filepath.Clean(dir)), cfg)
	if err != nil {
		root.close()
		return nil, err
	}
	return w, nil
}

func newWorkspace(root *dir, name string, cfg config) (*Workspace, error) {
	w := &Workspace{name: name, root: root, protected: cfg.protected, maxPages: cfg.maxPages, maxFile: cfg.maxFile}
	var err error
	if w.wiki, err = root.sub(WikiDir); err != nil {
		return nil, fmt.Errorf("workspace: wiki/ must be a directory, not a link: %w", err)
	}
	if w.raw, err = root.sub(RawDir); err != nil {
		w.wiki.close()
		return nil, fmt.Errorf("workspace: raw/ must be a directory, not a link: %w", err)
	}
	return w, nil
}

// Name returns the workspace's name (the last element of its directory).
func (w *Workspace) Name() string {
	if w == nil {
		return ""
	}
	return w.name
}

// Close releases the workspace's directory handles; later operations
// return [ErrClosed]. Calling Close again returns nil.
func (w *Workspace) Close() error {
	if w == nil {
		return nil
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.root == nil {
		return nil
	}
	err := errors.Join(w.raw.close(), w.wiki.close(), w.root.close())
	w.root, w.wiki, w.raw = nil, nil, nil
	return err
}

// IsProtected reports whether delete refuses the page at p (relative to the
// workspace, e.g. "wiki/index.md"). The comparison ignores case and
// normalisation form, as case-insensitive file systems do.
func (w *Workspace) IsProtected(p string) bool {
	rel, ok := strings.CutPrefix(p, WikiDir+"/")
	if !ok {
		return false
	}
	list := DefaultProtected()
	if w != nil && w.protected != nil {
		list = w.protected
	}
	for _, q := range list {
		if pathrule.SameName(rel, q) {
			return true
		}
	}
	return false
}

// route applies the rules that need no file system: the text of p, the
// area op may touch, protected pages. It returns the area's directory and
// the path inside it; the caller holds w.mu for reading.
func (w *Workspace) route(op Op, p string) (*dir, string, error) {
	if op < OpRead || op > OpDelete {
		return nil, "", &PathError{Op: op, Path: p, Err: ErrInvalidOp}
	}
	if err := validatePath(op, p); err != nil {
		return nil, "", err
	}
	fail := func(err error, detail string) error { return &PathError{Op: op, Path: p, Err: err, Detail: detail} }
	area, rel, _ := strings.Cut(p, "/")
	switch {
	case area == RawDir && op != OpRead:
		return nil, "", fail(ErrReadOnly, "")
	case area != RawDir && area != WikiDir:
		return nil, "", fail(ErrOutsideArea, "only wiki/ and raw/ exist for the agent")
	case rel == "":
		return nil, "", fail(ErrOutsideArea, "names the area itself, not a file in it")
	case op == OpDelete && w.IsProtected(p):
		return nil, "", fail(ErrProtected, "")
	case w == nil || w.root == nil:
		return nil, "", fail(ErrClosed, "")
	case area == RawDir:
		return w.raw, rel, nil
	}
	return w.wiki, rel, nil
}

// pathErr adds the operation and the path to a refusal from the file
// system; other errors are wrapped with them.
func pathErr(op Op, p string, err error) error {
	if err == nil {
		return nil
	}
	var fe *fsError
	if errors.As(err, &fe) {
		return &PathError{Op: op, Path: p, Err: fe.err, Detail: fe.detail}
	}
	return fmt.Errorf("workspace: %s %+q: %w", op, p, err)
}

func (w *Workspace) rlock() {
	if w != nil {
		w.mu.RLock()
	}
}

func (w *Workspace) runlock() {
	if w != nil {
		w.mu.RUnlock()
	}
}

// Check decides whether op may touch p, a slash-separated path relative to
// the workspace root ("wiki/sla.md", "raw/rfc-0034.md"), as the operation
// itself would decide now. It returns nil or a *PathError wrapping one of
// the Err* path errors: the text must pass [ValidatePath]; writes, creates
// and deletes must be under wiki/ (raw/ is [ErrReadOnly]); reads under
// wiki/ or raw/; no element may be a symbolic link, wherever it points;
// create needs a path that does not exist and a workspace under its page
// quota ([ErrQuota]), the others an existing regular file; read and write
// refuse a file with more than one hard link ([ErrHardLink]); delete
// refuses protected pages. Text rules are applied before the file system
// is consulted, and the quota last.
//
// The operations make the same decisions again on the descriptors they
// use, so a tree changed between Check and the operation cannot lead them
// astray; Check is for reporting, not a precondition.
func (w *Workspace) Check(op Op, p string) error {
	w.rlock()
	defer w.runlock()
	d, rel, err := w.route(op, p)
	if err != nil {
		return err
	}
	fi, missingParent, err := d.lstat(rel)
	if op == OpCreate {
		switch {
		case err == nil:
			return pathErr(op, p, existsErr(fi))
		case !missingParent && !errors.Is(err, ErrMissing):
			return pathErr(op, p, err)
		case !missingParent:
			var fe *fsError
			if errors.As(err, &fe) && fe.detail != "" {
				return pathErr(op, p, err) // a parent is not a directory
			}
		}
		return pathErr(op, p, w.quota())
	}
	if err != nil {
		return pathErr(op, p, err)
	}
	return pathErr(op, p, checkFile(fi, op != OpDelete))
}

// quota refuses a create when wiki/ holds maxPages pages. The caller holds
// w.mu for reading.
func (w *Workspace) quota() error {
	limit := w.maxPages
	if limit < 1 {
		limit = DefaultMaxPages
	}
	n, err := w.wiki.countPages(limit)
	if err != nil {
		return err
	}
	if n >= limit {
		return refuse(ErrQuota, fmt.Sprintf("wiki/ holds %d of %d pages", n, limit))
	}
	return nil
}

// ReadFile returns the contents of the page or source p (under wiki/ or
// raw/): a regular file with one link, at most the workspace's read limit,
// opened without following links and without blocking on a FIFO.
func (w *Workspace) ReadFile(p string) ([]byte, error) {
	w.rlock()
	defer w.runlock()
	d, rel, err := w.route(OpRead, p)
	if err != nil {
		return nil, err
	}
	b, err := d.readFile(rel, w.maxFile)
	return b, pathErr(OpRead, p, err)
}

// Create writes data to a new page p under wiki/, making missing parent
// directories, and never replaces anything that exists (a dangling link
// included). It refuses the path as [Workspace.Check] does, path rules
// first and the page quota last. The page appears whole or not at all. It
// does not check the page's content: run [Template.Check] and citation's
// Verify first.
//
// Counting pages for the quota walks wiki/, so Create costs time linear in
// the number of pages; concurrent Creates on one Workspace are serialised
// so that they cannot together exceed the quota.
func (w *Workspace) Create(p string, data []byte) error {
	w.rlock()
	defer w.runlock()
	d, rel, err := w.route(OpCreate, p)
	if err != nil {
		return err
	}
	w.createMu.Lock()
	defer w.createMu.Unlock()
	if fi, missingParent, err := d.lstat(rel); err == nil {
		return pathErr(OpCreate, p, existsErr(fi))
	} else if !missingParent && !errors.Is(err, ErrMissing) {
		return pathErr(OpCreate, p, err)
	}
	if err := w.quota(); err != nil {
		return pathErr(OpCreate, p, err)
	}
	return pathErr(OpCreate, p, d.create(rel, data))
}

// WriteFile replaces the contents of the existing page p under wiki/: a
// regular file with one link. It writes a temporary file beside the page
// and renames it over the page, so the page's old inode is never written:
// a page replaced by a link, or hard-linked to a raw/ source, between a
// check and the write loses the link, and the source is untouched.
// Readers see the old page or the new one, never a mix. The write is not
// fsynced.
func (w *Workspace) WriteFile(p string, data []byte) error {
	w.rlock()
	defer w.runlock()
	d, rel, err := w.route(OpWrite, p)
	if err != nil {
		return err
	}
	return pathErr(OpWrite, p, d.replace(rel, data))
}

// Remove deletes the page p under wiki/: a regular file, not protected.
// The directory entry is removed without following a link, so a page
// swapped for a link meanwhile loses only the link.
func (w *Workspace) Remove(p string) error {
	w.rlock()
	defer w.runlock()
	d, rel, err := w.route(OpDelete, p)
	if err != nil {
		return err
	}
	return pathErr(OpDelete, p, d.remove(rel))
}

// Workspaces is a directory whose subdirectories are workspaces, as served
// by one guardian. In pinned mode it serves exactly one of them and refuses
// any call that names another. The zero value refuses everything. It is
// safe for concurrent use.
type Workspaces struct {
	mu     sync.RWMutex
	root   *dir
	pinned string
	cfg    config
}

// OpenWorkspaces opens the directory of workspaces. A non-empty pinned
// names the only workspace it will open (pinned-workspace mode); empty
// pinned serves every workspace under dir. opts apply to every workspace it
// opens.
func OpenWorkspaces(dir, pinned string, opts ...Option) (*Workspaces, error) {
	if pinned != "" {
		if err := validWorkspaceName(pinned); err != nil {
			return nil, err
		}
	}
	cfg, err := buildConfig(opts)
	if err != nil {
		return nil, err
	}
	root, err := openTop(dir)
	if err != nil {
		return nil, fmt.Errorf("workspace: open workspaces: %w", err)
	}
	return &Workspaces{root: root, pinned: pinned, cfg: cfg}, nil
}

func validWorkspaceName(name string) error {
	if pathrule.Check(name) != "" || strings.Contains(name, "/") {
		return &PathError{Path: name, Err: ErrOtherWorkspace, Detail: "a workspace is named by one plain path element"}
	}
	return nil
}

// Open opens the named workspace. In pinned mode, name must be empty (the
// pinned workspace) or exactly the pinned name; anything else is refused
// with [ErrOtherWorkspace] before the file system is touched. Unpinned, name
// must be one plain path element naming a directory (not a symbolic link)
// under the Workspaces directory.
func (s *Workspaces) Open(name string) (*Workspace, error) {
	if s == nil {
		return nil, &PathError{Path: name, Err: ErrOtherWorkspace, Detail: "zero Workspaces"}
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	if s.root == nil {
		return nil, &PathError{Path: name, Err: ErrOtherWorkspace, Detail: "zero or closed Workspaces"}
	}
	if s.pinned != "" {
		if name != "" && name != s.pinned {
			return nil, &PathError{Path: name, Err: ErrOtherWorkspace, Detail: "this guardian is pinned to one workspace"}
		}
		name = s.pinned
	}
	if err := validWorkspaceName(name); err != nil {
		return nil, err
	}
	root, err := s.root.sub(name)
	if err != nil {
		var fe *fsError
		if errors.As(err, &fe) && fe.err == ErrMissing && fe.detail == "" {
			return nil, &PathError{Path: name, Err: ErrOtherWorkspace, Detail: "no such workspace"}
		}
		if errors.As(err, &fe) {
			return nil, &PathError{Path: name, Err: ErrSymlink, Detail: "workspace is not a directory"}
		}
		return nil, err
	}
	w, err := newWorkspace(root, name, s.cfg)
	if err != nil {
		root.close()
		return nil, err
	}
	return w, nil
}

// Close releases the directory handle. Calling Close again returns nil.
func (s *Workspaces) Close() error {
	if s == nil {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.root == nil {
		return nil
	}
	err := s.root.close()
	s.root = nil
	return err
}
