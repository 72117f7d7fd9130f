package bench

import "context"

// Option is a command-line option of one benchmark (miniF2F's --track):
// the command line adds it to "run" and hands its value to Configure.
type Option struct {
	Name    string // flag name, without dashes
	Default string
	Usage   string
	// Type is the flag's type: "" or "string", "int", "bool". The value
	// reaches Configure as text either way; the command line checks it is
	// of the type, shows the type in --help and records it typed.
	Type string
}

// Configurable is implemented by benchmarks with options of their own.
type Configurable interface {
	Options() []Option
	// Configure returns the benchmark set up with the options' values
	// (every option of Options, defaults included), or an error naming
	// the bad value. The value returned may hold resources (a verifier
	// session): when it implements io.Closer the caller closes it after
	// the run.
	Configure(values map[string]string) (Benchmark, error)
}

// Readier is implemented by benchmarks whose grading needs a tool started
// (miniF2F's verifiers): Ready starts it with the benchmark's options, or
// says why it cannot, before anything is graded again.
type Readier interface {
	Ready(ctx context.Context) error
}

// Baseliner is implemented by benchmarks with built-in baselines of their
// own (the model spec builtin:NAME), such as miniF2F's search over
// decision procedures for HOL Light.
type Baseliner interface {
	// Baselines names the baselines the benchmark has (as configured).
	Baselines() []string
	// Baseline answers one item as the baseline would: the reply and its
	// finish reason ("stop"; "declined" when the baseline has no answer).
	// err is set only when the baseline cannot run at all.
	Baseline(ctx context.Context, name string, it Item, sample int) (reply, finish string, err error)
}
