package amps

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/matheval/matheval/answer"
	"github.com/matheval/matheval/bench"
	mathbench "github.com/matheval/matheval/bench/math"
)

// DefaultN is the number of problems per module of the set `run amps`
// generates when no data file is given.
const DefaultN = 10

// GenPrefix marks a generation spec given in place of a data path:
// "gen:n=20,modules=calculus,split=extrapolate,level=3".
const GenPrefix = "gen:"

// GenData implements bench.SpecGenerator: run --gen SPEC loads GenPrefix+SPEC.
func (*Benchmark) GenData(spec string) string { return GenPrefix + spec }

// Benchmark is AMPS as a bench.Benchmark: generated or read from a file
// that gen wrote, prompted like MATH, graded by MATH's policy, reported by
// module, area and level.
type Benchmark struct {
	once  sync.Once
	train []bench.Item
	err   error
}

// New returns the benchmark.
func New() *Benchmark { return &Benchmark{} }

// Name implements bench.Benchmark.
func (*Benchmark) Name() string { return "amps" }

// ParseSpec reads a generation spec "n=20,modules=calculus+k12,split=extrapolate,level=3"
// (modules separated by + or |, since commas separate the fields).
func ParseSpec(spec string, seed int64) (Options, error) {
	opts := Options{N: DefaultN, Seed: seed, Split: Interpolate}
	mods := "all"
	for _, f := range strings.Split(spec, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		k, v, ok := strings.Cut(f, "=")
		if !ok {
			return opts, fmt.Errorf("amps: generation spec %q: want key=value fields (n, modules, split, level, seed)", f)
		}
		var err error
		switch strings.TrimSpace(k) {
		case "n":
			opts.N, err = strconv.Atoi(v)
		case "modules":
			mods = strings.NewReplacer("+", ",", "|", ",").Replace(v)
		case "split":
			opts.Split = v
		case "level":
			opts.Level, err = strconv.Atoi(v)
		case "seed":
			opts.Seed, err = strconv.ParseInt(v, 10, 64)
		default:
			return opts, fmt.Errorf("amps: generation spec: unknown key %q (n, modules, split, level, seed)", k)
		}
		if err != nil {
			return opts, fmt.Errorf("amps: generation spec %q: %v", f, err)
		}
	}
	ms, err := Select([]string{mods})
	if err != nil {
		return opts, err
	}
	opts.Modules = ms
	return opts, nil
}

// Load implements bench.Benchmark: a file gen wrote, or (path "" or
// "gen:SPEC") a freshly generated set: DefaultN problems of every module
// from the interpolate split with opts.Seed unless the spec says otherwise
// (opts.Split, when given, picks the split).
func (b *Benchmark) Load(ctx context.Context, path string, opts bench.LoadOptions) ([]bench.Item, []bench.Warning, error) {
	var recs []Record
	if path == "" || strings.HasPrefix(path, GenPrefix) {
		gopts, err := ParseSpec(strings.TrimPrefix(path, GenPrefix), opts.Seed)
		if err != nil {
			return nil, nil, err
		}
		if opts.Split != "" {
			gopts.Split = opts.Split
		}
		recs, _, err = Generate(ctx, gopts)
		if err != nil {
			return nil, nil, err
		}
	} else {
		if err := bench.RefuseOther(path, "amps"); err != nil {
			return nil, nil, err
		}
		var err error
		if recs, err = ReadFile(path); err != nil {
			return nil, nil, err
		}
		if opts.Split != "" {
			var kept []Record
			for _, r := range recs {
				if r.Split == opts.Split {
					kept = append(kept, r)
				}
			}
			if len(kept) == 0 {
				return nil, nil, fmt.Errorf("%s: no records of split %q", path, opts.Split)
			}
			recs = kept
		}
	}
	items := Items(recs)
	items = bench.Select(items, opts, matchMeta, bench.PCG(0x616d7073))
	if len(items) == 0 {
		return nil, nil, fmt.Errorf("amps: no items left after the filters")
	}
	return items, nil, nil
}

func matchMeta(key, have, want string) bool {
	return have == want || (key == "level" && have == strings.TrimSpace(strings.TrimPrefix(want, "Level")))
}

// Items turns records into benchmark items. The meta keys are subject and
// type (the module, as MATH's subject), module, area, level (1-5) and split;
// the extra "form" is the answer's form (the record's, or for a record
// written without one its module's), which Grade enforces.
func Items(recs []Record) []bench.Item {
	out := make([]bench.Item, len(recs))
	for i, r := range recs {
		lvl := strconv.Itoa(r.LevelNum())
		form := r.Form
		if form == FormNone {
			if m, err := Lookup(r.Module); err == nil {
				form = m.Form
			}
		}
		out[i] = bench.Item{ID: r.UniqueID, Problem: r.Problem, Solution: r.Solution, Answer: r.Answer,
			Meta:  map[string]string{"subject": r.Module, "type": r.Module, "module": r.Module, "area": r.Area, "level": lvl, "split": r.Split},
			Extra: map[string]any{"form": form.String()}}
	}
	return out
}

// Prompt implements bench.Benchmark with MATH's templates; few-shot
// examples come from a generated train split (seed 0, one problem per
// module), never from the evaluated set.
func (b *Benchmark) Prompt(it bench.Item, opts bench.PromptOptions) (bench.Prompt, error) {
	return mathbench.MakePrompt(it, opts, b.trainItems)
}

func (b *Benchmark) trainItems() ([]bench.Item, error) {
	b.once.Do(func() {
		recs, _, err := Generate(context.Background(), Options{N: 1, Seed: 0, Split: Train})
		b.train, b.err = Items(recs), err
	})
	return b.train, b.err
}

// GoldReply implements bench.Benchmark.
func (*Benchmark) GoldReply(it bench.Item) string { return GoldReply(it.Answer) }

// Grade implements bench.Benchmark: the value by MATH's policy, then, when
// the value is right, the answer's form (GradeForm): an answer equal in
// value but not in the form the item asks is Wrong.
func (*Benchmark) Grade(ctx context.Context, it bench.Item, reply, finishReason string) answer.Verdict {
	if strings.TrimSpace(it.Answer) == "" {
		return answer.Verdict{Kind: answer.Unparsable, Reason: "the item has no answer"}
	}
	form, err := itemForm(it)
	if err != nil {
		return answer.Verdict{Kind: answer.Error, Reason: "item " + it.ID + ": " + err.Error()}
	}
	return GradeForm(ctx, form, it.Answer, reply, finishReason)
}

var _ bench.Benchmark = (*Benchmark)(nil)
