//go:build !linux

package safefile

import "os"

// reserve does nothing here (see the Linux version).
func reserve(*os.File, int64) {}
