// Command mlirbc inspects and converts MLIR bytecode and NVIDIA Tile IR
// bytecode files with every dialect dialectgen ships; `mlirbc help` lists
// its commands. It is cli.Main: a dialect repository builds its own
// mlirbc, with its dialects added, the same way.
package main

import "github.com/dialectgen/dialectgen/cli"

func main() { cli.Main() }
