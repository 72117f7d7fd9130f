package bench

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

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
		if got, why := Sniff(path); got != tc.want {
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

	err := RefuseOther(m401, "asdiv")
	if err == nil || !strings.Contains(err.Error(), "looks like a MATH 401 file") || !strings.Contains(err.Error(), "not ASDiv") {
		t.Errorf("MATH 401 file as ASDiv: %v", err)
	}
	if err := RefuseOther(mathl, "asdiv"); err == nil || !strings.Contains(err.Error(), "MATH file") {
		t.Errorf("MATH file as ASDiv: %v", err)
	}
	for _, tc := range []struct {
		path, want string
		also       []string
	}{{m401, "math401", nil}, {mathl, "math", nil}, {amps, "math", []string{"amps"}}, {plain, "asdiv", nil}} {
		if err := RefuseOther(tc.path, tc.want, tc.also...); err != nil {
			t.Errorf("%s as %s: refused: %v", tc.path, tc.want, err)
		}
	}
}
