//go:build !linux

package heapwarm

func supported() bool { return false }

func populate(p, n uintptr) outcome { return refused }

// Reserve and CanReserve: huge pages cannot be asked for here.
func Reserve(n int) bool { return false }
func CanReserve() bool   { return false }
