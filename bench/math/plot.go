package math

import (
	"fmt"
	"image/color"
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

// PlotsName is the file stem of the figure Plots draws.
const PlotsName = "accuracy_by_level_per_subject"

// Plots implements bench.Plotter for reports: the accuracy-by-level figure,
// one line per subject, as dir/accuracy_by_level_per_subject.{png,svg}.
func (*Benchmark) Plots(samples []bench.Sample, dir string) ([]string, error) {
	return PlotByLevel(samples, "MATH: accuracy by level, per subject", filepath.Join(dir, PlotsName))
}

// PlotByLevel draws accuracy (%) by level, one line per subject, from the
// summary's subject-by-level breakdown (the numbers of the report's table),
// and writes base+".png" and base+".svg".
func PlotByLevel(samples []bench.Sample, heading, base string) ([]string, error) {
	bx, _ := (&Benchmark{}).Summarize(samples).Breakdown("by_subject_level")
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
