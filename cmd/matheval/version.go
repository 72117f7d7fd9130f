package main

import (
	"encoding/json"
	"fmt"

	"github.com/matheval/matheval/internal/version"
	"github.com/spf13/cobra"
)

// newVersionCmd builds 'version'.
func newVersionCmd() *cobra.Command {
	var asJSON bool
	c := &cobra.Command{
		Use:     "version",
		Short:   "Print the version, the git commit and the Go version",
		Long:    "version prints the matheval release version, the git commit it was built from (stamped by 'make build';\n\"unknown\" when built without VCS information) and the Go version. Run manifests record the same facts.",
		Example: "  matheval version\n  matheval version --json",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			info := version.Get()
			if asJSON {
				b, _ := json.Marshal(info)
				fmt.Fprintln(cmd.OutOrStdout(), string(b))
				return nil
			}
			dirty := ""
			if info.Modified {
				dirty = " (modified)"
			}
			fmt.Fprintf(cmd.OutOrStdout(), "matheval %s\ncommit %s%s\n%s\n", info.Version, info.Commit, dirty, info.GoVersion)
			return nil
		},
	}
	c.Flags().BoolVar(&asJSON, "json", false, "print as JSON")
	return c
}
