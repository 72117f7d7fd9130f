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

	"github.com/matheval/matheval/report"
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

func newRoot() *cobra.Command {
	root := &cobra.Command{
		Use:   "matheval",
		Short: "Build, run and grade mathematics benchmarks for language models",
		Long: `matheval builds, runs and grades mathematics benchmarks for language models:
MATH, MATH 401, HARDMath, miniF2F and ASDiv. It reads the benchmarks' own files,
generates fresh seeded variants, sends prompts to any OpenAI-compatible server,
grades answers with its own LaTeX parser and exact arithmetic, verifies formal
proofs, and reports with statistics and plots.`,
		Example: "  matheval run math401 --model builtin:calc\n" +
			"  matheval run math --data ../shared/data/math/test.jsonl --model openai:qwen2.5-math-7b --base-url http://localhost:8000/v1\n" +
			"  matheval report runs/math401-builtin_calc-*",
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return usageError{fmt.Errorf("%s: %w (see '%s --help')", c.CommandPath(), err, c.CommandPath())}
	})
	root.AddCommand(
		newRunCmd(), newGradeCmd(), newReportCmd(), newCompareCmd(), newTableCmd(), newServeCmd(),
		newEquivCmd(), newExtractCmd(), newGenCmd(), newDataCmd(), newMMCmd(), newMinif2fCmd(),
		newVersionCmd(), newCacheCmd(),
		newGradeResponsesCmd(),
	)
	// Made now rather than inside Execute, so that they too get examples
	// and the tree a test walks is the tree a user sees.
	root.SetHelpCommand(newHelpCmd())
	root.InitDefaultHelpCmd()
	root.InitDefaultCompletionCmd()
	for _, c := range root.Commands() {
		if c.Name() == "completion" {
			describeCompletion(c)
		}
	}
	prepare(root)
	return root
}

// prepare readies c and every command under it: argument errors become
// usage errors, and a group command rejects unknown subcommands.
func prepare(c *cobra.Command) {
	if c.HasSubCommands() && !c.Runnable() {
		// Cobra answers "matheval gen nosuch" with gen's help and exit
		// 0, and "matheval nosuch" with an untyped error: an unknown
		// subcommand is a usage error of ours.
		c.Args = cobra.ArbitraryArgs
		c.RunE = runGroup
		c.DisableFlagsInUseLine = true
	}
	wrapArgs(c)
	for _, sub := range c.Commands() {
		prepare(sub)
	}
}

// runGroup runs a command that only groups others: bare, it prints its help.
func runGroup(cmd *cobra.Command, args []string) error {
	if len(args) > 0 {
		hint := ""
		if cmd.SuggestionsMinimumDistance <= 0 {
			cmd.SuggestionsMinimumDistance = 2 // cobra's own default
		}
		if s := cmd.SuggestionsFor(args[0]); len(s) > 0 {
			hint = "; did you mean " + strings.Join(s, " or ") + "?"
		}
		return usageErrorf("%s: unknown command %q%s (see '%s --help')", cmd.CommandPath(), args[0], hint, cmd.CommandPath())
	}
	return cmd.Help()
}

// wrapArgs turns c's positional-argument validation errors into usage errors.
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
}

// newHelpCmd replaces cobra's help command, which answers an unknown topic
// with exit 0 and a page of usage.
func newHelpCmd() *cobra.Command {
	return &cobra.Command{
		Use:     "help [command]",
		Short:   "Help about any command",
		Long:    "help prints the help of any command: its description, flags and examples.",
		Example: "  matheval help run\n  matheval help data check",
		RunE: func(cmd *cobra.Command, args []string) error {
			target, rest, err := cmd.Root().Find(args)
			if err != nil || target == nil || len(rest) > 0 {
				return usageErrorf("help: unknown command %q (see 'matheval --help')", strings.Join(args, " "))
			}
			return target.Help()
		},
	}
}

// describeCompletion gives cobra's completion commands examples.
func describeCompletion(c *cobra.Command) {
	c.Example = "  source <(matheval completion bash)\n  matheval completion zsh > \"${fpath[1]}/_matheval\""
	for _, sub := range c.Commands() {
		switch sub.Name() {
		case "bash":
			sub.Example = "  source <(matheval completion bash)"
		case "zsh":
			sub.Example = "  matheval completion zsh > \"${fpath[1]}/_matheval\""
		case "fish":
			sub.Example = "  matheval completion fish > ~/.config/fish/completions/matheval.fish"
		case "powershell":
			sub.Example = "  matheval completion powershell | Out-String | Invoke-Expression"
		default:
			sub.Example = "  matheval completion " + sub.Name()
		}
	}
}

func main() {
	report.Command = thisInvocation() // in main only: tests call run and read "matheval"
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
	if errors.As(err, &ue) {
		return exitUsage
	}
	return exitFailure
}
