// Package version reports what build of matheval is running: the release
// version, the git commit and the Go toolchain. Runs record it in their
// manifest so that a number can be traced to the code that produced it.
package version

import (
	"runtime"
	"runtime/debug"
)

// Version is the release version; set with -ldflags "-X .../internal/version.Version=v1.2.3".
var Version = "0.1.0-dev"

// Commit is the git commit; set with -ldflags at build time (see Makefile).
// When empty, the VCS stamp the go command embeds (-buildvcs) is used.
var Commit = ""

// Info describes the running build.
type Info struct {
	Version   string `json:"version"`
	Commit    string `json:"commit"`
	Modified  bool   `json:"modified,omitempty"`
	GoVersion string `json:"go_version"`
}

// Get returns the build information of the running binary.
func Get() Info {
	info := Info{Version: Version, Commit: Commit, GoVersion: runtime.Version()}
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				if info.Commit == "" {
					info.Commit = s.Value
				}
			case "vcs.modified":
				info.Modified = s.Value == "true"
			}
		}
	}
	if info.Commit == "" {
		info.Commit = "unknown"
	}
	return info
}
