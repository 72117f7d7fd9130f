//go:build !unix

package metamath

import "os"

// openNoBlock opens path for reading. Without O_NONBLOCK (Windows, Plan 9,
// WebAssembly) only the Stat before the open keeps named pipes out.
func openNoBlock(path string) (*os.File, error) { return os.Open(path) }
