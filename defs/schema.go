package defs

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"
)

// The JSON Schema of definition files is taken from the loader itself, so
// that it cannot drift from what the loader accepts: while loading, every
// mapping the loader walks declares all its keys (the handlers of
// loader.fields), and where each value goes tells its shape: a nested
// mapping the loader walks, a list, a scalar, or a free-form mapping.
// Loading every definition there is (the shipped dialects, the examples,
// the documentation's examples) with a SchemaRecorder records them all;
// Schema renders the result for editors (yaml-language-server).

// A SchemaRecorder collects what the loader walks.
type SchemaRecorder struct {
	kinds map[string]*schemaKind // by signature (the sorted keys)
	root  string
	slots map[*yaml.Node]schemaSlot // where a value node sits
	used  map[*yaml.Node]bool       // mappings the loader walked
}

type schemaKind struct {
	what string
	keys []string
	vals map[string]*schemaShape // by key
}

// schemaShape is what a key's values were seen to be.
type schemaShape struct {
	scalars map[string]bool // JSON types: string, integer, number, boolean
	kinds   map[string]bool // signatures of walked mappings
	free    bool            // a mapping the loader reads itself
	list    *schemaShape    // the elements, for a list
}

type schemaSlot struct {
	shape *schemaShape
}

// NewSchemaRecorder returns an empty recorder.
func NewSchemaRecorder() *SchemaRecorder {
	return &SchemaRecorder{kinds: map[string]*schemaKind{}, slots: map[*yaml.Node]schemaSlot{}, used: map[*yaml.Node]bool{}}
}

// LoadRecording loads a definition as Load does, recording its shape.
func (r *SchemaRecorder) LoadRecording(name string, data []byte) (*Dialect, error) {
	return load(name, data, r)
}

func newShape() *schemaShape {
	return &schemaShape{scalars: map[string]bool{}, kinds: map[string]bool{}}
}

// walk records a mapping the loader walks as what, with the keys it knows.
func (r *SchemaRecorder) walk(n *yaml.Node, what string, known []string) *schemaKind {
	sort.Strings(known)
	sig := what + "{" + strings.Join(known, ",") + "}"
	k := r.kinds[sig]
	if k == nil {
		k = &schemaKind{what: what, keys: known, vals: map[string]*schemaShape{}}
		r.kinds[sig] = k
	}
	r.used[n] = true
	if s, ok := r.slots[n]; ok {
		s.shape.kinds[sig] = true
	} else if r.root == "" {
		r.root = sig
	}
	return k
}

// value records a key's value node and places what it holds.
func (r *SchemaRecorder) value(k *schemaKind, key string, v *yaml.Node) {
	s := k.vals[key]
	if s == nil {
		s = newShape()
		k.vals[key] = s
	}
	r.place(s, v)
}

func (r *SchemaRecorder) place(s *schemaShape, v *yaml.Node) {
	switch v.Kind {
	case yaml.ScalarNode:
		s.scalars[jsonType(v)] = true
	case yaml.SequenceNode:
		if s.list == nil {
			s.list = newShape()
		}
		for _, e := range v.Content {
			r.place(s.list, e)
		}
	case yaml.MappingNode:
		r.slots[v] = schemaSlot{s}
	}
}

// finish marks the mappings nobody walked as free-form.
func (r *SchemaRecorder) finish() {
	for n, s := range r.slots {
		if !r.used[n] {
			s.shape.free = true
		}
	}
	clear(r.slots)
	clear(r.used)
}

// jsonType is the JSON type a YAML scalar has for a schema validator.
func jsonType(n *yaml.Node) string {
	switch n.ShortTag() {
	case "!!int":
		return "integer"
	case "!!float":
		return "number"
	case "!!bool":
		return "boolean"
	case "!!null":
		return "null"
	}
	return "string"
}

// Schema renders what r recorded as a JSON Schema (draft-07).
func (r *SchemaRecorder) Schema() ([]byte, error) {
	if r.root == "" {
		return nil, fmt.Errorf("nothing recorded")
	}
	// Name each kind by what the loader calls it, numbered where two
	// kinds share a name.
	sigs := make([]string, 0, len(r.kinds))
	for sig := range r.kinds {
		sigs = append(sigs, sig)
	}
	sort.Strings(sigs)
	names := map[string]string{}
	count := map[string]int{}
	for _, sig := range sigs {
		w := strings.ReplaceAll(r.kinds[sig].what, " ", "_")
		count[w]++
		names[sig] = w
		if count[w] > 1 {
			names[sig] = fmt.Sprintf("%s_%d", w, count[w])
		}
	}
	defs := map[string]any{}
	for _, sig := range sigs {
		k := r.kinds[sig]
		props := map[string]any{}
		for _, key := range k.keys {
			if s := k.vals[key]; s != nil {
				props[key] = s.schema(names)
			} else {
				props[key] = map[string]any{"description": "accepted; no definition here uses it yet"}
			}
		}
		defs[names[sig]] = map[string]any{
			"type":                 "object",
			"title":                k.what,
			"properties":           props,
			"additionalProperties": false,
		}
	}
	doc := map[string]any{
		"$schema":     "http://json-schema.org/draft-07/schema#",
		"$id":         "https://github.com/dialectgen/dialectgen/docs/dialectgen.schema.json",
		"title":       "dialectgen dialect definition",
		"description": "Generated from the dialectgen loader (defs.SchemaRecorder); see docs/definitions.md.",
		"$ref":        "#/definitions/" + names[r.root],
		"definitions": defs,
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(doc); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func (s *schemaShape) schema(names map[string]string) any {
	var alts []any
	types := make([]string, 0, len(s.scalars))
	for t := range s.scalars {
		types = append(types, t)
	}
	sort.Strings(types)
	// An integer is a number: say number once when both were seen.
	if slices.Contains(types, "number") {
		types = slices.DeleteFunc(types, func(t string) bool { return t == "integer" })
	}
	for _, t := range types {
		alts = append(alts, map[string]any{"type": t})
	}
	kinds := make([]string, 0, len(s.kinds))
	for sig := range s.kinds {
		kinds = append(kinds, sig)
	}
	sort.Strings(kinds)
	for _, sig := range kinds {
		alts = append(alts, map[string]any{"$ref": "#/definitions/" + names[sig]})
	}
	if s.free {
		alts = append(alts, map[string]any{"type": "object"})
	}
	if s.list != nil {
		alts = append(alts, map[string]any{"type": "array", "items": s.list.schema(names)})
	}
	switch len(alts) {
	case 0:
		return map[string]any{}
	case 1:
		return alts[0]
	}
	return map[string]any{"anyOf": alts}
}
