package amps

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
)

// Levels partition each module's problems by difficulty. A module draws a
// problem at a size (its numbers, degrees, dimensions, number of terms), and
// the problem's level is the band its difficulty proxy (DifficultyProxy:
// the characters of mathematics its statement and steps write) falls in,
// from the module's four thresholds (levelBands, calibrated by
// calibrateBands from draws at sizes 1-5; `go test -run TestCalibrateBands`
// with AMPS_CALIBRATE=1 rewrites bands_table.go). A problem drawn for
// level L is kept only in band L: the level is a function of the problem,
// so no problem text is at two levels, and the proxy rises from level to
// level in every module with no overlap between levels. When a draw falls
// in another band the next draw's size moves one step towards level L
// (within 1-5), so that a level costs a few draws at most; one in the band
// but in the other split (train or interpolate) draws the next at a random
// size.
//
// The extrapolate split keeps its levels by size (sizes 6-10, beyond every
// band's calibration): its level L is the size L+5.

// maxLevelDraws bounds the draws for one problem of a level (band misses
// and split misses together).
const maxLevelDraws = 1000

// bandOf returns the level (1-5) of a proxy value under thresholds t: the
// number of thresholds at or below it, plus one.
func bandOf(t [4]float64, v float64) int {
	b := 1
	for _, x := range t {
		if v >= x {
			b++
		}
	}
	return b
}

// problemProxy is DifficultyProxy of the record module m's problem makes.
func problemProxy(m *Module, p *Problem) float64 {
	return DifficultyProxy(Record{Problem: p.Problem, Solution: solution(p), Module: m.Name})
}

// drawFor draws the problem of module m's attempt index at the seed, split
// and level, unverified: the draw loop of Make (split membership, level
// band). It returns the problem and the size it was drawn at.
func drawFor(m *Module, seed int64, split string, level, index int) (*Problem, error) {
	r := rand.New(rand.NewPCG(problemSeed(seed, m.Name, split, level, index), 0x616d7073))
	g := &G{r: r, Level: level, Size: level, Split: split}
	bands, banded := levelBands[m.Name]
	if split == Extrapolate {
		g.Size = level + extrapolateShift
		banded = false
	}
	splitMisses := 0
	var lastErr error
	for draw := 0; draw < maxLevelDraws; draw++ {
		p, err := draw1(m, g)
		if err != nil {
			// A module's refusal of its draw (a trivial case, a size
			// limit) is a redraw inside a band; unbanded, a drop as ever.
			if !banded {
				return nil, err
			}
			lastErr = err
			continue
		}
		if banded {
			if b := bandOf(bands, problemProxy(m, p)); b != level {
				// Walk the size towards the level's band.
				if b < level && g.Size < 5 {
					g.Size++
				} else if b > level && g.Size > 1 {
					g.Size--
				}
				g.Level = g.Size
				continue
			}
		}
		if inSplit(p.Problem, split) {
			return p, nil
		}
		if splitMisses++; splitMisses == 200 {
			break
		}
		if banded {
			// In the band but not the split: the band's problems at this
			// size may all be in the other split; try another size.
			g.Size = 1 + g.IntN(5)
			g.Level = g.Size
		}
	}
	if lastErr != nil {
		return nil, fmt.Errorf("%w (and no problem in level %d's band of the difficulty proxy in %d draws)", lastErr, level, maxLevelDraws)
	}
	if splitMisses == 200 {
		return nil, fmt.Errorf("split: no problem of split %s in 200 draws", split)
	}
	return nil, fmt.Errorf("level: no problem in level %d's band of the difficulty proxy in %d draws", level, maxLevelDraws)
}

// calibrateBands chooses a module's four thresholds from proxies of draws
// at sizes 1-5 (vals[s-1] holds size s's): contiguous bands of the sorted
// values, each holding at least minShare of all draws and minDistinct of
// the distinct problems drawn (distinct[v]: how many distinct problem
// texts had proxy v; nil counts every draw as distinct), that put as many
// draws as possible in the band of their own size.
func calibrateBands(vals [5][]float64, distinct map[float64]int, minShare, minDistinct float64) ([4]float64, error) {
	type pt struct {
		v    float64
		size int
	}
	var all []pt
	for s, vs := range vals {
		for _, v := range vs {
			all = append(all, pt{v, s})
		}
	}
	sort.Slice(all, func(i, j int) bool { return all[i].v < all[j].v })
	// Distinct values with their counts per size.
	var dv []float64
	var cnt [][5]int
	for _, p := range all {
		if len(dv) == 0 || dv[len(dv)-1] != p.v {
			dv = append(dv, p.v)
			cnt = append(cnt, [5]int{})
		}
		cnt[len(cnt)-1][p.size]++
	}
	k := len(dv)
	if k < 5 {
		return [4]float64{}, fmt.Errorf("%d distinct proxy values, want at least 5", k)
	}
	// pre[s][j]: draws of size s among the first j distinct values; tot[j]
	// all draws among them.
	var pre [5][]int
	tot := make([]int, k+1)
	for s := range 5 {
		pre[s] = make([]int, k+1)
		for j := range k {
			pre[s][j+1] = pre[s][j] + cnt[j][s]
		}
	}
	dis := make([]int, k+1)
	for j := range k {
		c := 0
		for s := range 5 {
			c += cnt[j][s]
		}
		tot[j+1] = tot[j] + c
		d := c
		if distinct != nil {
			d = distinct[dv[j]]
		}
		dis[j+1] = dis[j] + d
	}
	minN := int(minShare * float64(len(all)))
	minD := int(minDistinct * float64(dis[k]))
	wide := func(i, j int) bool { return tot[j]-tot[i] >= minN && dis[j]-dis[i] >= minD }
	const neg = -1 << 60
	// best[b][j]: the most draws in their own band when the first j distinct
	// values form bands 0..b; from[b][j] where band b starts.
	var best, from [5][]int
	for b := range 5 {
		best[b], from[b] = make([]int, k+1), make([]int, k+1)
		for j := range best[b] {
			best[b][j] = neg
		}
	}
	for j := 1; j <= k; j++ {
		if wide(0, j) {
			best[0][j] = pre[0][j]
		}
	}
	for b := 1; b < 5; b++ {
		for j := b + 1; j <= k; j++ {
			for i := b; i < j; i++ {
				if best[b-1][i] == neg || !wide(i, j) {
					continue
				}
				if v := best[b-1][i] + pre[b][j] - pre[b][i]; v > best[b][j] {
					best[b][j], from[b][j] = v, i
				}
			}
		}
	}
	if best[4][k] == neg {
		return [4]float64{}, fmt.Errorf("no five bands of at least %.0f%% of the draws and %.0f%% of the distinct problems each among %d distinct proxy values", 100*minShare, 100*minDistinct, k)
	}
	var t [4]float64
	j := k
	for b := 4; b >= 1; b-- {
		i := from[b][j]
		t[b-1] = dv[i]
		j = i
	}
	return t, nil
}

// calibrationDraws returns the proxies of n unverified draws of module m at
// each size 1-5 (train split, a seed of its own, no band), and how many
// distinct problem texts had each proxy.
func calibrationDraws(m *Module, n int) ([5][]float64, map[float64]int) {
	var vals [5][]float64
	texts := map[string]bool{}
	distinct := map[float64]int{}
	for s := 1; s <= 5; s++ {
		for i := range n {
			r := rand.New(rand.NewPCG(problemSeed(-1, m.Name, "calibrate", s, i), 0x616d7073))
			g := &G{r: r, Level: s, Size: s, Split: Train}
			p, err := draw1(m, g)
			if err != nil {
				continue
			}
			v := problemProxy(m, p)
			vals[s-1] = append(vals[s-1], v)
			if !texts[p.Problem] {
				texts[p.Problem] = true
				distinct[v]++
			}
		}
	}
	return vals, distinct
}

// writeBandsTable writes the Go source of levelBands.
func writeBandsTable(sb *strings.Builder, bands map[string][4]float64) {
	sb.WriteString("// Code generated by TestCalibrateBands (AMPS_CALIBRATE=1); DO NOT EDIT.\n\npackage amps\n\n")
	sb.WriteString("// levelBands holds each module's four thresholds of the difficulty proxy\n// between levels 1-2, 2-3, 3-4 and 4-5 (see levels.go).\nvar levelBands = map[string][4]float64{\n")
	var names []string
	for n := range bands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		t := bands[n]
		fmt.Fprintf(sb, "\t%q: {%g, %g, %g, %g},\n", n, t[0], t[1], t[2], t[3])
	}
	sb.WriteString("}\n")
}

// Space is the estimated number of distinct problems of one module at each
// level of a split, from n draws per level (the draws of Generate's
// indices 0..n-1, unverified): Chao1's estimate D + f1^2 / (2 f2) from the
// distinct texts D, those drawn once f1 and twice f2 (D + f1(f1-1)/2 when
// none repeats twice). It is a lower-bound estimator: a space far larger
// than n^2 reads as about n^2/2 at most.
type Space struct {
	Module   string
	Distinct [5]int     // distinct texts among the n draws of each level
	Estimate [5]float64 // Chao1 per level
}

// Total is the sum of the levels' estimates.
func (s Space) Total() float64 {
	t := 0.0
	for _, e := range s.Estimate {
		t += e
	}
	return t
}

// EstimateSpace draws n problems per level of module m (seed, split) and
// estimates each level's number of distinct problems.
func EstimateSpace(m *Module, seed int64, split string, n int) (Space, error) {
	split, err := validSplit(split)
	if err != nil {
		return Space{}, err
	}
	sp := Space{Module: m.Name}
	for l := 1; l <= 5; l++ {
		seen := map[string]int{}
		for i := range n {
			p, err := drawFor(m, seed, split, l, i)
			if err != nil {
				continue
			}
			seen[p.Problem]++
		}
		f1, f2 := 0, 0
		for _, c := range seen {
			switch c {
			case 1:
				f1++
			case 2:
				f2++
			}
		}
		sp.Distinct[l-1] = len(seen)
		sp.Estimate[l-1] = chao1(len(seen), f1, f2)
	}
	return sp, nil
}

// chao1 is the bias-corrected Chao1 richness estimate.
func chao1(d, f1, f2 int) float64 {
	if f2 == 0 {
		return float64(d) + float64(f1)*float64(f1-1)/2
	}
	return float64(d) + float64(f1)*float64(f1)/(2*float64(f2))
}
