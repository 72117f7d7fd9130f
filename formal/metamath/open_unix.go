//go:build unix

package metamath

import (
	"os"
	"syscall"
)

// openNoBlock opens path for reading without blocking: a named pipe put
// in place of a checked regular file (between the Stat and the open)
// would otherwise block the open until a writer came. The caller checks
// the opened file's mode before reading.
func openNoBlock(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}
