package amps

import (
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// TestCalibrateBands: every module has level thresholds that rise. With
// AMPS_CALIBRATE=1 it first recalibrates them from AMPS_CALIBRATE_N draws
// per size (default 300) and rewrites bands_table.go; run it after
// changing what a module writes (the partition into levels holds whatever
// the thresholds are, but stale ones cost band misses).
func TestCalibrateBands(t *testing.T) {
	if os.Getenv("AMPS_CALIBRATE") == "1" {
		n := 300
		if v, err := strconv.Atoi(os.Getenv("AMPS_CALIBRATE_N")); err == nil && v > 0 {
			n = v
		}
		mods := Modules()
		bands := make([][4]float64, len(mods))
		errs := make([]error, len(mods))
		var wg sync.WaitGroup
		sem := make(chan struct{}, runtime.GOMAXPROCS(0))
		for i, m := range mods {
			wg.Add(1)
			go func() {
				defer wg.Done()
				sem <- struct{}{}
				defer func() { <-sem }()
				bands[i], errs[i] = calibrateBands(calibrationDraws(m, n), 0.08)
			}()
		}
		wg.Wait()
		table := map[string][4]float64{}
		for i, m := range mods {
			if errs[i] != nil {
				t.Errorf("%s: %v", m.Name, errs[i])
				continue
			}
			table[m.Name] = bands[i]
		}
		var sb strings.Builder
		writeBandsTable(&sb, table)
		if err := os.WriteFile("bands_table.go", []byte(sb.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		levelBands = table
	}
	for _, m := range Modules() {
		b, ok := levelBands[m.Name]
		if !ok {
			t.Errorf("%s has no level thresholds: run AMPS_CALIBRATE=1 go test -run TestCalibrateBands ./bench/amps/", m.Name)
			continue
		}
		for i := 1; i < 4; i++ {
			if b[i] <= b[i-1] {
				t.Errorf("%s: thresholds %v do not rise", m.Name, b)
			}
		}
	}
	for name := range levelBands {
		if _, err := Lookup(name); err != nil {
			t.Errorf("thresholds for an unknown module %s", name)
		}
	}
}

// TestCalibrateBandsCases: the calibration puts each size in its own band
// when the sizes separate, keeps a minimum share per band, and refuses too
// few distinct values.
func TestCalibrateBandsCases(t *testing.T) {
	var vals [5][]float64
	for s := range 5 {
		for i := range 20 {
			vals[s] = append(vals[s], float64(10*s+i%5))
		}
	}
	got, err := calibrateBands(vals, 0.1)
	if err != nil || got != [4]float64{10, 20, 30, 40} {
		t.Errorf("separated sizes: %v, %v; want [10 20 30 40]", got, err)
	}
	for s := range 5 {
		for _, v := range vals[s] {
			if b := bandOf(got, v); b != s+1 {
				t.Fatalf("value %v of size %d in band %d", v, s+1, b)
			}
		}
	}
	// All sizes alike: bands still hold at least the minimum share each.
	var same [5][]float64
	for s := range 5 {
		for i := range 20 {
			same[s] = append(same[s], float64(i))
		}
	}
	got, err = calibrateBands(same, 0.15)
	if err != nil {
		t.Fatal(err)
	}
	var per [5]int
	for s := range 5 {
		for _, v := range same[s] {
			per[bandOf(got, v)-1]++
		}
	}
	for b, c := range per {
		if c < 15 {
			t.Errorf("band %d holds %d of 100 draws, want at least 15 (%v)", b+1, c, got)
		}
	}
	var few [5][]float64
	for s := range 5 {
		few[s] = []float64{1, 2, 3}
	}
	if _, err := calibrateBands(few, 0.05); err == nil {
		t.Error("three distinct values calibrated into five bands")
	}
}
