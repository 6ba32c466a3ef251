// Package shapes is the versioned dialect of docs/definitions.md (section
// 8, "Dialect versions"): shapes.disc of version 1.0 became shapes.circle
// in 2.0, with a renamed attribute, an added attribute, an added field of
// a struct property and an attribute whose encoding changed order.
// shapes_test.go checks what the page says about reading and writing it.
package shapes

//go:generate go tool dialectgen shapes.yaml
