package answers

import "github.com/matheval/matheval/bench"

var loadAll = bench.LoadOptions{}
