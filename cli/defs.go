package cli

import (
	"fmt"
	"strings"

	"github.com/dialectgen/dialectgen/defs"
	"github.com/dialectgen/dialectgen/interp"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// defsUsage documents the global --defs flag.
const defsUsage = `  mlirbc --defs FILE [--defs FILE]... COMMAND ...

--defs   load a dialect definition (YAML) at run time and read and write its
         attributes, types and ops from it, replacing a compiled dialect of
         the same name (see package interp; hand-written hooks need compiling)`

// takeDefs reads the global --defs flags in front of the command and
// registers the dialects they define, after (so in place of) the
// compiled ones of the same names.
func takeDefs(args []string, e *env) ([]string, error) {
	for len(args) > 0 {
		var path string
		switch a := args[0]; {
		case a == "--defs" || a == "-defs":
			if len(args) < 2 {
				return nil, &UsageError{"--defs needs a definition file", usage("")}
			}
			path, args = args[1], args[2:]
		case strings.HasPrefix(a, "--defs=") || strings.HasPrefix(a, "-defs="):
			_, path, _ = strings.Cut(a, "=")
			args = args[1:]
		default:
			return args, nil
		}
		in, err := interp.Load(path)
		if err != nil {
			return nil, defsError(err, path, e.dialects)
		}
		e.dialects = append(e.dialects, in.Registered())
	}
	return args, nil
}

// defsError says, where a definition cannot be interpreted, that the
// dialect is compiled into this mlirbc when it is.
func defsError(err error, path string, compiled []ir.Dialect) error {
	d, lerr := defs.LoadFile(path)
	if lerr != nil {
		return err
	}
	for _, c := range compiled {
		if c.Name() == d.Name && !interp.Is(c) {
			// On the first line, which is what mlirbc prints.
			first, rest, _ := strings.Cut(err.Error(), "\n")
			return &noteError{err: err, msg: fmt.Sprintf("%s; dialect %s is compiled into this mlirbc: run it without --defs %s\n%s", first, d.Name, path, rest)}
		}
	}
	return err
}

// noteError is err with a note added to its message.
type noteError struct {
	err error
	msg string
}

func (e *noteError) Error() string { return strings.TrimSuffix(e.msg, "\n") }
func (e *noteError) Unwrap() error { return e.err }
