// Package amps generates MATH-style exercises with exact answers, in the
// spirit of AMPS, the Mathematica-generated pretraining set of the MATH
// paper (Hendrycks et al. 2021), and of DeepMind's mathematics_dataset
// (Saxton et al. 2019) for its interpolation and extrapolation splits, but
// in LaTeX and computed by this project's own exact CAS (package cas).
//
// Each module draws one kind of exercise from a seeded random stream, at a
// difficulty level 1-5, and writes the problem, a solution ending in
// \boxed{answer} (step by step for the modules that say so: every step is
// an intermediate result of the computation that produced the answer), and
// the data the differential test against sympy needs. A problem is kept only
// when its answer passes a second, independent check (differentiating an
// antiderivative, substituting roots, multiplying a factorization back,
// multiplying by an inverse, evaluating numerically with package numeric,
// recounting by brute force) and when the project's grader accepts the
// boxed answer against the answer reprinted from expr's tree of the value.
// Failures are dropped and counted.
//
// Splits: train and interpolate draw from the same distributions and are
// disjoint by construction (a problem belongs to interpolate exactly when
// a hash of its text says so, and train never keeps such a problem);
// extrapolate draws each level at a larger size (size = level + 5 instead
// of level), which each module turns into larger numbers, higher degrees,
// larger matrices or longer compositions, as its Extrapolate note says.
//
// Levels: a train or interpolate problem's level is the band of its
// difficulty proxy (DifficultyProxy) between the module's four calibrated
// thresholds (levels.go, bands_table.go), so levels partition each
// module's problems and the proxy rises with the level in every module;
// extrapolate's levels are sizes 6-10. EstimateSpace estimates each
// level's number of distinct problems.
//
// Tests: CI runs small samples; the acceptance sizes are behind
// environment variables: AMPS_SAMPLE_N (the shared sample per module and
// split, 10), AMPS_LINT_N=250 (the 100k lint sample, train and
// extrapolate), AMPS_SYMPY_N (the sympy differential, 20 per module),
// AMPS_FORM_N (20 per form module), AMPS_SPACE=400 (every module's space
// estimate; AMPS_SPACE_MIN=K to require a floor), AMPS_CALIBRATE=1
// (recalibrate the level thresholds after changing a module's text).
//
// The records are MATH's record shape (problem, solution, level, type)
// plus answer, module, area, split, seed and index, from which `data check
// amps` regenerates and re-verifies every problem.
//
// The output depends on the options alone: every problem has its own random
// stream (a hash of seed, module, split, level and index), modules are
// generated in parallel but written in catalogue order, and timing never
// decides what is kept. GenerateTo writes the records as they are generated
// (the module being written streams to the output, the few ahead of it wait
// in spools), so that a generation of millions runs in bounded memory: its
// repeats are found through 16-byte hashes of the texts. Every computation is bounded by cas's size limits
// (a problem past them is dropped and counted); the checks' numeric and
// grading steps run under deadlines far above their cost, and one that runs
// out of time stops the generation (ErrOverloaded) instead of dropping the
// problem.
package amps

import (
	"fmt"
	"sort"
	"strings"
)

// Areas, in catalogue order.
var Areas = []string{"algebra", "trigonometry", "calculus", "statistics", "geometry", "linear_algebra", "number_theory", "k12"}

// Module is one generator of exercises.
type Module struct {
	Name        string // "derivative_product"
	Area        string // one of Areas
	Description string // what the exercise asks
	Steps       bool   // the solution shows real intermediate results
	Extrapolate string // what the extrapolate split's larger size changes
	// Form is the written form the answer must have besides its value
	// (FormNone: the value alone); see Form.
	Form Form
	// Proxy is the module's difficulty proxy where the package's
	// (DifficultyProxy: characters of mathematics) does not measure what
	// its levels raise; nil for most modules. The word problems count
	// their solution's operations: their mathematics is a few short sums
	// whatever the length of the story.
	Proxy func(Record) float64
	gen   func(g *G) (*Problem, error)
}

var (
	modules []*Module
	byName  = map[string]*Module{}
)

// register adds a module at package initialisation.
func register(m *Module) {
	if _, dup := byName[m.Name]; dup {
		panic("amps: module registered twice: " + m.Name)
	}
	if m.Extrapolate == "" || m.Description == "" {
		panic("amps: module " + m.Name + " lacks a description or an extrapolate note")
	}
	if _, ok := formDoc[m.Form]; !ok {
		panic("amps: module " + m.Name + " declares an unknown form " + string(m.Form))
	}
	modules = append(modules, m)
	byName[m.Name] = m
}

// Modules returns every module, by area in catalogue order then by name.
func Modules() []*Module {
	out := append([]*Module(nil), modules...)
	rank := map[string]int{}
	for i, a := range Areas {
		rank[a] = i
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Area != out[j].Area {
			return rank[out[i].Area] < rank[out[j].Area]
		}
		return out[i].Name < out[j].Name
	})
	return out
}

// Lookup returns the module with that name.
func Lookup(name string) (*Module, error) {
	if m, ok := byName[name]; ok {
		return m, nil
	}
	return nil, fmt.Errorf("amps: unknown module %q (see `matheval gen amps --list`)", name)
}

// Select resolves a module list: "all", module names, or area names
// (every module of the area), comma-separated or as separate entries.
func Select(list []string) ([]*Module, error) {
	var names []string
	for _, l := range list {
		for _, p := range strings.Split(l, ",") {
			if p = strings.TrimSpace(p); p != "" {
				names = append(names, p)
			}
		}
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("amps: no modules given (use all, an area or module names)")
	}
	seen := map[string]bool{}
	var out []*Module
	add := func(m *Module) {
		if !seen[m.Name] {
			seen[m.Name] = true
			out = append(out, m)
		}
	}
	for _, n := range names {
		if n == "all" {
			for _, m := range Modules() {
				add(m)
			}
			continue
		}
		isArea := false
		for _, a := range Areas {
			if a == n {
				isArea = true
				for _, m := range Modules() {
					if m.Area == a {
						add(m)
					}
				}
			}
		}
		if isArea {
			continue
		}
		m, err := Lookup(n)
		if err != nil {
			return nil, err
		}
		add(m)
	}
	return out, nil
}
