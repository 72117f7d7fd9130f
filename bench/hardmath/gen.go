package hardmath

import "fmt"

// Generator types.
const (
	GenNondim      = "nondim"
	GenRoots       = "roots"
	GenRootCorr    = "root_corrections"
	GenODE         = "ode"
	GenEpsIntegral = "integral"
	GenLaplace     = "laplace"
)

// AllGenTypes lists every generator type in output order.
var AllGenTypes = []string{GenNondim, GenRoots, GenRootCorr, GenODE, GenEpsIntegral, GenLaplace}

// GenOptions choose what to generate.
type GenOptions struct {
	Seed   int64
	N      int      // problems in all, spread over Types
	Types  []string // generator types
	Compat bool     // follow the released data's conventions where they differ from the paper
}

// GenSet is a generated set of rows with per-type statistics.
type GenSet struct {
	Rows     []KeyedRow
	Tried    map[string]int // candidates drawn per type
	Rejected map[string]int // candidates rejected by numerical validation
}

// Generate draws problems deterministically from the seed.
func Generate(o GenOptions) (GenSet, error) {
	return GenSet{}, fmt.Errorf("hardmath: generators not built yet")
}
