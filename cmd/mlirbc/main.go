// Command mlirbc inspects and converts MLIR bytecode and NVIDIA Tile IR
// bytecode files; the format is recognised by the file's magic number.
//
//	mlirbc stat [--verify] FILE
//	mlirbc convert [--version V] [--producer S] [--release N] [--verify] IN (-o OUT | OUT)
//	mlirbc dump FILE
//
// stat prints the header, the sections with their offsets and sizes, and
// counts: of dialects, ops, attributes, types and resources for MLIR
// bytecode; of functions, globals and ops (in total and per op name) for
// Tile IR. convert decodes the file completely into typed IR and writes it
// again, by default with the input's version (and, for MLIR bytecode, its
// producer and LLVM release). For Tile IR, --version is 13.1, 13.2 or 13.3
// and --producer and --release are refused; writing an op, attribute or
// type newer than the target fails. convert replaces OUT only once the new
// file is complete (internal/safefile): a failure leaves OUT as it was, and
// OUT may be IN. dump prints a Tile IR module as text, large dense values
// elided. On bad input every command prints one line to stderr and exits
// with status 1.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "mlirbc: "+oneLine(err.Error()))
		os.Exit(1)
	}
}

const usage = `usage:
  mlirbc stat [--verify] FILE
  mlirbc convert [--version V] [--producer S] [--release N] [--verify] IN (-o OUT | OUT)
  mlirbc dump FILE

FILE and IN are MLIR bytecode or Tile IR bytecode, told apart by the magic.
stat     prints the header, the sections and counts; --verify also checks
         the IR as writers do (scope, dominance, structure).
convert  re-encodes IN, by default with its own version (and, for MLIR
         bytecode, its producer and LLVM release).
           --version V   MLIR bytecode: a version number (0-6);
                         Tile IR: 13.1, 13.2 or 13.3 (an op, attribute or
                         type newer than V is an error; the 13.3 producer
                         string is dropped below 13.3)
           --producer S  MLIR bytecode only: the producer string
           --release N   MLIR bytecode only: LLVM release of the op layouts
           --verify      check the IR as it is read (writing always does)
dump     prints a Tile IR module as text (Tile IR only).`

func run(args []string, stdout io.Writer) error {
	if len(args) == 0 {
		return fmt.Errorf("no command\n%s", usage)
	}
	switch args[0] {
	case "stat", "dump":
		fs := flag.NewFlagSet(args[0], flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		verify := false
		if args[0] == "stat" {
			fs.BoolVar(&verify, "verify", false, "check the IR as writers do")
		}
		pos, err := parse(fs, args[1:])
		if err != nil {
			return err
		}
		if len(pos) != 1 {
			return fmt.Errorf("%s takes one file\n%s", args[0], usage)
		}
		if args[0] == "dump" {
			return dump(pos[0], stdout)
		}
		return stat(pos[0], stdout, verify)
	case "convert":
		fs := flag.NewFlagSet("convert", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		out := fs.String("o", "", "output file")
		version := fs.String("version", "", "bytecode version to write (default: the input's)")
		producer := fs.String("producer", "", "producer string to write (default: the input's)")
		release := fs.Int("release", 0, "LLVM release of the op layouts to write (default: the input's)")
		verify := fs.Bool("verify", false, "check the IR on reading (writing always does)")
		pos, err := parse(fs, args[1:])
		if err != nil {
			return err
		}
		if *out == "" && len(pos) == 2 {
			*out, pos = pos[1], pos[:1]
		}
		if len(pos) != 1 || *out == "" {
			return fmt.Errorf("convert takes one input and one output (-o OUT or a second argument)\n%s", usage)
		}
		o := convertOptions{version: *version, producer: *producer, release: *release, verify: *verify}
		fs.Visit(func(f *flag.Flag) { o.set = append(o.set, f.Name) })
		return convert(pos[0], *out, o)
	case "help", "-h", "--help":
		fmt.Fprintln(stdout, usage)
		return nil
	}
	return fmt.Errorf("unknown command %q\n%s", args[0], usage)
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
