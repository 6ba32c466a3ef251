package defs_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"go.yaml.in/yaml/v3"
	"golang.org/x/tools/txtar"

	"github.com/dialectgen/dialectgen/defs"
)

var update = flag.Bool("update", false, "rewrite docs/dialectgen.schema.json")

const schemaPath = "../docs/dialectgen.schema.json"

// definitionFiles returns every definition there is: the shipped dialects,
// the examples, the generator's golden scenarios and the complete examples
// of docs/definitions.md, by a name for messages.
func definitionFiles(t *testing.T) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	for _, pattern := range []string{"../dialects/*/*.yaml", "../examples/*/*.yaml"} {
		paths, _ := filepath.Glob(pattern)
		for _, p := range paths {
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			out[p] = data
		}
	}
	scenarios, _ := filepath.Glob("../gen/testdata/*.txtar")
	for _, p := range scenarios {
		a, err := txtar.ParseFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range a.Files {
			if strings.HasSuffix(f.Name, ".yaml") {
				out[p+":"+f.Name] = f.Data
			}
		}
	}
	doc, err := os.ReadFile(docPath)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range fencedBlocks(t, string(doc)) {
		if b.info == "yaml" && dialectKey.MatchString(b.text) {
			out[docPath+":"+strconv.Itoa(b.line)] = []byte(b.text)
		}
	}
	return out
}

// recordedSchema loads every definition that loads, recording the shape of
// what the loader walks.
func recordedSchema(t *testing.T, files map[string][]byte) []byte {
	t.Helper()
	rec := defs.NewSchemaRecorder()
	loaded := 0
	for name, data := range files {
		if _, err := defs.Load(name, data); err != nil {
			continue // an error scenario: its values say nothing of the shape
		}
		if _, err := rec.LoadRecording(name, data); err != nil {
			t.Fatalf("%s: loads, but not while recording: %v", name, err)
		}
		loaded++
	}
	if loaded < 50 {
		t.Fatalf("only %d definitions load", loaded)
	}
	s, err := rec.Schema()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestSchema: the committed JSON Schema is what the loader gives today
// (regenerate with go test ./defs -run TestSchema -update), every
// definition that loads validates against it, and it rejects a misspelt
// key as the loader does.
func TestSchema(t *testing.T) {
	files := definitionFiles(t)
	got := recordedSchema(t, files)
	if *update {
		if err := os.WriteFile(schemaPath, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(schemaPath)
	if err != nil || !bytes.Equal(got, want) {
		t.Fatalf("%s is not what the loader gives (%v); run go test ./defs -run TestSchema -update and review the diff", schemaPath, err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(got))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("dialectgen.schema.json", doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile("dialectgen.schema.json")
	if err != nil {
		t.Fatalf("the schema does not compile: %v", err)
	}
	asJSON := func(data []byte) any {
		var v any
		if err := yaml.Unmarshal(data, &v); err != nil {
			t.Fatal(err)
		}
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		out, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	for name, data := range files {
		if _, err := defs.Load(name, data); err != nil {
			continue
		}
		if err := sch.Validate(asJSON(data)); err != nil {
			t.Errorf("%s does not validate: %v", name, err)
		}
	}
	toy := files["../examples/toy/toy.yaml"]
	typo := bytes.Replace(toy, []byte("\nsummary:"), []byte("\nsumary:"), 1)
	if bytes.Equal(typo, toy) {
		t.Fatal("no summary key in toy.yaml")
	}
	if err := sch.Validate(asJSON(typo)); err == nil {
		t.Error("the schema accepts a misspelt key (sumary)")
	}
}
