package workspace

import (
	"errors"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/wardline/wardline/citation/internal/page"
)

// maxFrontmatter bounds the YAML the template check will decode.
const maxFrontmatter = 64 << 10

// DefaultRequired returns the frontmatter fields a page needs when a
// [Template] names none: a title and the raw sources it draws on. Each call
// returns a new slice.
func DefaultRequired() []string { return []string{"title", "sources"} }

// Template is the create-time page template check. The zero value requires
// [DefaultRequired]. A Template is read-only after construction and safe for
// concurrent use.
type Template struct {
	// Required lists the frontmatter keys every new page must set to a
	// non-empty value (a non-blank string, a non-empty list or mapping, or
	// any number or boolean). Nil means DefaultRequired.
	Required []string
}

// ErrTemplate matches every *TemplateError with errors.Is.
var ErrTemplate = errors.New("workspace: page does not follow the template")

// TemplateError reports a page that create must refuse.
type TemplateError struct {
	// Reason is set when the frontmatter itself is absent or unreadable.
	Reason string
	// Missing lists required fields that are absent or empty, sorted.
	Missing []string
}

// Error implements error.
func (e *TemplateError) Error() string {
	if e.Reason != "" {
		return "workspace: template: " + e.Reason
	}
	return "workspace: template: missing or empty required fields: " + strings.Join(e.Missing, ", ")
}

// Is makes errors.Is(err, ErrTemplate) true.
func (e *TemplateError) Is(target error) bool { return target == ErrTemplate }

// CheckTemplate checks page against the default [Template].
func CheckTemplate(p []byte) error { return Template{}.Check(p) }

// Check parses the page's YAML frontmatter (with go.yaml.in/yaml/v3, which
// refuses duplicate keys and bounds alias expansion) and returns a
// *TemplateError when it is missing, unterminated, larger than 64 KiB, not
// a mapping, or lacks a required field. It returns nil for a conforming page.
func (t Template) Check(p []byte) error {
	fm, _, _, found, closed := page.Split(p)
	switch {
	case !found:
		return &TemplateError{Reason: `page has no frontmatter (it must open with a "---" line)`}
	case !closed:
		return &TemplateError{Reason: `frontmatter is not closed by a "---" line`}
	case len(fm) > maxFrontmatter:
		return &TemplateError{Reason: "frontmatter is larger than 64 KiB"}
	}
	var m map[string]any
	if err := yaml.Unmarshal(fm, &m); err != nil {
		return &TemplateError{Reason: "frontmatter is not a YAML mapping: " + err.Error()}
	}
	req := t.Required
	if req == nil {
		req = DefaultRequired()
	}
	var missing []string
	for _, k := range req {
		if !present(m[k]) {
			missing = append(missing, k)
		}
	}
	if len(missing) > 0 {
		slices.Sort(missing)
		return &TemplateError{Missing: slices.Compact(missing)}
	}
	return nil
}

func present(v any) bool {
	switch v := v.(type) {
	case nil:
		return false
	case string:
		return strings.TrimSpace(v) != ""
	case []any:
		return len(v) > 0
	case map[string]any:
		return len(v) > 0
	default:
		return true
	}
}
