package math

import (
	"fmt"
	"image/color"
	gomath "math"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/internal/plotout"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// subjectColors give each subject a fixed colour, so plots of different
// runs read alike.
var subjectColors = map[string]color.RGBA{
	"prealgebra": {0x1f, 0x77, 0xb4, 0xff}, "algebra": {0xff, 0x7f, 0x0e, 0xff},
	"number_theory": {0x2c, 0xa0, 0x2c, 0xff}, "counting_and_probability": {0xd6, 0x27, 0x28, 0xff},
	"geometry": {0x94, 0x67, 0xbd, 0xff}, "intermediate_algebra": {0x8c, 0x56, 0x4b, 0xff},
	"precalculus": {0xe3, 0x77, 0xc2, 0xff},
}

// The file stems of the figures Plots draws.
const (
	PlotsName  = "accuracy_by_level_per_subject"
	LengthName = "accuracy_by_length"
)

// Plots implements bench.Plotter for reports: the accuracy-by-level figure,
// one line per subject (dir/accuracy_by_level_per_subject.{png,svg}), and
// accuracy against problem and solution length (dir/accuracy_by_length),
// each when the samples allow it; an error when they allow neither.
func (*Benchmark) Plots(samples []bench.Sample, dir string) ([]string, error) {
	sum := (&Benchmark{}).Summarize(samples)
	var out []string
	files, errLevel := plotByLevel(sum, "MATH: accuracy by level, per subject", filepath.Join(dir, PlotsName))
	out = append(out, files...)
	files, errLength := plotByLength(sum, "MATH: accuracy against problem and solution length (each point a length bin at its middle, with its 95% interval)", filepath.Join(dir, LengthName))
	out = append(out, files...)
	if errLevel != nil && errLength != nil {
		return out, fmt.Errorf("%v; %v", errLevel, errLength)
	}
	return out, nil
}

// PlotByLevel draws accuracy (%) by level, one line per subject, from the
// summary's subject-by-level breakdown (the numbers of the report's table),
// and writes base+".png" and base+".svg".
func PlotByLevel(samples []bench.Sample, heading, base string) ([]string, error) {
	return plotByLevel((&Benchmark{}).Summarize(samples), heading, base)
}

func plotByLevel(sum bench.Summary, heading, base string) ([]string, error) {
	bx, _ := sum.Breakdown("by_subject_level")
	type point struct {
		level int
		acc   float64
	}
	lines := map[string][]point{}
	var order []string
	for _, g := range bx.Groups {
		s, lv := g.Where["subject"], g.Where["level"]
		if len(s) != 1 || len(lv) != 1 {
			continue
		}
		// "3" as the loader writes it, or "Level 3" as in the released files.
		l, err := strconv.Atoi(strings.TrimSpace(strings.TrimPrefix(lv[0], "Level")))
		if err != nil {
			continue // "Level ?" has no place on the axis
		}
		if _, ok := lines[s[0]]; !ok {
			order = append(order, s[0])
		}
		lines[s[0]] = append(lines[s[0]], point{l, g.Values["accuracy"].Value})
	}
	if len(order) == 0 {
		return nil, fmt.Errorf("math: no items with a numeric level to plot")
	}
	p := plot.New()
	p.Title.Text = heading
	p.X.Label.Text = "level"
	p.Y.Label.Text = "accuracy (%)"
	// A little room beyond 0-100 and 1-5, so markers at the edges are whole.
	plotout.PercentAxis(&p.Y)
	p.X.Min, p.X.Max = 0.7, 5.3
	p.X.Tick.Marker = plot.ConstantTicks([]plot.Tick{{Value: 1, Label: "1"}, {Value: 2, Label: "2"},
		{Value: 3, Label: "3"}, {Value: 4, Label: "4"}, {Value: 5, Label: "5"}})
	p.Add(plotter.NewGrid())
	fig := plotout.New(p, 8*vg.Inch, 4.5*vg.Inch)
	for _, s := range order {
		var pts plotter.XYs
		for _, pt := range lines[s] {
			pts = append(pts, plotter.XY{X: float64(pt.level), Y: 100 * pt.acc})
		}
		line, points, err := plotter.NewLinePoints(pts)
		if err != nil {
			return nil, err
		}
		col, ok := subjectColors[SubjectSlug(s)]
		if !ok {
			col = color.RGBA{0x55, 0x55, 0x55, 0xff}
		}
		line.Color, points.Color = col, col
		points.Shape = draw.CircleGlyph{}
		p.Add(line, points)
		fig.Add(title(s), line, points)
	}
	return fig.Write(base)
}

// lengthColors tell the two curves of the length figure apart.
var lengthColors = map[string]color.RGBA{
	"by_problem_length":  {0x1f, 0x77, 0xb4, 0xff},
	"by_solution_length": {0xd6, 0x27, 0x28, 0xff},
}

// plotByLength draws accuracy (%) against length in characters, on a
// logarithmic axis, one curve for the problem statement and one for the
// reference solution, from the summary's length breakdowns (the numbers of
// the report's tables): each bin a point at its geometric middle with its
// 95% interval.
func plotByLength(sum bench.Summary, heading, base string) ([]string, error) {
	p := plot.New()
	p.Title.Text = plotout.Wrap(heading, 70)
	p.X.Label.Text = "length (characters, logarithmic)"
	p.Y.Label.Text = "accuracy (%)"
	plotout.PercentAxis(&p.Y)
	p.X.Scale = plot.LogScale{}
	var ticks []plot.Tick
	for _, v := range []float64{10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000} {
		ticks = append(ticks, plot.Tick{Value: v, Label: strconv.FormatFloat(v, 'f', -1, 64)})
	}
	p.X.Tick.Marker = plot.ConstantTicks(ticks)
	p.Add(plotter.NewGrid())
	fig := plotout.New(p, 8.5*vg.Inch, 4.5*vg.Inch)
	lo, hi := gomath.Inf(1), gomath.Inf(-1)
	drawn := 0
	for _, d := range []struct{ name, label string }{
		{"by_problem_length", "problem statement"}, {"by_solution_length", "reference solution"},
	} {
		bd, ok := sum.Breakdown(d.name)
		if !ok || len(bd.Groups) == 0 {
			continue
		}
		var pts plotter.XYs
		var yerr plotter.YErrors
		for _, g := range bd.Groups {
			if g.Span == nil {
				continue
			}
			x0, x1 := gomath.Max(float64(g.Span.Lo), 10), float64(g.Span.Hi)
			if g.Span.Hi == 0 { // the open last bin: drawn over one doubling
				x1 = 2 * x0
			}
			x := gomath.Sqrt(x0 * x1)
			e := g.Values["accuracy"]
			y := 100 * e.Value
			lo, hi = gomath.Min(lo, x0), gomath.Max(hi, x1)
			pts = append(pts, plotter.XY{X: x, Y: y})
			if e.Interval != nil {
				yerr = append(yerr, struct{ Low, High float64 }{y - 100*e.Interval.Lo, 100*e.Interval.Hi - y})
			} else {
				yerr = append(yerr, struct{ Low, High float64 }{})
			}
		}
		if len(pts) == 0 {
			continue
		}
		col := lengthColors[d.name]
		line, points, err := plotter.NewLinePoints(pts)
		if err != nil {
			return nil, err
		}
		line.Color, points.Color = col, col
		points.Shape = draw.CircleGlyph{}
		points.Radius = vg.Points(3)
		ye, err := plotter.NewYErrorBars(struct {
			plotter.XYs
			plotter.YErrors
		}{pts, yerr})
		if err != nil {
			return nil, err
		}
		ye.Color = col
		p.Add(line, points, ye)
		fig.Add(d.label, line, points)
		drawn++
	}
	if drawn == 0 {
		return nil, fmt.Errorf("math: no problem or solution text to measure")
	}
	p.X.Min, p.X.Max = gomath.Max(lo/1.2, 8), hi*1.2
	return fig.Write(base)
}
