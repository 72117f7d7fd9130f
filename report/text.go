package report

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/matheval/matheval/answer"
	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/rundir"
)

// WriteText writes a table for a terminal: its title, the columns aligned
// (the first to the left, the others to the right), then its notes.
func WriteText(w io.Writer, t bench.Table) {
	if t.Title != "" {
		fmt.Fprintln(w, t.Title)
	}
	width := make([]int, len(t.Columns))
	for i, c := range t.Columns {
		width[i] = utf8.RuneCountInString(c)
	}
	for _, r := range t.Rows {
		for i := 0; i < len(r) && i < len(width); i++ {
			width[i] = max(width[i], utf8.RuneCountInString(r[i]))
		}
	}
	// Numbers (and intervals, and "–") align right, words left.
	right := make([]bool, len(t.Columns))
	for i := range t.Columns {
		right[i] = i > 0
		for _, r := range t.Rows {
			if i < len(r) && r[i] != "" && !numeric(r[i]) {
				right[i] = false
			}
		}
	}
	line := func(cells []string) {
		var b strings.Builder
		for i := range t.Columns {
			c := ""
			if i < len(cells) {
				c = strings.Join(strings.Fields(cells[i]), " ")
			}
			pad := strings.Repeat(" ", width[i]-utf8.RuneCountInString(c))
			b.WriteString("  ") // the indent, then the gap between columns
			if right[i] {
				b.WriteString(pad + c)
			} else {
				b.WriteString(c + pad)
			}
		}
		fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
	}
	line(t.Columns)
	for _, r := range t.Rows {
		line(r)
	}
	for _, n := range t.Notes {
		fmt.Fprintln(w, "  "+n)
	}
}

// numeric reports whether a cell reads as a number: it starts with a
// digit, a sign, a decimal point or the dash of a missing value.
func numeric(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return r >= '0' && r <= '9' || strings.ContainsRune("+-.–", r)
}

// maxTokensNow says the run's --max-tokens, when the manifest holds it.
func maxTokensNow(m rundir.Manifest) string {
	if v, ok := m.Params["max-tokens"]; ok {
		if s := fmt.Sprint(v); s != "0" && s != "" {
			return " (it was " + s + ")"
		}
	}
	return ""
}

// RunText writes what the command line prints after a run or a regrade:
// the run's status when partial, the headline metrics with their
// definitions, the benchmark's own tables (as its paper shows them), the
// verdict counts, tokens and cost, the interval method, and then the run
// directory and the commands that come next.
func RunText(w io.Writer, dir string, m rundir.Manifest, res rundir.Results) {
	st := rundir.StatusOf(m, &res, nil)
	fmt.Fprintf(w, "%s · %s · %d items", orDash(res.Benchmark), orDash(res.Model), res.Items)
	if m.Samples > 1 {
		fmt.Fprintf(w, ", %d samples each", m.Samples)
	}
	fmt.Fprintln(w)
	if st.Partial() {
		fmt.Fprintf(w, "partial run: %s\n", st)
	}
	sum := res.Summary
	fmt.Fprintln(w)
	for _, m := range sum.Unshown() {
		fmt.Fprintf(w, "%-26s %s  (n = %d)\n", m.Label+":", m.Text(), m.N)
		if m.Definition != "" {
			fmt.Fprintf(w, "    %s\n", m.Definition)
		}
	}
	for _, t := range sum.Tables {
		if !t.Main {
			continue
		}
		fmt.Fprintln(w)
		WriteText(w, t)
	}
	fmt.Fprintln(w)
	var parts []string
	for _, k := range answer.Kinds {
		if n := res.Counts[k]; n > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", k, n))
		}
	}
	fmt.Fprintf(w, "verdicts: %s\n", orDash(strings.Join(parts, ", ")))
	if res.Truncated > 0 && res.Samples > 0 {
		fmt.Fprintf(w, "truncated: %d of %d replies (%.0f%%) hit the token limit (finish_reason length): raise --max-tokens%s\n",
			res.Truncated, res.Samples, 100*float64(res.Truncated)/float64(res.Samples), maxTokensNow(m))
	}
	if res.Usage.PromptTokens+res.Usage.CompletionTokens > 0 {
		per := "n/a per correct answer (none correct)"
		if res.TokensPerCorrect > 0 {
			per = fmt.Sprintf("%.0f per correct answer", res.TokensPerCorrect)
		}
		// The reasoning count only when the server reported one: "(0
		// reasoning)" for a model without reasoning read as a measurement.
		reasoning := ""
		if res.Usage.ReasoningTokens > 0 {
			reasoning = fmt.Sprintf(" (%d reasoning)", res.Usage.ReasoningTokens)
		}
		fmt.Fprintf(w, "tokens: %d prompt, %d completion%s; %s\n",
			res.Usage.PromptTokens, res.Usage.CompletionTokens, reasoning, per)
	}
	if res.Cost > 0 {
		per := "n/a per correct answer (none correct)"
		if res.CostPerCorrect > 0 {
			per = fmt.Sprintf("$%.4g per correct answer", res.CostPerCorrect)
		}
		fmt.Fprintf(w, "cost: $%.4g (%s)\n", res.Cost, per)
	}
	if sum.Interval != "" {
		fmt.Fprintf(w, "intervals: %s\n", sum.Interval)
	}
	NextSteps(w, dir)
}

// Command is how the printed next steps call matheval: the command line
// sets it to what works as typed where it runs (the `go run` form when
// matheval is not installed).
var Command = "matheval"

// NextSteps prints the run directory and the commands that read it.
func NextSteps(w io.Writer, dir string) {
	fmt.Fprintf(w, "\nrun directory: %s\n", dir)
	fmt.Fprintf(w, "next: %s report %s   (report.md, report.html and plots, in the run directory)\n", Command, shellQuote(dir))
	fmt.Fprintf(w, "      %s serve %s   (browse the items and replies in a web browser)\n", Command, shellQuote(filepath.Dir(filepath.Clean(dir))))
}

// shellQuote quotes a path for a shell when it needs it.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./+:@,") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
