//go:build race

package heapwarm

// The race detector shadows every page written with pages of its own,
// which fault too: page counts say nothing of the heap under it.
func init() { raceDetector = true }
