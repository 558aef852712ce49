package checker

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

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
	sch, err := compileDoc(schemaURL, doc)
	if err != nil {
		return nil, fmt.Errorf("checker: embedded schema: %w", err)
	}
	return sch, nil
}

// guruContract is the built-in contract: the embedded schema with the
// limits of l, and DefaultPolicy.
func guruContract(l Limits) (*contract, error) {
	sch, err := compileSchema(l)
	if err != nil {
		return nil, err
	}
	ct, err := compileContract(schemaJSON, sch, DefaultPolicy(), false)
	if err != nil {
		return nil, fmt.Errorf("checker: embedded schema: %w", err)
	}
	ct.urlNote = "only internet_facts[].source, internet_facts[].claims and mcp_requests[] may hold URLs"
	// The fast path checks retrieved_at with the schema's own format
	// function, so that it accepts exactly what the schema does.
	p, _ := compilePattern("/internet_facts/*/retrieved_at", FreeText)
	at, _ := schemasAt(sch, p.segs)
	for _, s := range at {
		if s.Format != nil && s.Format.Name == "date-time" {
			ct.dateTime = s.Format.Validate
		}
	}
	if ct.dateTime == nil {
		return nil, errors.New("checker: embedded schema: retrieved_at has no date-time format")
	}
	return ct, nil
}

// contractURL is where a custom schema is registered with the compiler; an
// identifier, never fetched.
const contractURL = "https://wardline.dev/schema/contract.json"

// customContract compiles the contract WithContract recorded.
func customContract(cfg *config) (*contract, error) {
	if len(cfg.guruLimits) > 0 {
		return nil, fmt.Errorf("%w: WithLimits(%s) conflicts with WithContract: that limit belongs to the GuruResponse; put maxLength or maxItems in the schema",
			ErrInvalidOption, strings.Join(cfg.guruLimits, ", "))
	}
	spec := cfg.contract
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(spec.schema))
	if err != nil {
		return nil, fmt.Errorf("%w: WithContract: the schema is not JSON: %v", ErrInvalidOption, err)
	}
	sch, err := compileDoc(contractURL, doc)
	if err != nil {
		return nil, fmt.Errorf("%w: WithContract: the schema does not compile: %v", ErrInvalidOption, err)
	}
	ct, err := compileContract(spec.schema, sch, spec.policy, true)
	if err != nil {
		return nil, fmt.Errorf("%w: WithContract: %v", ErrInvalidOption, err)
	}
	return ct, nil
}

// compileDoc compiles a schema document with format assertions on and the
// URL loader refused.
func compileDoc(url string, doc any) (*jsonschema.Schema, error) {
	c := jsonschema.NewCompiler()
	c.UseLoader(refuseLoader{})
	c.DefaultDraft(jsonschema.Draft2020)
	c.AssertFormat()
	if err := c.AddResource(url, doc); err != nil {
		return nil, err
	}
	return c.Compile(url)
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
