package math401

import (
	"strings"

	"github.com/matheval/matheval/bench"
)

// MATH 401's released file: JSON Lines of "query" and "response"; its items
// carry a group and ids "math401/N".
func init() {
	bench.RegisterShape(bench.Shape{
		Name: "math401", Display: "MATH 401", Order: 10,
		Record: func(has func(string) bool) string {
			if has("query") && has("response") {
				return bench.Fields("query", "response")
			}
			return ""
		},
		Item: func(it bench.Item) bool {
			_, g := it.Meta["group"]
			return g && strings.HasPrefix(it.ID, "math401/")
		},
	})
}
