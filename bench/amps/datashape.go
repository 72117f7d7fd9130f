package amps

import "github.com/matheval/matheval/bench"

// AMPS's records are MATH's with a module (so they are tried before
// MATH's); its items carry the module.
func init() {
	bench.RegisterShape(bench.Shape{
		Name: "amps", Display: "AMPS", Order: 50,
		Record: func(has func(string) bool) string {
			if has("problem") && has("module") {
				return bench.Fields("problem", "module")
			}
			return ""
		},
		Item: func(it bench.Item) bool {
			_, ok := it.Meta["module"]
			return ok
		},
	})
}
