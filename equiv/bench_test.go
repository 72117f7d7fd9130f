package equiv

import (
	"context"
	"encoding/json"
	"os"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/matheval/matheval/internal/testenv"
	"github.com/matheval/matheval/latex"
)

// perturb changes the last digit of an answer (or appends +1), giving a
// near miss that must be NotEqual.
func perturb(s string) string {
	b := []byte(s)
	for i := len(b) - 1; i >= 0; i-- {
		if b[i] >= '0' && b[i] <= '9' {
			if b[i] == '9' {
				b[i] = '8'
			} else {
				b[i]++
			}
			return string(b)
		}
	}
	return s + "+1"
}

func BenchmarkParseMATH500(b *testing.B) {
	items := loadMATH500(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		latex.Parse(items[i%len(items)].gold)
	}
}

// BenchmarkCompareMATHPairs runs the 25,000 pairs of the speed target:
// every MATH gold (train and test, 12,500) against its LaTeX re-printing
// (decided by the engine, not the text shortcut) and against a near miss.
// Run with -benchtime 25000x -cpu 1 to time each pair once.
func BenchmarkCompareMATHPairs(b *testing.B) {
	items := loadMATHGolds(b)
	var pairs [][2]string
	for _, it := range items {
		printed := it.gold
		if n, err := latex.Parse(it.gold); err == nil {
			printed = n.String()
		}
		pairs = append(pairs, [2]string{it.gold, printed}, [2]string{it.gold, perturb(it.gold)})
	}
	timePairs(b, pairs)
}

// benchPairs times each pair separately and reports the median per pair
// and how many pairs ended Undecided by the deadline.
func benchPairs(b *testing.B, mk func(string) string) {
	items := loadMATH500(b)
	pairs := make([][2]string, len(items))
	for i, it := range items {
		pairs[i] = [2]string{it.gold, mk(it.gold)}
	}
	timePairs(b, pairs)
}

// timePairs times each pair separately and reports the median and p99 per
// pair and how many pairs ended Undecided.
func timePairs(b *testing.B, pairs [][2]string) {
	durs := make([]time.Duration, 0, b.N)
	late := 0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p := pairs[i%len(pairs)]
		st := time.Now()
		r := Compare(context.Background(), p[0], p[1], Options{})
		durs = append(durs, time.Since(st))
		if r.Outcome == Undecided {
			late++
		}
	}
	b.StopTimer()
	sort.Slice(durs, func(i, j int) bool { return durs[i] < durs[j] })
	b.ReportMetric(float64(durs[len(durs)/2].Nanoseconds())/1000, "µs-median/pair")
	b.ReportMetric(float64(durs[len(durs)*99/100].Nanoseconds())/1000, "µs-p99/pair")
	b.ReportMetric(float64(late), "undecided")
}

func BenchmarkCompareSelf(b *testing.B) { benchPairs(b, func(s string) string { return s }) }

// BenchmarkComparePrinted pairs each gold with its LaTeX re-printing, so the
// engine (not the identical-text shortcut) decides.
func BenchmarkComparePrinted(b *testing.B) {
	benchPairs(b, func(s string) string {
		n, err := latex.Parse(s)
		if err != nil {
			return s
		}
		return n.String()
	})
}

func BenchmarkComparePerturbed(b *testing.B) { benchPairs(b, perturb) }

// restyle rewrites a gold the way models restyle answers, so that the text
// differs and the engine decides: \dfrac for \frac, \tfrac for \dfrac.
// (Golds without either are left out of the class.)
func restyle(s string) string {
	s = strings.ReplaceAll(s, `\dfrac`, `\tfrac`)
	return strings.ReplaceAll(s, `\frac`, `\dfrac`)
}

// BenchmarkCompareMATHGolds is the speed target of issue 28 on MATH golds:
// every MATH gold (train and test, 12,500) against itself, against its
// LaTeX re-printing, and each gold with a fraction against a restyled form
// (restyle). One op compares
// every pair of a class once; each comparison is timed alone, and the
// median and p99 per pair over all ops are reported (the target is a
// median of at most 5 µs), with the count of pairs per op that did not end
// Equal. Run with: go test -run xxx -bench CompareMATHGolds -cpu 1 ./equiv/
func BenchmarkCompareMATHGolds(b *testing.B) {
	items := loadMATHGolds(b)
	classes := []struct {
		name string
		mk   func(string) string
	}{
		{"self", func(s string) string { return s }},
		{"reprint", func(s string) string {
			if n, err := latex.Parse(s); err == nil {
				return n.String()
			}
			return s
		}},
		{"restyled", restyle},
	}
	for _, cl := range classes {
		pairs := make([][2]string, 0, len(items))
		for _, it := range items {
			if emptyGolds[it.id] || cl.name == "restyled" && restyle(it.gold) == it.gold {
				continue
			}
			pairs = append(pairs, [2]string{it.gold, cl.mk(it.gold)})
		}
		b.Run(cl.name, func(b *testing.B) { timeRounds(b, pairs) })
	}
}

// BenchmarkCompareMATH500Solutions times the engine on answers taken from
// real written solutions: each MATH-500 answer against the final answer
// that extractAnswer (this package's minimal extraction; package answer has
// the real one) takes from the item's reference solution. Only Compare is
// timed; the target of issue 28 for real replies is a median of at most
// 20 µs per pair. Run with: go test -run xxx -bench MATH500Solutions -cpu 1 ./equiv/
func BenchmarkCompareMATH500Solutions(b *testing.B) {
	p := testenv.Shared(b, "data", "math500", "test.jsonl")
	data, err := os.ReadFile(p)
	if err != nil {
		b.Fatal(err)
	}
	var pairs [][2]string
	for i, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var rec struct {
			Answer   string `json:"answer"`
			Solution string `json:"solution"`
		}
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			b.Fatalf("%s:%d: %v", p, i+1, err)
		}
		pairs = append(pairs, [2]string{rec.Answer, extractAnswer(rec.Solution)})
	}
	timeRounds(b, pairs)
}

// timeRounds times Compare on every pair, b.N rounds over all of them
// (timePairs takes b.N pairs in turn and counts the undecided), and reports the median
// and 99th percentile per pair (a mean would hide the tail), the pairs per
// round and how many of them were not Equal.
func timeRounds(b *testing.B, pairs [][2]string) {
	durs := make([]time.Duration, 0, b.N*len(pairs))
	notEqual := 0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, p := range pairs {
			st := time.Now()
			r := Compare(context.Background(), p[0], p[1], Options{})
			durs = append(durs, time.Since(st))
			if r.Outcome != Equal {
				notEqual++
			}
		}
	}
	b.StopTimer()
	sort.Slice(durs, func(i, j int) bool { return durs[i] < durs[j] })
	b.ReportMetric(float64(durs[len(durs)/2].Nanoseconds())/1000, "µs-median/pair")
	b.ReportMetric(float64(durs[len(durs)*99/100].Nanoseconds())/1000, "µs-p99/pair")
	b.ReportMetric(float64(len(pairs)), "pairs/op")
	b.ReportMetric(float64(notEqual)/float64(b.N), "not-equal/op")
	b.ReportMetric(0, "ns/op")
}
