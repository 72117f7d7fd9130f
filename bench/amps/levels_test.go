package amps

import (
	"fmt"
	"go/format"
	"os"
	"runtime"
	"sort"
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
// AMPS_CALIBRATE_MODULES=list recalibrates only those modules (all, areas
// or names, as gen amps --modules takes them) and keeps the others'
// thresholds: the calibration of every module costs minutes of CPU, and a
// module's thresholds depend on its own draws alone.
func TestCalibrateBands(t *testing.T) {
	if os.Getenv("AMPS_CALIBRATE") == "1" {
		n := 300
		if v, err := strconv.Atoi(os.Getenv("AMPS_CALIBRATE_N")); err == nil && v > 0 {
			n = v
		}
		mods := Modules()
		table := map[string][4]float64{}
		if list := os.Getenv("AMPS_CALIBRATE_MODULES"); list != "" {
			sel, err := Select([]string{list})
			if err != nil {
				t.Fatal(err)
			}
			mods = sel
			for name, b := range levelBands {
				table[name] = b
			}
		}
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
				// The widest bands first: 8% of the draws each, else 4%,
				// 2% or 1% (a level then costs more band misses), and
				// always 8% of the distinct problems (else 4%), so that
				// each level has problems to draw in both splits.
				vals, distinct := calibrationDraws(m, n)
			ladder:
				for _, dshare := range []float64{0.08, 0.04} {
					for _, share := range []float64{0.08, 0.04, 0.02, 0.01} {
						if bands[i], errs[i] = calibrateBands(vals, distinct, share, dshare); errs[i] == nil {
							break ladder
						}
					}
				}
			}()
		}
		wg.Wait()
		for i, m := range mods {
			if errs[i] != nil {
				t.Errorf("%s: %v", m.Name, errs[i])
				continue
			}
			table[m.Name] = bands[i]
		}
		var sb strings.Builder
		writeBandsTable(&sb, table)
		src, err := format.Source([]byte(sb.String()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile("bands_table.go", src, 0o644); err != nil {
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
	got, err := calibrateBands(vals, nil, 0.1, 0.1)
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
	got, err = calibrateBands(same, nil, 0.15, 0.15)
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
	if _, err := calibrateBands(few, nil, 0.05, 0.05); err == nil {
		t.Error("three distinct values calibrated into five bands")
	}
}

// TestLevelsAreBands: every train and interpolate record of every module
// is in its level's band of the proxy (so no problem text is at two levels
// and the proxy rises with the level without overlap), and extrapolate
// keeps its levels by size.
func TestLevelsAreBands(t *testing.T) {
	for _, split := range []string{Train, Interpolate} {
		recs, _ := sample(t, split)
		for _, r := range recs {
			if b := bandOf(levelBands[r.Module], DifficultyProxy(r)); b != r.LevelNum() {
				t.Errorf("%s: proxy %v is in band %d, not its level (thresholds %v)", r.UniqueID, DifficultyProxy(r), b, levelBands[r.Module])
			}
		}
	}
}

// TestLevelOverlap: the overlap data check prints counts out-of-order
// pairs of adjacent levels.
func TestLevelOverlap(t *testing.T) {
	disjoint := [5][]float64{{1, 2}, {3, 4}, {5}, {6, 9}, {10}}
	if o := levelOverlap(&disjoint); o != 0 {
		t.Errorf("disjoint levels: overlap %v", o)
	}
	// level 1 {1, 5} against level 2 {3, 4}: the pairs (5, 3) and (5, 4) of 4
	mixed := [5][]float64{{1, 5}, {3, 4}, {6}, {7}, {8}}
	if o := levelOverlap(&mixed); o != 0.5 {
		t.Errorf("overlap %v, want 0.5", o)
	}
	tie := [5][]float64{{2}, {2}}
	if o := levelOverlap(&tie); o != 1 {
		t.Errorf("a tie between levels: overlap %v, want 1", o)
	}
}

// TestSpaceSizes estimates every module's number of distinct problems per
// level (see Space) and prints them with their minimum, median and total.
// CI estimates three modules from 40 draws per level; AMPS_SPACE=N
// estimates every module from N draws per level (AMPS_SPACE=400: about
// two CPU-minutes), and AMPS_SPACE_MIN=K then fails for any module whose
// smallest level estimates under K distinct problems; AMPS_SPACE_MODULES
// (as gen amps --modules takes them) estimates only those.
func TestSpaceSizes(t *testing.T) {
	n, mods := 40, []string{"polygon_angle_sum", "derivative_product", "word_arrangements"}
	if v, err := strconv.Atoi(os.Getenv("AMPS_SPACE")); err == nil && v > 0 {
		n, mods = v, []string{"all"}
		if list := os.Getenv("AMPS_SPACE_MODULES"); list != "" {
			mods = []string{list} // a few modules' estimates, without the minutes of all
		}
	}
	sel, err := Select(mods)
	if err != nil {
		t.Fatal(err)
	}
	spaces := make([]Space, len(sel))
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	for i, m := range sel {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			spaces[i], _ = EstimateSpace(m, 1, Train, n)
		}()
	}
	wg.Wait()
	minWant, _ := strconv.ParseFloat(os.Getenv("AMPS_SPACE_MIN"), 64)
	var totals []float64
	sum := 0.0
	var sb strings.Builder
	for _, s := range spaces {
		low := s.Estimate[0]
		for _, e := range s.Estimate {
			low = min(low, e)
			if e < 1 {
				t.Errorf("%s: a level with no problem (%v)", s.Module, s.Estimate)
			}
		}
		if low < minWant {
			t.Errorf("%s: smallest level estimates %.0f distinct problems, want at least %.0f", s.Module, low, minWant)
		}
		totals = append(totals, s.Total())
		sum += s.Total()
		fmt.Fprintf(&sb, "%-32s %10.0f %10.0f %10.0f %10.0f %10.0f  total %11.0f\n", s.Module, s.Estimate[0], s.Estimate[1], s.Estimate[2], s.Estimate[3], s.Estimate[4], s.Total())
	}
	sort.Float64s(totals)
	t.Logf("estimated distinct train problems per level from %d draws per level:\n%smodules %d: min %.0f, median %.0f, total %.0f (estimates saturate near %d per level)",
		n, sb.String(), len(totals), totals[0], totals[len(totals)/2], sum, n*(n-1)/2+n)
}

// TestChao1: the estimate is the distinct count when nothing is seen once,
// and grows with the singletons.
func TestChao1(t *testing.T) {
	if got := chao1(10, 0, 5); got != 10 {
		t.Errorf("no singletons: %v, want 10", got)
	}
	if got := chao1(10, 4, 2); got != 14 {
		t.Errorf("f1 4, f2 2: %v, want 14", got)
	}
	if got := chao1(3, 3, 0); got != 6 {
		t.Errorf("all singletons: %v, want 6", got)
	}
}
