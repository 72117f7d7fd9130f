package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"github.com/spf13/cobra"
)

// interruptible returns the context for a command that runs long: the
// command's own, done at an interrupt (Ctrl-C) or SIGTERM, so that the
// library stops at its next check and the command reports what it has, as
// partial. stop restores the default handling of those signals.
func interruptible(cmd *cobra.Command) (ctx context.Context, stop context.CancelFunc) {
	return signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
}
