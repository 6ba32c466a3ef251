// Package hookcheck checks the hooks a definition names (custom codecs,
// verifiers, text parsers and printers, AppendKey methods of go: types,
// dense hooks) against the hand-written Go files of the dialect package,
// so that a missing hook or a wrong signature is reported at the YAML key
// that names it instead of by the compiler. It reads the files' syntax
// only: no type checking, no generated files needed.
package hookcheck

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/dialectgen/dialectgen/defs"
	"github.com/dialectgen/dialectgen/gen/internal/model"
)

// Check reports the hooks that the package in dir (its .go files other
// than tests and generated *.dg.go files) does not declare with the
// signature the generated code calls.
func Check(hooks []model.Hook, dir string) error {
	if len(hooks) == 0 {
		return nil
	}
	own, err := parseDir(dir)
	if err != nil {
		return err
	}
	others := map[string]*pkg{}
	var errs defs.ErrorList
	for _, h := range hooks {
		p := own
		if h.RecvPath != "" {
			if others[h.RecvPath] == nil {
				others[h.RecvPath] = parseImport(dir, h.RecvPath)
			}
			if p = others[h.RecvPath]; p == nil {
				continue // outside the module: the compiler checks it
			}
		}
		if msg := p.check(h); msg != "" {
			errs = append(errs, &defs.Error{Pos: h.Pos, Msg: h.What + ": " + msg})
		}
	}
	if len(errs) == 0 {
		return nil
	}
	sort.SliceStable(errs, func(i, j int) bool {
		a, b := errs[i].Pos, errs[j].Pos
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
	return errs
}

// pkg is the syntax of a package's hand-written files.
type pkg struct {
	name  string
	fset  *token.FileSet
	funcs map[string]*decl // functions by name, methods by "Recv.Name"
	// aliases maps the names of alias declarations (type A = B) to B,
	// spelled canonically.
	aliases map[string]string
}

type decl struct {
	fn      *ast.FuncDecl
	imports map[string]string // local package names of its file
}

func parseDir(dir string) (*pkg, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	p := &pkg{fset: token.NewFileSet(), funcs: map[string]*decl{}, aliases: map[string]string{}}
	var aliasSpecs []*ast.TypeSpec
	var aliasImports []map[string]string
	for _, fp := range paths {
		base := filepath.Base(fp)
		if strings.HasSuffix(base, "_test.go") || strings.HasSuffix(base, ".dg.go") {
			continue
		}
		src, err := os.ReadFile(fp)
		if err != nil {
			return nil, err
		}
		f, err := parser.ParseFile(p.fset, fp, src, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		p.name = f.Name.Name
		imports := fileImports(f)
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				key := d.Name.Name
				if d.Recv != nil && len(d.Recv.List) == 1 {
					key = recvName(d.Recv.List[0].Type) + "." + key
				}
				p.funcs[key] = &decl{fn: d, imports: imports}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					if ts, ok := s.(*ast.TypeSpec); ok && ts.Assign.IsValid() {
						aliasSpecs = append(aliasSpecs, ts)
						aliasImports = append(aliasImports, imports)
					}
				}
			}
		}
	}
	for i, ts := range aliasSpecs {
		p.aliases[ts.Name.Name] = p.typeString(ts.Type, aliasImports[i])
	}
	return p, nil
}

// parseImport parses the package with import path importPath when it is in
// the module that holds dir, else returns nil.
func parseImport(dir, importPath string) *pkg {
	root, module := moduleOf(dir)
	if root == "" || importPath != module && !strings.HasPrefix(importPath, module+"/") {
		return nil
	}
	p, err := parseDir(filepath.Join(root, filepath.FromSlash(strings.TrimPrefix(importPath, module))))
	if err != nil {
		return nil
	}
	return p
}

// moduleOf finds the go.mod above dir: its directory and module path.
func moduleOf(dir string) (root, module string) {
	d, err := filepath.Abs(dir)
	if err != nil {
		return "", ""
	}
	for {
		if data, err := os.ReadFile(filepath.Join(d, "go.mod")); err == nil {
			for _, line := range strings.Split(string(data), "\n") {
				if m, ok := strings.CutPrefix(strings.TrimSpace(line), "module "); ok {
					return d, strings.Trim(strings.TrimSpace(m), `"`)
				}
			}
			return "", ""
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", ""
		}
		d = parent
	}
}

// fileImports maps the names a file refers to its imports by to their
// paths: the explicit name, else the last path element (with a major
// version suffix dropped).
func fileImports(f *ast.File) map[string]string {
	out := map[string]string{}
	for _, s := range f.Imports {
		p, _ := strconv.Unquote(s.Path.Value)
		name := path.Base(p)
		if strings.HasPrefix(name, "v") && len(name) > 1 && strings.Trim(name[1:], "0123456789") == "" {
			name = path.Base(path.Dir(p))
		}
		if s.Name != nil {
			name = s.Name.Name
		}
		out[name] = p
	}
	return out
}

func recvName(e ast.Expr) string {
	if s, ok := e.(*ast.StarExpr); ok {
		e = s.X
	}
	if id, ok := e.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

// typeString spells a type expression as model.Type.String does: package
// paths in full, aliases of the package resolved.
func (p *pkg) typeString(e ast.Expr, imports map[string]string) string {
	switch e := e.(type) {
	case *ast.Ident:
		switch e.Name {
		case "uint8":
			return "byte"
		case "rune":
			return "int32"
		}
		if a, ok := p.aliases[e.Name]; ok {
			return a
		}
		return e.Name
	case *ast.SelectorExpr:
		if x, ok := e.X.(*ast.Ident); ok {
			if path, ok := imports[x.Name]; ok {
				return path + "." + e.Sel.Name
			}
		}
	case *ast.StarExpr:
		return "*" + p.typeString(e.X, imports)
	case *ast.ArrayType:
		if e.Len == nil {
			return "[]" + p.typeString(e.Elt, imports)
		}
	case *ast.ParenExpr:
		return p.typeString(e.X, imports)
	}
	return fmt.Sprintf("%T", e) // matches nothing the model spells
}

// fields spells a parameter or result list, one entry per value.
func (p *pkg) fields(l *ast.FieldList, imports map[string]string) []string {
	if l == nil {
		return nil
	}
	var out []string
	for _, f := range l.List {
		t := p.typeString(f.Type, imports)
		if _, ok := f.Type.(*ast.Ellipsis); ok {
			t = "..."
		}
		n := max(len(f.Names), 1)
		for range n {
			out = append(out, t)
		}
	}
	return out
}

// check returns what is wrong with the package's declaration of h, or "".
func (p *pkg) check(h model.Hook) string {
	key, what := h.Name, h.Name
	if h.Recv != "" {
		key, what = h.Recv+"."+h.Name, "method "+h.Name+" of "+h.Recv
	}
	want := signature(h.Params, h.Results)
	d := p.funcs[key]
	if d == nil {
		return fmt.Sprintf("%s is not declared in package %s (want %s)", what, p.name, want)
	}
	params, results := p.fields(d.fn.Type.Params, d.imports), p.fields(d.fn.Type.Results, d.imports)
	if equal(params, h.Params) && equal(results, h.Results) {
		return ""
	}
	got := short(params) + resultsText(short(results))
	at := p.fset.Position(d.fn.Name.Pos())
	return fmt.Sprintf("%s at %s:%d:%d is func%s, want %s", what, filepath.Base(at.Filename), at.Line, at.Column, got, want)
}

func equal(got []string, want []model.Type) bool {
	if len(got) != len(want) {
		return false
	}
	for i := range got {
		if got[i] != want[i].String() {
			return false
		}
	}
	return true
}

// signature spells a func type the way one writes it: packages by their
// last path element.
func signature(params, results []model.Type) string {
	var ps, rs []string
	for _, t := range params {
		ps = append(ps, t.String())
	}
	for _, t := range results {
		rs = append(rs, t.String())
	}
	return "func" + short(ps) + resultsText(short(rs))
}

func short(types []string) string {
	out := make([]string, len(types))
	for i, t := range types {
		// github.com/x/runtime/ir.Type → ir.Type, keeping * and [] in front.
		prefix := t[:len(t)-len(strings.TrimLeft(t, "*[]"))]
		rest := t[len(prefix):]
		if i := strings.LastIndexByte(rest, '/'); i >= 0 {
			rest = rest[i+1:]
		}
		out[i] = prefix + rest
	}
	return "(" + strings.Join(out, ", ") + ")"
}

func resultsText(list string) string {
	switch {
	case list == "()":
		return ""
	case !strings.Contains(list, ","):
		return " " + strings.Trim(list, "()")
	}
	return " " + list
}
