package amps

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"
)

// CatalogueEntry describes one module with one example problem.
type CatalogueEntry struct {
	Name        string `json:"name"`
	Area        string `json:"area"`
	Description string `json:"description"`
	Steps       bool   `json:"steps"`
	Extrapolate string `json:"extrapolate"`
	Form        string `json:"form"` // the answer's form ("none": the value alone)
	Example     string `json:"example"`
	Answer      string `json:"answer"`
}

// Catalogue lists every module with an example drawn at level 3 of the
// train split with the given seed.
func Catalogue(seed int64) []CatalogueEntry {
	var out []CatalogueEntry
	for _, m := range Modules() {
		e := CatalogueEntry{Name: m.Name, Area: m.Area, Description: m.Description, Steps: m.Steps, Extrapolate: m.Extrapolate, Form: m.Form.String()}
		for i := 0; i < 20; i++ {
			if r, err := Make(m, seed, Train, 3, i); err == nil {
				e.Example, e.Answer = r.Problem, r.Answer
				break
			}
		}
		out = append(out, e)
	}
	return out
}

// WriteCatalogue prints the catalogue by area: name, [steps], description,
// the answer's form when it has one, what extrapolate changes, and the
// example with its answer.
func WriteCatalogue(w io.Writer, entries []CatalogueEntry) {
	steps := 0
	byArea := map[string][]CatalogueEntry{}
	for _, e := range entries {
		byArea[e.Area] = append(byArea[e.Area], e)
		if e.Steps {
			steps++
		}
	}
	forms := 0
	for _, e := range entries {
		if e.Form != FormNone.String() {
			forms++
		}
	}
	fmt.Fprintf(w, "%d modules, %d with step-by-step solutions, %d asking for a form of the answer besides its value\n", len(entries), steps, forms)
	for _, a := range Areas {
		es := byArea[a]
		if len(es) == 0 {
			continue
		}
		fmt.Fprintf(w, "\n%s (%d modules)\n", a, len(es))
		for _, e := range es {
			mark := ""
			if e.Steps {
				mark = " [steps]"
			}
			fmt.Fprintf(w, "  %s%s: %s\n", e.Name, mark, e.Description)
			if f, err := ParseForm(e.Form); err == nil && f != FormNone {
				fmt.Fprintf(w, "      form: %s (%s)\n", f, f.Doc())
			}
			fmt.Fprintf(w, "      extrapolate: %s\n", e.Extrapolate)
			fmt.Fprintf(w, "      example: %s\n      answer: %s\n", oneLine(e.Example), e.Answer)
		}
	}
}

// WriteCatalogueJSON prints the catalogue as a JSON array.
func WriteCatalogueJSON(w io.Writer, entries []CatalogueEntry) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(entries)
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// WriteText prints what a generation kept and dropped, with the reasons.
func (s Stats) WriteText(w io.Writer) {
	fmt.Fprintf(w, "kept %d problems from %d modules; dropped %d that failed a check\n", s.Kept, len(s.Modules), s.Dropped)
	if s.Repeats > 0 || s.Repeated > 0 {
		fmt.Fprintf(w, "  skipped %d draws that repeated a problem already kept", s.Repeats)
		if s.Repeated > 0 {
			fmt.Fprintf(w, "; kept %d repeats where a module's problems ran out", s.Repeated)
		}
		fmt.Fprintln(w)
	}
	if s.Short > 0 {
		short := 0
		for _, m := range s.Modules {
			short += m.Short
		}
		fmt.Fprintf(w, "  %d modules ran out of distinct problems before --n (%d problems short)\n", s.Short, short)
	}
	fmt.Fprintf(w, "  %d problems repeat the text of another module's\n", s.CrossRepeats)
	reasons := map[string]int{}
	for _, m := range s.Modules {
		for r, n := range m.Reasons {
			reasons[r] += n
		}
	}
	var ks []string
	for k := range reasons {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	for _, k := range ks {
		fmt.Fprintf(w, "  dropped (%s): %d\n", k, reasons[k])
	}
}
