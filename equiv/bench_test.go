package equiv

import (
	"context"
	"sort"
	"testing"
	"time"

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
