package main

import (
	"errors"
	"fmt"
	"os"

	runner "github.com/matheval/matheval/run"
	"github.com/spf13/cobra"
)

// newCacheCmd builds 'cache' and its one subcommand, 'cache compact'.
func newCacheCmd() *cobra.Command {
	c := &cobra.Command{
		Use:   "cache compact [FILE]",
		Short: "Compact the request cache shared by runs",
		Long: `The request cache (run --cache, default runs/` + cacheFileName + `) is an append-only
file of replies, keyed by the exact request (servers, model, API, prompt, every
sampling parameter, item and sample index). It only grows by new requests, so it
needs no upkeep; two runs that sent the same request at once leave a duplicate,
and a run killed mid-write a torn line (skipped with a warning).

cache compact rewrites FILE with the first record of each key only, dropping
duplicates and torn lines, and replaces it atomically. It refuses while a run
holds the file (exit 1): run it when no run uses the cache.`,
		Example: "  matheval cache compact\n  matheval cache compact runs/" + cacheFileName,
	}
	compact := &cobra.Command{
		Use:     "compact [FILE]",
		Short:   "Rewrite the request cache without duplicates and torn lines",
		Example: "  matheval cache compact\n  matheval cache compact runs/" + cacheFileName,
		Args:    cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			path := (&runFlags{}).cachePath() // runs/, as run's default
			if len(args) == 1 {
				path = args[0]
			}
			if fi, err := os.Stat(path); err != nil || fi.IsDir() {
				return fmt.Errorf("cache compact: %s: no such file", path)
			}
			st, err := runner.CompactCache(path)
			if errors.Is(err, runner.ErrCacheBusy) {
				return fmt.Errorf("cache compact: %v", err)
			}
			if err != nil {
				return fmt.Errorf("cache compact: %s: %v", path, err)
			}
			fmt.Fprintf(cmd.OutOrStdout(), "%s: %d replies kept; %d duplicates and %d torn or undecodable lines dropped; %d -> %d bytes\n",
				path, st.Kept, st.Duplicates, st.Bad, st.Before, st.After)
			return nil
		},
	}
	c.AddCommand(compact)
	return c
}
