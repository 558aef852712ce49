package citation

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/text/unicode/norm"
)

// The two areas of a workspace.
const (
	WikiDir = "wiki" // pages the agent may create, write and delete
	RawDir  = "raw"  // immutable sources, read-only
)

// DefaultProtected lists the pages delete refuses, relative to wiki/.
var DefaultProtected = []string{"overview.md", "index.md", "log.md"}

// Workspace is one wiki workspace: a directory holding raw/ and wiki/. Every
// path is checked by [Workspace.Check] and every file operation goes through
// an os.Root, so a path can never leave the workspace directory, even if the
// tree changes between the check and the use.
//
// The zero Workspace has no root and refuses every operation. A Workspace
// is safe for concurrent use; Close it when done.
type Workspace struct {
	name      string
	root      *os.Root
	raw       *os.Root
	protected []string
}

// WorkspaceOption configures [OpenWorkspace].
type WorkspaceOption func(*Workspace) error

// WithProtected replaces [DefaultProtected]: paths relative to wiki/ that
// delete refuses. No paths means nothing is protected, which loosens the
// guard; do not use it unless another layer protects the structural pages.
func WithProtected(paths ...string) WorkspaceOption {
	return func(w *Workspace) error {
		for _, p := range paths {
			if err := ValidatePath(p); err != nil {
				return fmt.Errorf("citation: WithProtected: %w", err)
			}
		}
		w.protected = slices.Clone(paths)
		return nil
	}
}

// OpenWorkspace opens the workspace directory dir, which must contain raw/
// and wiki/ directories (not symbolic links). Its name, for
// [Workspaces], is the last element of dir.
func OpenWorkspace(dir string, opts ...WorkspaceOption) (*Workspace, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, fmt.Errorf("citation: open workspace: %w", err)
	}
	w, err := newWorkspace(root, opts)
	if err != nil {
		root.Close()
		return nil, err
	}
	return w, nil
}

func newWorkspace(root *os.Root, opts []WorkspaceOption) (*Workspace, error) {
	w := &Workspace{root: root, protected: DefaultProtected}
	w.name = filepath.Base(filepath.Clean(root.Name()))
	for _, o := range opts {
		if o == nil {
			continue
		}
		if err := o(w); err != nil {
			return nil, err
		}
	}
	for _, d := range []string{WikiDir, RawDir} {
		fi, err := root.Lstat(d)
		if err != nil {
			return nil, fmt.Errorf("citation: workspace has no %s/: %w", d, err)
		}
		if !fi.IsDir() {
			return nil, fmt.Errorf("citation: workspace %s/ is not a directory: %w", d, ErrSymlink)
		}
	}
	raw, err := root.OpenRoot(RawDir)
	if err != nil {
		return nil, fmt.Errorf("citation: open raw/: %w", err)
	}
	w.raw = raw
	return w, nil
}

// Name returns the workspace's name (the last element of its directory).
func (w *Workspace) Name() string {
	if w == nil {
		return ""
	}
	return w.name
}

// Close releases the workspace's directory handles.
func (w *Workspace) Close() error {
	if w == nil || w.root == nil {
		return nil
	}
	return errors.Join(w.raw.Close(), w.root.Close())
}

// Sources returns raw/ as an fs.FS for [Verify] and [Anchor]. It is backed
// by an os.Root, so symbolic links cannot lead out of raw/. The zero
// Workspace returns nil, which Verify reports as missing sources.
func (w *Workspace) Sources() fs.FS {
	if w == nil || w.raw == nil {
		return nil
	}
	return w.raw.FS()
}

// IsProtected reports whether delete refuses the page at p (relative to the
// workspace, e.g. "wiki/index.md"). The comparison ignores case and
// normalisation form, as case-insensitive file systems do.
func (w *Workspace) IsProtected(p string) bool {
	rel, ok := strings.CutPrefix(p, WikiDir+"/")
	if !ok {
		return false
	}
	rel = norm.NFC.String(rel)
	list := DefaultProtected
	if w != nil && w.protected != nil {
		list = w.protected
	}
	for _, q := range list {
		if strings.EqualFold(rel, norm.NFC.String(q)) {
			return true
		}
	}
	return false
}

// Check decides whether op may touch p, a slash-separated path relative to
// the workspace root ("wiki/sla.md", "raw/rfc-0034.md"). It returns nil or a
// *PathError wrapping one of the Err* path errors: the text must pass
// [ValidatePath]; writes, creates and deletes must be under wiki/ (raw/ is
// [ErrReadOnly]); reads under wiki/ or raw/; no component may be a symbolic
// link, whatever it points to; create needs a path that does not exist,
// the others an existing regular file; delete refuses protected pages.
func (w *Workspace) Check(op Op, p string) error {
	if op < OpRead || op > OpDelete {
		return &PathError{Op: op, Path: p, Err: ErrInvalidOp}
	}
	if err := validatePath(op, p); err != nil {
		return err
	}
	fail := func(err error, detail string) error { return &PathError{Op: op, Path: p, Err: err, Detail: detail} }
	area, _, _ := strings.Cut(p, "/")
	switch {
	case area == RawDir && op != OpRead:
		return fail(ErrReadOnly, "")
	case area == RawDir || area == WikiDir:
		if !strings.Contains(p, "/") {
			return fail(ErrOutsideArea, "names the area itself, not a file in it")
		}
	default:
		return fail(ErrOutsideArea, "only wiki/ and raw/ exist for the agent")
	}
	if op == OpDelete && w.IsProtected(p) {
		return fail(ErrProtected, "")
	}
	if w == nil || w.root == nil {
		return fail(ErrMissing, "zero Workspace")
	}
	elems := strings.Split(p, "/")
	for i := range elems {
		sub := strings.Join(elems[:i+1], "/")
		fi, err := w.root.Lstat(sub)
		last := i == len(elems)-1
		switch {
		case errors.Is(err, fs.ErrNotExist):
			if op == OpCreate {
				return nil
			}
			return fail(ErrMissing, "")
		case err != nil:
			return fail(ErrSymlink, "cannot be resolved inside the workspace")
		case fi.Mode()&fs.ModeSymlink != 0:
			return fail(ErrSymlink, "")
		case !last && !fi.IsDir():
			return fail(ErrMissing, "a parent is not a directory")
		case last && op == OpCreate:
			return fail(ErrExists, "")
		case last && !fi.Mode().IsRegular():
			return fail(ErrMissing, "not a regular file")
		}
	}
	return nil
}

// ReadFile checks p for [OpRead] and returns its contents.
func (w *Workspace) ReadFile(p string) ([]byte, error) {
	if err := w.Check(OpRead, p); err != nil {
		return nil, err
	}
	f, err := w.root.Open(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(f)
}

// Create checks p for [OpCreate], makes missing parent directories under
// wiki/ and writes data to a new file (it never replaces one). It does not
// check the page's content: run [Template.Check], [CheckQuota] and
// [Verify] first.
func (w *Workspace) Create(p string, data []byte) error {
	if err := w.Check(OpCreate, p); err != nil {
		return err
	}
	elems := strings.Split(p, "/")
	for i := 1; i < len(elems)-1; i++ {
		if err := w.root.Mkdir(strings.Join(elems[:i+1], "/"), 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
			return err
		}
	}
	f, err := w.root.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	return writeClose(f, data)
}

// WriteFile checks p for [OpWrite] and replaces the contents of the
// existing page.
func (w *Workspace) WriteFile(p string, data []byte) error {
	if err := w.Check(OpWrite, p); err != nil {
		return err
	}
	f, err := w.root.OpenFile(p, os.O_WRONLY|os.O_TRUNC, 0)
	if err != nil {
		return err
	}
	return writeClose(f, data)
}

// Remove checks p for [OpDelete] and deletes the page.
func (w *Workspace) Remove(p string) error {
	if err := w.Check(OpDelete, p); err != nil {
		return err
	}
	return w.root.Remove(p)
}

func writeClose(f *os.File, data []byte) error {
	_, err := f.Write(data)
	return errors.Join(err, f.Close())
}

// Workspaces is a directory whose subdirectories are workspaces, as served
// by one guardian. In pinned mode it serves exactly one of them and refuses
// any call that names another. The zero value refuses everything. It is
// safe for concurrent use.
type Workspaces struct {
	root   *os.Root
	pinned string
	opts   []WorkspaceOption
}

// OpenWorkspaces opens the directory of workspaces. A non-empty pinned
// names the only workspace it will open (pinned-workspace mode); empty
// pinned serves every workspace under dir. opts apply to every workspace it
// opens.
func OpenWorkspaces(dir, pinned string, opts ...WorkspaceOption) (*Workspaces, error) {
	if pinned != "" {
		if err := validWorkspaceName(pinned); err != nil {
			return nil, err
		}
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, fmt.Errorf("citation: open workspaces: %w", err)
	}
	return &Workspaces{root: root, pinned: pinned, opts: opts}, nil
}

func validWorkspaceName(name string) error {
	if err := validatePath(0, name); err != nil || strings.Contains(name, "/") {
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
	if s == nil || s.root == nil {
		return nil, &PathError{Path: name, Err: ErrOtherWorkspace, Detail: "zero Workspaces"}
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
	fi, err := s.root.Lstat(name)
	if err != nil {
		return nil, &PathError{Path: name, Err: ErrOtherWorkspace, Detail: "no such workspace"}
	}
	if !fi.IsDir() {
		return nil, &PathError{Path: name, Err: ErrSymlink, Detail: "workspace is not a directory"}
	}
	root, err := s.root.OpenRoot(name)
	if err != nil {
		return nil, err
	}
	w, err := newWorkspace(root, s.opts)
	if err != nil {
		root.Close()
		return nil, err
	}
	w.name = name
	return w, nil
}

// Close releases the directory handle.
func (s *Workspaces) Close() error {
	if s == nil || s.root == nil {
		return nil
	}
	return s.root.Close()
}
