// Package toy is an example dialect authored from scratch with dialectgen,
// in its own Go module, the way a user of the framework writes one.
//
// toy.yaml defines the dialect: an enum (Order), an attribute with a custom
// bytecode encoding (TileAttr: a list, a packed varint, a hand-written field
// codec and an optional attribute chosen between two codes by a predicate),
// a parameterized type (MatrixType, !toy.matrix<rows x cols x elementType>)
// and four ops (toy.constant, toy.add, toy.scope with a region, toy.yield
// with variadic operands). The go:generate line below runs dialectgen,
// which writes the *.dg.go files; codec.go holds the hand-written field
// codec the definitions name. See README.md for a walkthrough.
package toy

//go:generate go tool dialectgen -cli cmd/mlirbc-toy toy.yaml
