//go:build unix && !linux

package filemap

// evict keeps the pages where the system's advice is not known to drop
// them from the process alone.
func evict([]byte) {}
