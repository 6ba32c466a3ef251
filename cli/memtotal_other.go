//go:build !linux

package cli

// memTotal is 0 where the machine's memory is not read: the collector is
// then left as the environment sets it.
func memTotal() uint64 { return 0 }
