//go:build !unix

package mlirbc_test

import "time"

func processCPU() (time.Duration, bool) { return 0, false }
