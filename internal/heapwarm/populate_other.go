//go:build !linux

package heapwarm

func supported() bool { return false }

func populate(p, n uintptr) outcome { return refused }
