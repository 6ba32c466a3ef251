// Command mlirbc inspects and converts MLIR bytecode and NVIDIA Tile IR
// bytecode files; the format is recognised by the file's magic number.
//
//	mlirbc stat [--verify] FILE
//	mlirbc convert [--version V] [--producer S] [--release N] [--verify] IN (-o OUT | OUT)
//	mlirbc explain [--section NAME] [--op N] FILE
//	mlirbc dump FILE
//	mlirbc print [--debuginfo=false] FILE
//	mlirbc help [COMMAND]
//	mlirbc --version
//
// stat prints the header, the sections with their offsets and sizes, and
// counts: of dialects, ops, attributes, types and resources for MLIR
// bytecode, of functions, globals and ops for Tile IR, with the ops by
// name for both. convert decodes the file completely into typed IR and
// writes it again, by default with the input's version (and, for MLIR
// bytecode, its producer and LLVM release). convert replaces OUT only once
// the new file is complete: a failure leaves OUT as it was, and OUT may be
// IN; an IN that is text (no bytecode magic) is parsed as Tile IR text
// and written as NVIDIA's C++ writer writes it. dump prints a Tile IR
// module one op per line, large dense values elided (dialectgen's own
// view); print prints it as NVIDIA's cuda-tile-translate does.
//
// Bad input prints one line to stderr and exits with status 1; a bad
// invocation prints what is wrong and the command's usage, status 2.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"
)

func main() {
	err := run(os.Args[1:], os.Stdout)
	var ue *usageError
	switch {
	case err == nil:
	case errors.As(err, &ue):
		fmt.Fprintf(os.Stderr, "mlirbc: %s\n\n%s\n", ue.msg, ue.usage)
		os.Exit(2)
	default:
		fmt.Fprintln(os.Stderr, "mlirbc: "+oneLine(err.Error()))
		os.Exit(1)
	}
}

// A command is a subcommand with its flags and usage.
type command struct {
	name, args, summary string
	flags               func(fs *flag.FlagSet) func(pos []string, stdout io.Writer) error
}

var commands = []command{
	{
		name:    "stat",
		args:    "[--verify] FILE",
		summary: "print the header, the sections, and counts of what the file holds (ops by name)",
		flags: func(fs *flag.FlagSet) func([]string, io.Writer) error {
			verify := fs.Bool("verify", false, "also check the IR as writers do (scope, dominance, structure)")
			return func(pos []string, stdout io.Writer) error {
				if len(pos) != 1 {
					return errUsage("stat takes one file")
				}
				return stat(pos[0], stdout, *verify)
			}
		},
	},
	{
		name:    "convert",
		args:    "[--version V] [--producer S] [--release N] [--verify] IN (-o OUT | OUT)",
		summary: "decode IN into typed IR and write it again, by default as it was (version, producer, release)",
		flags: func(fs *flag.FlagSet) func([]string, io.Writer) error {
			out := fs.String("o", "", "the output file (or give it as the second argument)")
			version := fs.String("version", "", "the version to write: 0 to 6 for MLIR bytecode, 13.1, 13.2 or 13.3 for Tile IR\n(an op, attribute or type newer than V is an error; the Tile IR producer string needs 13.3)")
			producer := fs.String("producer", "", "MLIR bytecode: the producer string to write")
			release := fs.Int("release", 0, "MLIR bytecode: the LLVM release whose op layouts to write (16 to 22)")
			verify := fs.Bool("verify", false, "check the IR as it is read (writing always does)")
			return func(pos []string, stdout io.Writer) error {
				if *out == "" && len(pos) == 2 {
					*out, pos = pos[1], pos[:1]
				}
				if len(pos) != 1 || *out == "" {
					return errUsage("convert takes one input and one output (-o OUT or a second argument)")
				}
				o := convertOptions{version: *version, producer: *producer, release: *release, verify: *verify}
				fs.Visit(func(f *flag.Flag) { o.set = append(o.set, f.Name) })
				return convert(pos[0], *out, o)
			}
		},
	},
	{
		name:    "explain",
		args:    "[--section NAME] [--op N] FILE",
		summary: "print an annotated hex dump: each byte range with the section, entry and field it belongs to",
		flags: func(fs *flag.FlagSet) func([]string, io.Writer) error {
			section := fs.String("section", "", "only this section (String, Dialect, AttrTypeOffset, AttrType, IR, Resource, ResourceOffset, Properties)")
			op := fs.Int("op", -1, "only op N, counted in pre-order from 0 (the top-level op)")
			return func(pos []string, stdout io.Writer) error {
				if len(pos) != 1 {
					return errUsage("explain takes one file")
				}
				return explain(pos[0], *section, *op, stdout)
			}
		},
	},
	{
		name:    "dump",
		args:    "FILE",
		summary: "print a Tile IR module, one op per line",
		flags: func(fs *flag.FlagSet) func([]string, io.Writer) error {
			return func(pos []string, stdout io.Writer) error {
				if len(pos) != 1 {
					return errUsage("dump takes one file")
				}
				return dump(pos[0], stdout)
			}
		},
	},
	{
		name:    "print",
		args:    "[--debuginfo=false] [--local-scope] [--release R] FILE",
		summary: "print a module as text: MLIR bytecode in the generic form, as mlir-opt-R --mlir-print-op-generic --mlir-print-debuginfo does; Tile IR as NVIDIA's cuda-tile-translate -cudatilebc-to-mlir --mlir-print-debuginfo does",
		flags: func(fs *flag.FlagSet) func([]string, io.Writer) error {
			debug := fs.Bool("debuginfo", true, "Tile IR: print each op's location, with the aliases after the module (--mlir-print-debuginfo)")
			local := fs.Bool("local-scope", false, "MLIR: print without aliases, as --mlir-print-local-scope")
			release := fs.Int("release", 0, "MLIR: the LLVM release whose mlir-opt to print as (16, 19 or 22; default: the file's)")
			return func(pos []string, stdout io.Writer) error {
				if len(pos) != 1 {
					return errUsage("print takes one file")
				}
				return printAny(pos[0], stdout, *debug, *local, *release)
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
		b.WriteString("  mlirbc help [COMMAND]\n  mlirbc --version\n\n")
		for _, c := range commands {
			fmt.Fprintf(&b, "%-8s %s\n", c.name, c.summary)
		}
		b.WriteString("\nBad input: one line on stderr, exit status 1. Bad usage: status 2.")
	}
	return strings.TrimRight(b.String(), "\n")
}

// usageError is a bad invocation: main prints it with the usage.
type usageError struct{ msg, usage string }

func (e *usageError) Error() string { return e.msg }

// errUsage is a usage error of the command being run; run fills in its
// usage.
func errUsage(msg string) error { return &usageError{msg: msg} }

func run(args []string, stdout io.Writer) error {
	if len(args) == 0 {
		return &usageError{"no command given", usage("")}
	}
	switch args[0] {
	case "help", "-h", "-help", "--help":
		if len(args) > 1 {
			if find(args[1]) == nil {
				return &usageError{fmt.Sprintf("no command %q", args[1]), usage("")}
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
		return &usageError{fmt.Sprintf("no command %q", args[0]), usage("")}
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
		return &usageError{err.Error(), usage(c.name)}
	}
	err = exec(pos, stdout)
	if ue, ok := err.(*usageError); ok && ue.usage == "" {
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
