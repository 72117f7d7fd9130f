package report

import (
	"encoding/json"
	"fmt"
	"strings"
)

// CompareAgainst compares every other run with the first (A), each pair on
// the items it shares: the paired statistics of Compare, pair by pair.
// Nothing is corrected for the number of pairs; the text says so.
func CompareAgainst(a *Run, others []*Run) ([]Comparison, error) {
	var out []Comparison
	for _, b := range others {
		c, err := Compare(a, b)
		if err != nil {
			return nil, fmt.Errorf("%s against %s: %v", b.Dir, a.Dir, err)
		}
		out = append(out, c)
	}
	return out, nil
}

// ManyText shows comparisons against one run: a row per other run with
// its value, the paired difference A-B with its interval, the items each
// does better and the exact sign test; then each pair's warnings and
// settings that differ.
func ManyText(cs []Comparison) string {
	if len(cs) == 0 {
		return ""
	}
	a := cs[0].A
	var b strings.Builder
	fmt.Fprintf(&b, "A: %s (%s, %s): %s\n", a.Dir, orDash(a.Manifest.Benchmark), orDash(ModelName(a.Manifest.Model)), cs[0].Metric.Label)
	fmt.Fprintf(&b, "each run B against A on the items both have (measure: %s)\n\n", cs[0].MeasureText())
	rows := [][]string{{"B", "model", "paired", "A", "B", "A-B [95% paired CI]", "better A/B", "sign test p"}}
	for i, c := range cs {
		rows = append(rows, []string{fmt.Sprintf("B%d %s", i+1, c.B.Dir), ModelName(c.B.Manifest.Model), fmt.Sprint(c.Paired),
			c.ValueText(c.AccA), c.ValueText(c.AccB),
			diffCellText(c),
			fmt.Sprintf("%d/%d", len(c.BetterA), len(c.BetterB)), fmt.Sprintf("%.4g", c.SignP)})
	}
	width := make([]int, len(rows[0]))
	for _, r := range rows {
		for j, c := range r {
			width[j] = max(width[j], len([]rune(c)))
		}
	}
	for _, r := range rows {
		var line strings.Builder
		for j, c := range r {
			if j > 0 {
				line.WriteString("  ")
			}
			line.WriteString(c + strings.Repeat(" ", width[j]-len([]rune(c))))
		}
		b.WriteString(strings.TrimRight(line.String(), " ") + "\n")
	}
	fmt.Fprintf(&b, "\n%d comparisons, each with its own 95%% interval and test (no correction for multiple comparisons)\n", len(cs))
	for i, c := range cs {
		for _, w := range c.Warnings {
			fmt.Fprintf(&b, "B%d: warning: %s\n", i+1, w)
		}
		for _, s := range c.Settings {
			fmt.Fprintf(&b, "B%d: differs from A: %s\n", i+1, s)
		}
	}
	return b.String()
}

// ManyJSON is the comparisons as one JSON array, each as Comparison.JSON.
func ManyJSON(cs []Comparison) ([]byte, error) {
	var parts []json.RawMessage
	for _, c := range cs {
		j, err := c.JSON()
		if err != nil {
			return nil, err
		}
		parts = append(parts, j)
	}
	return json.MarshalIndent(parts, "", "  ")
}

// diffCellText is a comparison's difference with its interval, in one format.
func diffCellText(c Comparison) string {
	v, lo, hi := c.diffCell(c.Diff.Value, c.Diff.Lo, c.Diff.Hi)
	return fmt.Sprintf("%s [%s, %s]%s", v, lo, hi, c.diffUnit())
}
