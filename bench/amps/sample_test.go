package amps

import (
	"context"
	"os"
	"strconv"
	"sync"
	"testing"
)

// The shared sample: one generation of every module per split, made once
// for the tests that read every module (TestEveryModuleEverySplit,
// TestNoRepeatsWhileTheSpaceLasts, TestLintSample, TestLevelsAreBands,
// and with its sympy data TestSympyDifferential)
// instead of one generation each. sampleN problems per module and split
// (levels 1-5 in turn, seed 3); AMPS_SAMPLE_N sets a larger one.
var (
	sampleOnce  sync.Once
	sampleRecs  map[string][]Record
	sampleStats map[string]Stats
	sampleErr   error
)

func sampleN() int {
	if v, err := strconv.Atoi(os.Getenv("AMPS_SAMPLE_N")); err == nil && v > 0 {
		return v
	}
	if testing.Short() {
		return 5
	}
	return 10
}

// sample returns the shared sample of a split with its stats.
func sample(t *testing.T, split string) ([]Record, Stats) {
	t.Helper()
	sampleOnce.Do(func() {
		sampleRecs, sampleStats = map[string][]Record{}, map[string]Stats{}
		for _, sp := range []string{Train, Interpolate, Extrapolate} {
			recs, st, err := Generate(context.Background(), Options{N: sampleN(), Seed: 3, Split: sp, KeepSympy: true})
			if err != nil {
				sampleErr = err
				return
			}
			sampleRecs[sp], sampleStats[sp] = recs, st
		}
	})
	if sampleErr != nil {
		t.Fatal(sampleErr)
	}
	return sampleRecs[split], sampleStats[split]
}
