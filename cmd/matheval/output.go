package main

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/spf13/cobra"
)

// printJSON writes v as indented JSON on the command's standard output.
func printJSON(cmd *cobra.Command, v any) {
	b, _ := json.MarshalIndent(v, "", "  ")
	fmt.Fprintln(cmd.OutOrStdout(), string(b))
}

// checkReport is what a "data check" command prints.
type checkReport interface {
	WriteText(w io.Writer)
	Failed() bool
}

// finishCheck prints a data check's report as text or JSON and turns a
// failed check into exit code 1 (the report already says why).
func finishCheck(cmd *cobra.Command, rep checkReport, asJSON bool) error {
	if asJSON {
		printJSON(cmd, rep)
	} else {
		rep.WriteText(cmd.OutOrStdout())
	}
	if rep.Failed() {
		return errSilentFailure
	}
	return nil
}
