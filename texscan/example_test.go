package texscan_test

import (
	"fmt"
	"strings"

	"github.com/matheval/matheval/texscan"
)

func ExampleScanner() {
	src := `so $x = \frac{1}{2}$`
	s := texscan.NewScanner(src, 0)
	for t, ok := s.Next(); ok; t, ok = s.Next() {
		fmt.Printf("%d %v %q\n", t.Pos, t.Kind, t.Text)
	}
	// Output:
	// 0 Word "so"
	// 2 Space " "
	// 3 MathShift "$"
	// 4 Word "x"
	// 5 Space " "
	// 6 Punct "="
	// 7 Space " "
	// 8 Command "\\frac"
	// 13 Open "{"
	// 14 Number "1"
	// 15 Close "}"
	// 16 Open "{"
	// 17 Number "2"
	// 18 Close "}"
	// 19 MathShift "$"
}

func ExampleSplit() {
	parts, err := texscan.Split(`\left(1, 2\right], \{3, 4\}, [5, 6)`, texscan.Bracketed, texscan.Limits{}, ",")
	fmt.Println(strings.Join(parts, " | "), err)
	// Output: \left(1, 2\right] |  \{3 |  4\} |  [5, 6) <nil>
}

func ExampleMatch() {
	src := `\boxed{\frac{1}{2}} and more`
	g, err := texscan.Match(src, len(`\boxed`), texscan.Braces, texscan.Limits{})
	fmt.Println(src[g.Inner:g.InnerEnd], err)
	// Output: \frac{1}{2} <nil>
}
