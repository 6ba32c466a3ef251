package filemap

import "syscall"

// evict drops the pages of a shared, read-only file mapping from the
// process: the next read maps them again from the page cache, with the
// file's contents. Failure only means they stay.
func evict(data []byte) { _ = syscall.Madvise(data, syscall.MADV_DONTNEED) }
