// Package cli is the mlirbc command, as a library: it inspects and
// converts MLIR bytecode and NVIDIA Tile IR bytecode files (the format is
// recognised by the file's magic number). cmd/mlirbc is Main with the
// shipped dialects; a dialect repository adds its own (see Main).
//
//	mlirbc stat [--verify] FILE
//	mlirbc convert [--version V] [--producer S] [--release N] [--target D=V]... [--verify] [--sync] IN (-o OUT | OUT)
//	mlirbc explain [--section NAME] [--op N] FILE
//	mlirbc layout FILE
//	mlirbc dump FILE
//	mlirbc print [--debuginfo=false] [--local-scope] [--release R] FILE
//	mlirbc help [COMMAND]
//	mlirbc --version
//	mlirbc --defs FILE [--defs FILE]... COMMAND ...
//
// stat prints the header, the sections with their offsets and sizes, and
// counts: of dialects, ops, attributes, types and resources for MLIR
// bytecode, of functions, globals and ops for Tile IR, with the ops by
// name for both. convert decodes the file completely into typed IR and
// writes it again, by default with the input's version (and, for MLIR
// bytecode, its producer and LLVM release). convert replaces OUT only once
// the new file is complete: a failure leaves OUT as it was, and OUT may be
// IN; --sync also flushes it to disk first, for a replacement that
// survives a system crash (see internal/safefile). An IN that is text (no
// bytecode magic) is parsed as Tile IR text and written as NVIDIA's C++
// writer writes it. dump prints a Tile IR
// module one op per line, large dense values elided (dialectgen's own
// view); print prints it as NVIDIA's cuda-tile-translate does.
//
// --defs loads a dialect definition at run time (package interp) and
// registers it in place of a compiled dialect of the same name.
//
// Bad input prints one line to stderr and exits with status 1; a bad
// invocation prints what is wrong and the command's usage, status 2.
package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/dialectgen/dialectgen/dialects/all"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// Main runs mlirbc on the process's arguments with every shipped dialect
// and the given ones, and exits: status 0 on success, 1 on bad input (one
// line on stderr), 2 on a bad invocation (what is wrong, then the usage).
// A dialect repository gets its own mlirbc from a main package of one
// line, which `dialectgen -cli DIR` writes:
//
//	func main() { cli.Main(mydialect.Dialect) }
func Main(dialects ...ir.Dialect) {
	e := newEnv(os.Stdout, dialects)
	e.main = true
	stopTrace := startTrace()
	status := Exit(run(os.Args[1:], e), os.Stderr)
	stopTrace()
	os.Exit(status)
}

// Exit reports err as Main does and returns the exit status.
func Exit(err error, stderr io.Writer) int {
	var ue *UsageError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &ue):
		fmt.Fprintf(stderr, "mlirbc: %s\n\n%s\n", ue.msg, ue.usage)
		return 2
	}
	fmt.Fprintln(stderr, "mlirbc: "+oneLine(err.Error()))
	return 1
}

// A command is a subcommand with its flags and usage.
type command struct {
	name, args, summary string
	flags               func(fs *flag.FlagSet) func(pos []string, e *env) error
}

var commands = []command{
	{
		name:    "stat",
		args:    "[--verify] FILE",
		summary: "print the header, the sections, and counts of what the file holds (ops by name)",
		flags: func(fs *flag.FlagSet) func([]string, *env) error {
			verify := fs.Bool("verify", false, "also check the IR as writers do (scope, dominance, structure)")
			return func(pos []string, e *env) error {
				if len(pos) != 1 {
					return errUsage("stat takes one file")
				}
				if e.main {
					defer oneShotGC()() // what it reads stays live until it has counted
					defer oneFile()()
				}
				return stat(e.newContext(), pos[0], e.stdout, *verify)
			}
		},
	},
	{
		name:    "convert",
		args:    "[--version V] [--producer S] [--release N] [--target D=V]... [--verify] [--sync] IN (-o OUT | OUT) | IN... -o DIR",
		summary: "decode IN into typed IR and write it again, by default as it was (version, producer, release);\nseveral inputs, or a directory of bytecode files, go into the directory DIR, on all cores",
		flags: func(fs *flag.FlagSet) func([]string, *env) error {
			out := fs.String("o", "", "the output file (or give it as the second argument); - is standard output")
			version := fs.String("version", "", "the version to write: 0 to 6 for MLIR bytecode, 13.1, 13.2 or 13.3 for Tile IR\n(an op, attribute or type newer than V is an error; the Tile IR producer string needs 13.3)")
			producer := fs.String("producer", "", "MLIR bytecode: the producer string to write")
			release := fs.Int("release", 0, "MLIR bytecode: the LLVM release whose op layouts to write (16 to 22); the producer then names it\n(MLIR22 for 22) where the one read names another, unless --producer")
			verify := fs.Bool("verify", false, "check the IR as it is read (writing always does)")
			sync := fs.Bool("sync", false, "flush each output to disk before it replaces OUT, so that the replacement survives a system crash\n(without it OUT still never holds a partial file: the new file is renamed over it once complete)")
			targets := targetFlags{}
			fs.Var(targets, "target", "MLIR bytecode: DIALECT=VERSION, the version to write a dialect that versions itself at\n(repeatable; default: the version read; ops are downgraded, or refused naming what the version lacks)")
			return func(pos []string, e *env) error {
				o := convertOptions{version: *version, producer: *producer, release: *release, verify: *verify, sync: *sync, targets: targets}
				fs.Visit(func(f *flag.Flag) { o.set = append(o.set, f.Name) })
				if *out == "-" && (len(pos) > 1 || len(pos) == 1 && isDir(pos[0])) {
					return errUsage("convert writes one input to standard output (-o -), not several")
				}
				if *out != "" && (len(pos) > 1 || len(pos) == 1 && isDir(pos[0])) {
					b, err := planBatch(pos, *out)
					if err != nil {
						return err
					}
					if e.main {
						batchGC()
						reserveUpTo(b.heap())
					}
					return b.run(e, func(in, out string) error { return convert(e.newContext(), in, out, o) })
				}
				if *out == "" && len(pos) == 2 {
					*out, pos = pos[1], pos[:1]
				}
				if len(pos) != 1 || *out == "" {
					return errUsage("convert takes one input and one output (-o OUT or a second argument), or inputs and -o DIR")
				}
				o.oneShot, o.stdout = e.main, e.stdout
				return convert(e.newContext(), pos[0], *out, o)
			}
		},
	},
	{
		name:    "explain",
		args:    "[--section NAME] [--op N] FILE",
		summary: "print an annotated hex dump: each byte range with the section, entry and field it belongs to",
		flags: func(fs *flag.FlagSet) func([]string, *env) error {
			section := fs.String("section", "", "only this section (String, Dialect, AttrTypeOffset, AttrType, IR, Resource, ResourceOffset, Properties)")
			op := fs.Int("op", -1, "only op N, counted in pre-order from 0 (the top-level op)")
			return func(pos []string, e *env) error {
				if len(pos) != 1 {
					return errUsage("explain takes one file")
				}
				return explain(e.newContext(), pos[0], *section, *op, e.stdout)
			}
		},
	},
	{
		name:    "layout",
		args:    "FILE",
		summary: "print the attributes mlir-opt --test-data-layout-query (of the file's release) sets on each test.data_layout_query op",
		flags: func(fs *flag.FlagSet) func([]string, *env) error {
			return func(pos []string, e *env) error {
				if len(pos) != 1 {
					return errUsage("layout takes one file")
				}
				return layoutQueries(e.newContext(), pos[0], e.stdout)
			}
		},
	},
	{
		name:    "dump",
		args:    "FILE",
		summary: "print a Tile IR module, one op per line",
		flags: func(fs *flag.FlagSet) func([]string, *env) error {
			return func(pos []string, e *env) error {
				if len(pos) != 1 {
					return errUsage("dump takes one file")
				}
				return dump(pos[0], e.stdout)
			}
		},
	},
	{
		name:    "print",
		args:    "[--debuginfo=false] [--local-scope] [--release R] FILE",
		summary: "print a module as text: MLIR bytecode in the generic form, as mlir-opt-R --mlir-print-op-generic --mlir-print-debuginfo does (without --mlir-print-debuginfo: --debuginfo=false);\nTile IR as NVIDIA's cuda-tile-translate -cudatilebc-to-mlir --mlir-print-debuginfo does",
		flags: func(fs *flag.FlagSet) func([]string, *env) error {
			debug := fs.Bool("debuginfo", true, "print each op's and block argument's location (--mlir-print-debuginfo; Tile IR: with the aliases after the module)")
			local := fs.Bool("local-scope", false, "MLIR: print without aliases, as --mlir-print-local-scope")
			release := fs.Int("release", 0, "MLIR: the LLVM release whose mlir-opt to print as (16, 19 or 22; default: the file's)")
			return func(pos []string, e *env) error {
				if len(pos) != 1 {
					return errUsage("print takes one file")
				}
				if e.main {
					defer oneFile()()
				}
				return printAny(e.newContext(), pos[0], e.stdout, *debug, *local, *release)
			}
		},
	},
}

const intro = `mlirbc inspects and converts MLIR bytecode (versions 0 to 6) and NVIDIA
Tile IR bytecode (13.1 to 13.3); a file's format is told by its magic.`

// usage is the usage of every command, or of one.
func usage(only string) string {
	var b strings.Builder
	if only == "" {
		b.WriteString(intro + "\n\nusage:\n")
	} else {
		b.WriteString("usage:\n")
	}
	for _, c := range commands {
		if only != "" && c.name != only {
			continue
		}
		fmt.Fprintf(&b, "  mlirbc %s %s\n", c.name, c.args)
		if only != "" {
			fmt.Fprintf(&b, "\n%s.\n", c.summary)
			fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
			c.flags(fs)
			var flags strings.Builder
			fs.SetOutput(&flags)
			fs.PrintDefaults()
			if flags.Len() > 0 {
				b.WriteString("\nflags:\n" + flags.String())
			}
		}
	}
	if only == "" {
		b.WriteString("  mlirbc help [COMMAND]\n  mlirbc --version\n" + defsUsage + "\n\n")
		for _, c := range commands {
			fmt.Fprintf(&b, "%-8s %s\n", c.name, strings.ReplaceAll(c.summary, "\n", "\n         "))
		}
		b.WriteString("\nBad input: one line on stderr, exit status 1. Bad usage: status 2.")
	}
	return strings.TrimRight(b.String(), "\n")
}

// UsageError is a bad invocation: Main prints it with the usage.
type UsageError struct{ msg, usage string }

func (e *UsageError) Error() string { return e.msg }

// errUsage is a usage error of the command being run; run fills in its
// usage.
func errUsage(msg string) error { return &UsageError{msg: msg} }

// env is what a command runs with: where it prints, and the dialects
// its contexts know (the shipped ones, then the caller's).
type env struct {
	stdout   io.Writer
	stderr   io.Writer // notes and progress
	dialects []ir.Dialect
	// main says the process is Main's: a one-shot command may tune the
	// collector for itself (see oneShotGC).
	main bool
}

// newEnv is the environment of a run with every shipped dialect and
// those given.
func newEnv(stdout io.Writer, dialects []ir.Dialect) *env {
	return &env{stdout: stdout, stderr: os.Stderr, dialects: append(slices.Clip(all.Dialects), dialects...)}
}

func isDir(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.IsDir()
}

func (e *env) newContext() *ir.Context { return ir.NewContext(e.dialects...) }

// Run runs the mlirbc command line args (without the program name),
// printing to stdout, with every shipped dialect and the given ones (a
// dialect named like a shipped one replaces it). Usage errors are
// *UsageError; bad input gives the reader's or writer's error.
func Run(args []string, stdout io.Writer, dialects ...ir.Dialect) error {
	return run(args, newEnv(stdout, dialects))
}

func run(args []string, e *env) error {
	stdout := e.stdout
	args, err := takeDefs(args, e)
	if err != nil {
		return err
	}
	if len(args) == 0 {
		return &UsageError{"no command given", usage("")}
	}
	switch args[0] {
	case "help", "-h", "-help", "--help":
		if len(args) > 1 {
			if find(args[1]) == nil {
				return &UsageError{fmt.Sprintf("no command %q", args[1]), usage("")}
			}
			fmt.Fprintln(stdout, usage(args[1]))
			return nil
		}
		fmt.Fprintln(stdout, usage(""))
		return nil
	case "-version", "--version":
		fmt.Fprintln(stdout, versionLine())
		return nil
	}
	c := find(args[0])
	if c == nil {
		return &UsageError{fmt.Sprintf("no command %q", args[0]), usage("")}
	}
	fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	exec := c.flags(fs)
	pos, err := parse(fs, args[1:])
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprintln(stdout, usage(c.name))
		return nil
	}
	if err != nil {
		return &UsageError{err.Error(), usage(c.name)}
	}
	err = exec(pos, e)
	if ue, ok := err.(*UsageError); ok && ue.usage == "" {
		ue.usage = usage(c.name)
	}
	return err
}

func find(name string) *command {
	for i := range commands {
		if commands[i].name == name {
			return &commands[i]
		}
	}
	return nil
}

// versionLine names the build and what it reads and writes.
func versionLine() string {
	v := "(devel)"
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		v = bi.Main.Version
	}
	return "mlirbc " + v + ": MLIR bytecode 0–6 (op layouts of LLVM 16, 19 and 22), Tile IR 13.1–13.3"
}

// parse accepts flags before and after positional arguments.
func parse(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		if fs.NArg() == 0 {
			return pos, nil
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
}

func oneLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}
