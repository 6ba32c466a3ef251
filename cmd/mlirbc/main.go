// Command mlirbc inspects and converts MLIR bytecode files.
//
//	mlirbc stat FILE
//	mlirbc convert IN -o OUT [--version N] [--producer S] [--release N]
//
// stat prints the header, the sections with their offsets and sizes, and
// counts of dialects, ops, attributes, types and resources. convert decodes
// the file completely into typed IR and writes it again, by default with
// the input's version, producer and LLVM release. On bad input either
// prints one line to stderr and exits with status 1.
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
  mlirbc stat FILE
  mlirbc convert IN -o OUT [--version N] [--producer S] [--release N]`

func run(args []string, stdout io.Writer) error {
	if len(args) == 0 {
		return fmt.Errorf("no command\n%s", usage)
	}
	switch args[0] {
	case "stat":
		fs := flag.NewFlagSet("stat", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		pos, err := parse(fs, args[1:])
		if err != nil {
			return err
		}
		if len(pos) != 1 {
			return fmt.Errorf("stat takes one file\n%s", usage)
		}
		return stat(pos[0], stdout)
	case "convert":
		fs := flag.NewFlagSet("convert", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		out := fs.String("o", "", "output file")
		version := fs.Int("version", -1, "bytecode version to write (default: the input's)")
		producer := fs.String("producer", "", "producer string to write (default: the input's)")
		release := fs.Int("release", 0, "LLVM release of the op layouts to write (default: the input's)")
		pos, err := parse(fs, args[1:])
		if err != nil {
			return err
		}
		if len(pos) != 1 || *out == "" {
			return fmt.Errorf("convert takes one input and -o OUT\n%s", usage)
		}
		return convert(pos[0], *out, convertOptions{version: *version, producer: *producer, release: *release})
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
