// Package layers holds the test that keeps the package graph layered: the
// runtime at the bottom, depending on nothing generated.
package layers
