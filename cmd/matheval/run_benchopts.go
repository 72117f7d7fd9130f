package main

import (
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/matheval/matheval/bench"
	"github.com/spf13/pflag"
)

// benchOptions are the options benchmarks define for themselves
// (bench.Configurable, such as miniF2F's --track), offered as flags of
// 'run' and handed to the benchmark the run is for.
type benchOptions struct {
	values map[string]*string
	owners map[string][]string // flag -> benchmarks that define it
}

// register adds every registered benchmark's options to fs.
func (o *benchOptions) register(fs *pflag.FlagSet) {
	o.values, o.owners = map[string]*string{}, map[string][]string{}
	for _, name := range bench.Names() {
		b, _ := bench.Lookup(name)
		cb, ok := b.(bench.Configurable)
		if !ok {
			continue
		}
		for _, opt := range cb.Options() {
			o.owners[opt.Name] = append(o.owners[opt.Name], name)
			if _, done := o.values[opt.Name]; done || fs.Lookup(opt.Name) != nil {
				continue
			}
			v := opt.Default
			o.values[opt.Name] = &v
			fs.Var(&typedOption{v: &v, typ: opt.Type}, opt.Name, opt.Usage)
		}
	}
}

// typedOption is a benchmark option's flag: its value is kept as text for
// Configure, and checked against the option's type when set.
type typedOption struct {
	v   *string
	typ string
}

func (o *typedOption) String() string {
	if o.v == nil {
		return ""
	}
	return *o.v
}

func (o *typedOption) Set(s string) error {
	switch o.typ {
	case "int":
		if _, err := strconv.Atoi(s); err != nil {
			return fmt.Errorf("want an integer")
		}
	case "bool":
		if _, err := strconv.ParseBool(s); err != nil {
			return fmt.Errorf("want true or false")
		}
	}
	*o.v = s
	return nil
}

func (o *typedOption) Type() string {
	if o.typ == "" {
		return "string"
	}
	return o.typ
}

// configure returns b set up with its options, refusing the options of
// other benchmarks. The caller closes the result when it is an io.Closer.
func (o *benchOptions) configure(fs *pflag.FlagSet, b bench.Benchmark, log io.Writer) (bench.Benchmark, error) {
	var foreign []string
	for name, owners := range o.owners {
		if fl := fs.Lookup(name); fl != nil && fl.Changed && !contains(owners, b.Name()) {
			foreign = append(foreign, fmt.Sprintf("--%s (an option of %s)", name, strings.Join(owners, ", ")))
		}
	}
	if len(foreign) > 0 {
		sort.Strings(foreign)
		return nil, fmt.Errorf("%s has no option %s", b.Name(), strings.Join(foreign, ", "))
	}
	cb, ok := b.(bench.Configurable)
	if !ok {
		return b, nil
	}
	values := map[string]string{}
	for _, opt := range cb.Options() {
		if v, ok := o.values[opt.Name]; ok {
			values[opt.Name] = *v
		}
	}
	nb, err := cb.Configure(values)
	if err != nil {
		return nil, err
	}
	if l, ok := nb.(interface {
		SetLog(func(format string, args ...any))
	}); ok && log != nil {
		l.SetLog(func(format string, args ...any) { fmt.Fprintf(log, "matheval: "+format+"\n", args...) })
	}
	return nb, nil
}

// configureAsRun sets b up with the options its run was made with, as
// recorded in the manifest's params (the default where the run predates
// an option), so that 'grade' checks proofs against the run's set.mm and
// HOL Light libraries, not the defaults. The caller closes the result
// when it is an io.Closer.
func configureAsRun(b bench.Benchmark, params map[string]any) (bench.Benchmark, error) {
	cb, ok := b.(bench.Configurable)
	if !ok {
		return b, nil
	}
	values := map[string]string{}
	for _, opt := range cb.Options() {
		values[opt.Name] = opt.Default
		if v, ok := params[opt.Name]; ok && v != nil {
			values[opt.Name] = fmt.Sprint(v)
		}
	}
	return cb.Configure(values)
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
