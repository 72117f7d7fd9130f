package math

import (
	"fmt"
	"image/color"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/matheval/matheval/bench"
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

// PlotByLevel draws accuracy (%) by level, one line per subject, and writes
// base+".png" and base+".svg". The report's plots call it.
func PlotByLevel(samples []bench.Sample, heading, base string) ([]string, error) {
	items := byItem(samples)
	cells := map[string]map[int][]*itemScores{}
	have := map[string]bool{}
	for _, is := range items {
		// "3" as the loader writes it, or "Level 3" as in the released files.
		l, err := strconv.Atoi(strings.TrimSpace(strings.TrimPrefix(is.item.Meta["level"], "Level")))
		if err != nil {
			continue // "Level ?" has no place on the axis
		}
		s := is.item.Meta["subject"]
		if cells[s] == nil {
			cells[s] = map[int][]*itemScores{}
		}
		cells[s][l] = append(cells[s][l], is)
		have[s] = true
	}
	if len(have) == 0 {
		return nil, fmt.Errorf("math: no items with a numeric level to plot")
	}
	p := plot.New()
	p.Title.Text = heading
	p.X.Label.Text = "level"
	p.Y.Label.Text = "accuracy (%)"
	p.Y.Min, p.Y.Max = 0, 100
	p.X.Min, p.X.Max = 0.8, 5.2
	p.X.Tick.Marker = plot.ConstantTicks([]plot.Tick{{Value: 1, Label: "1"}, {Value: 2, Label: "2"},
		{Value: 3, Label: "3"}, {Value: 4, Label: "4"}, {Value: 5, Label: "5"}})
	p.Add(plotter.NewGrid())
	p.Legend.Top = true
	for _, s := range orderedSubjects(have) {
		var pts plotter.XYs
		for l := 1; l <= 5; l++ {
			if c := cells[s][l]; len(c) > 0 {
				pts = append(pts, plotter.XY{X: float64(l), Y: 100 * accuracyOf(c).Value})
			}
		}
		line, points, err := plotter.NewLinePoints(pts)
		if err != nil {
			return nil, err
		}
		// Keys are the loader's ("intermediate_algebra"); runs made from
		// other files may carry the display name ("Intermediate Algebra").
		col, ok := subjectColors[strings.ReplaceAll(strings.ReplaceAll(strings.ToLower(strings.TrimSpace(s)), "&", "and"), " ", "_")]
		if !ok {
			col = color.RGBA{0x55, 0x55, 0x55, 0xff}
		}
		line.Color, points.Color = col, col
		points.Shape = draw.CircleGlyph{}
		p.Add(line, points)
		p.Legend.Add(title(s), line, points)
	}
	var out []string
	for _, ext := range []string{".png", ".svg"} {
		f := base + ext
		if err := p.Save(7*vg.Inch, 4.5*vg.Inch, f); err != nil {
			return out, err
		}
		out = append(out, f)
	}
	return out, nil
}
