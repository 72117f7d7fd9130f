// Command matheval builds, runs and grades mathematics benchmarks for
// language models. This package holds the command line only: flags, wiring
// and output. The work itself lives in the library packages.
package main

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"
)

// Exit codes: 0 success, 1 the work failed, 2 the command line was wrong.
const (
	exitOK      = 0
	exitFailure = 1
	exitUsage   = 2
)

// usageError marks an error in the command line (bad flag, bad argument).
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

// usageErrorf returns an error that makes matheval exit with code 2.
func usageErrorf(format string, args ...any) error {
	return usageError{fmt.Errorf(format, args...)}
}

// failure is an error in the work itself whose message has already been
// printed (for example, a verifier that listed every failing proof).
// It makes matheval exit 1 without printing anything more.
type silentFailure struct{}

func (silentFailure) Error() string { return "failed" }

// errSilentFailure makes matheval exit 1 without another message.
var errSilentFailure error = silentFailure{}

// commands are registered by the files of this package, each in its own
// init function, so that adding a command touches one file.
var commands []*cobra.Command

func addCommand(c *cobra.Command) { commands = append(commands, c) }

func newRoot() *cobra.Command {
	root := &cobra.Command{
		Use:   "matheval",
		Short: "Build, run and grade mathematics benchmarks for language models",
		Long: `matheval builds, runs and grades mathematics benchmarks for language models:
MATH, MATH 401, HARDMath, miniF2F and ASDiv. It reads the benchmarks' own files,
generates fresh seeded variants, sends prompts to any OpenAI-compatible server,
grades answers with its own LaTeX parser and exact arithmetic, verifies formal
proofs, and reports with statistics and plots.`,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return usageError{fmt.Errorf("%s: %w (see '%s --help')", c.CommandPath(), err, c.CommandPath())}
	})
	for _, c := range commands {
		root.AddCommand(c)
	}
	for _, c := range root.Commands() {
		wrapArgs(c)
	}
	return root
}

// wrapArgs turns positional-argument validation errors into usage errors.
func wrapArgs(c *cobra.Command) {
	if c.Args != nil {
		orig := c.Args
		c.Args = func(cmd *cobra.Command, args []string) error {
			if err := orig(cmd, args); err != nil {
				return usageError{fmt.Errorf("%s: %w (see '%s --help')", cmd.CommandPath(), err, cmd.CommandPath())}
			}
			return nil
		}
	}
	for _, sub := range c.Commands() {
		wrapArgs(sub)
	}
}

func main() {
	os.Exit(run(os.Args[1:]))
}

// run executes the command line and returns the exit code.
func run(args []string) int {
	root := newRoot()
	root.SetArgs(args)
	err := root.Execute()
	if err == nil {
		return exitOK
	}
	var silent silentFailure
	if errors.As(err, &silent) {
		return exitFailure
	}
	msg := strings.TrimSpace(strings.ReplaceAll(err.Error(), "\n", " "))
	if !strings.HasPrefix(msg, "matheval") {
		msg = "matheval: " + msg
	}
	fmt.Fprintln(os.Stderr, msg)
	var ue usageError
	if errors.As(err, &ue) || isCobraUsage(err) {
		return exitUsage
	}
	return exitFailure
}

// isCobraUsage recognises the usage errors cobra makes itself.
func isCobraUsage(err error) bool {
	s := err.Error()
	return strings.HasPrefix(s, "unknown command") || strings.HasPrefix(s, "unknown flag") ||
		strings.HasPrefix(s, "unknown shorthand flag") || strings.Contains(s, "required flag(s)")
}
