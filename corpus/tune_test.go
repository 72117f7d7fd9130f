package corpus

import (
	"context"
	"os"
	"strconv"
	"testing"
	"time"
)

func TestTuneMaxDF(t *testing.T) {
	v := os.Getenv("TUNE_DF")
	if v == "" {
		t.Skip()
	}
	docs := append(loadMATH(t, "train"), loadMATH(t, "test")...)
	for _, f := range []int{25, 50, 100, 200, 400} {
		div := f
		indexMaxDF = func(n int) int { return max(16, n/div) }
		st := time.Now()
		r, _ := Diversity(context.Background(), docs, Options{})
		t.Logf("N/%d: %v CLD %.6f pairs %d", div, time.Since(st), r.CLD, r.Pairs)
	}
	_ = strconv.Itoa
}
