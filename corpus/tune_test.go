package corpus

import (
	"context"
	"os"
	"syscall"
	"testing"
	"time"
)

func cpuNow() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func TestTuneUni(t *testing.T) {
	if os.Getenv("TUNE_DF") == "" {
		t.Skip()
	}
	docs := append(loadMATH(t, "train"), loadMATH(t, "test")...)
	for _, f := range []int{50, 200, 1000} {
		div := f
		unigramDF = func(n int) int { return max(8, n/div) }
		st, c := time.Now(), cpuNow()
		r, _ := Diversity(context.Background(), docs, Options{})
		t.Logf("uni N/%d: wall %v cpu %v CLD %.6f pairs %d", div, time.Since(st), cpuNow()-c, r.CLD, r.Pairs)
	}
}
