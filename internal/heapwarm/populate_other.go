//go:build !linux

package heapwarm

func supported() bool { return false }

func populate(p, n uintptr) outcome { return refused }

// Reserve does nothing where huge pages cannot be asked for.
func Reserve(n int) bool { return false }
