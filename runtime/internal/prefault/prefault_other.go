//go:build !linux

package prefault

const pageSize = 4096

func supported() bool { return false }

func populate(p, n uintptr) bool { return false }
