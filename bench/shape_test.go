package bench_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/matheval/matheval/bench"
	_ "github.com/matheval/matheval/bench/amps" // the shapes register with their benchmarks
	_ "github.com/matheval/matheval/bench/asdiv"
	_ "github.com/matheval/matheval/bench/hardmath"
	_ "github.com/matheval/matheval/bench/math"
	_ "github.com/matheval/matheval/bench/math401"
	_ "github.com/matheval/matheval/bench/minif2f"
	"github.com/matheval/matheval/internal/testenv"
)

// TestSniffRealFiles: every real benchmark file is recognised as what it is.
func TestSniffRealFiles(t *testing.T) {
	for _, tc := range []struct {
		elems []string
		want  string
	}{
		{[]string{"data", "math401", "math401.json"}, "math401"},
		{[]string{"data", "math500", "test.jsonl"}, "math"},
		{[]string{"data", "math", "test.jsonl"}, "math"},
		{[]string{"data", "math", "MATH"}, "math"},
		{[]string{"data", "math", "MATH", "test"}, "math"},
		{[]string{"data", "asdiv", "ASDiv.xml"}, "asdiv"},
		{[]string{"data", "hardmath", "HARDMath_mini.json"}, "hardmath"},
		{[]string{"data", "minif2f", "lean4", "minif2f.jsonl"}, "minif2f"},
	} {
		path := testenv.Shared(t, tc.elems...)
		if got, why := bench.Sniff(path); got != tc.want {
			t.Errorf("%s: sniffed %q (%s), want %q", path, got, why, tc.want)
		}
	}
}

func TestRefuseOther(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	m401 := write("a.json", `{"query": "1+1=", "response": "2"}`+"\n")
	mathl := write("b.jsonl", `{"problem": "p", "solution": "s $\boxed{1}$", "level": "Level 1", "type": "Algebra"}`+"\n")
	amps := write("c.jsonl", `{"problem": "p", "solution": "s", "level": "Level 1", "type": "x", "module": "x", "seed": 1}`+"\n")
	plain := write("d.jsonl", `{"id": 1, "text": "hello"}`+"\n")

	err := bench.RefuseOther(m401, "asdiv")
	if err == nil || !strings.Contains(err.Error(), "looks like a MATH 401 file") || !strings.Contains(err.Error(), "not ASDiv") {
		t.Errorf("MATH 401 file as ASDiv: %v", err)
	}
	if err := bench.RefuseOther(mathl, "asdiv"); err == nil || !strings.Contains(err.Error(), "MATH file") {
		t.Errorf("MATH file as ASDiv: %v", err)
	}
	for _, tc := range []struct {
		path, want string
		also       []string
	}{{m401, "math401", nil}, {mathl, "math", nil}, {amps, "math", []string{"amps"}}, {plain, "asdiv", nil}} {
		if err := bench.RefuseOther(tc.path, tc.want, tc.also...); err != nil {
			t.Errorf("%s as %s: refused: %v", tc.path, tc.want, err)
		}
	}
}

// TestShapesRegistered: a benchmark without an Item test takes items with
// any metadata (an answer benchmark's MATH-500 items, with subject and
// level); one with a test refuses another's; Reads lets MATH read AMPS's.
func TestShapesRegistered(t *testing.T) {
	mathItem := bench.Item{ID: "x", Meta: map[string]string{"subject": "Algebra", "level": "1"}}
	ampsItem := bench.Item{ID: "y", Meta: map[string]string{"module": "gcd", "subject": "Algebra", "level": "1"}}
	bench.RegisterShape(bench.Shape{Name: "test-answers", Display: "Test Answers"})
	if err := bench.RefuseOtherItems("test-answers", []bench.Item{mathItem}); err != nil {
		t.Errorf("a benchmark with no item test refused: %v", err)
	}
	if err := bench.RefuseOtherItems("asdiv", []bench.Item{mathItem}); err == nil || !strings.Contains(err.Error(), "looks like a MATH item") {
		t.Errorf("a MATH item as ASDiv: %v", err)
	}
	if err := bench.RefuseOtherItems("math", []bench.Item{ampsItem}); err != nil {
		t.Errorf("AMPS items as MATH (Reads): %v", err)
	}
	if bench.ItemKind(ampsItem) != "amps" || bench.DisplayName("test-answers") != "Test Answers" || bench.DisplayName("nosuch") != "nosuch" {
		t.Errorf("kind %q, display %q", bench.ItemKind(ampsItem), bench.DisplayName("test-answers"))
	}
}
