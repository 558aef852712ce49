package checker

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

//go:embed schema.json
var schemaJSON []byte

// schemaURL is the schema's $id; it is an identifier, never fetched.
const schemaURL = "https://wardline.dev/schema/guru-response.json"

// Schema returns the GuruResponse JSON Schema (draft 2020-12) with the
// default limits, for use from other languages or in a model's structured
// output setting. It returns a fresh copy on each call.
func Schema() []byte {
	return bytes.Clone(schemaJSON)
}

// refuseLoader is the schema compiler's URL loader: it refuses every URL,
// so a $ref can never read a file or the network.
type refuseLoader struct{}

var errNoLoad = errors.New("checker: the schema compiler loads no URLs")

func (refuseLoader) Load(string) (any, error) { return nil, errNoLoad }

// compileSchema compiles the embedded schema with the limits of l patched in.
func compileSchema(l Limits) (*jsonschema.Schema, error) {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(schemaJSON))
	if err != nil {
		return nil, fmt.Errorf("checker: embedded schema: %w", err)
	}
	patchLimits(doc, l, false)
	return compileDoc(doc)
}

// compileDoc compiles a schema document with format assertions on and the
// URL loader refused.
func compileDoc(doc any) (*jsonschema.Schema, error) {
	c := jsonschema.NewCompiler()
	c.UseLoader(refuseLoader{})
	c.DefaultDraft(jsonschema.Draft2020)
	c.AssertFormat()
	if err := c.AddResource(schemaURL, doc); err != nil {
		return nil, fmt.Errorf("checker: embedded schema: %w", err)
	}
	sch, err := c.Compile(schemaURL)
	if err != nil {
		return nil, fmt.Errorf("checker: embedded schema: %w", err)
	}
	return sch, nil
}

// patchLimits rewrites the schema's maxItems and maxLength keywords with the
// configured limits: the summary gets MaxSummaryChars, the mcp service name
// keeps its own fixed limit, every other string MaxItemChars.
func patchLimits(v any, l Limits, inSummary bool) {
	switch v := v.(type) {
	case map[string]any:
		for k, child := range v {
			switch k {
			case "maxItems":
				v[k] = json.Number(fmt.Sprint(l.MaxItems))
			case "maxLength":
				if n, ok := child.(json.Number); ok && n.String() == "64" {
					continue // mcp service name: fixed
				}
				if inSummary {
					v[k] = json.Number(fmt.Sprint(l.MaxSummaryChars))
				} else {
					v[k] = json.Number(fmt.Sprint(l.MaxItemChars))
				}
			case "summary":
				patchLimits(child, l, true)
			default:
				patchLimits(child, l, inSummary)
			}
		}
	case []any:
		for _, child := range v {
			patchLimits(child, l, inSummary)
		}
	}
}
