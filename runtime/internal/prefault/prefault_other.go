//go:build !linux

package prefault

func supported() bool { return false }

func populate(p, n uintptr) bool { return false }
