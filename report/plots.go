package report

import (
	"encoding/json"
	"fmt"
	"image/color"
	"math"
	"strings"

	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/internal/plotout"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Plot is one figure in both formats.
type Plot struct {
	Name  string // file stem ("accuracy_by_level")
	Title string
	PNG   []byte
	SVG   []byte
}

const (
	maxBars      = 60 // more groups than this make an unreadable chart
	maxCrossBars = 16 // the same for two dimensions crossed
)

var (
	barColor   = color.RGBA{R: 0x3b, G: 0x6e, B: 0xa8, A: 0xff}
	rightColor = color.NRGBA{R: 0x2e, G: 0x8b, B: 0x57, A: 0xb0}
	wrongColor = color.NRGBA{R: 0xc0, G: 0x39, B: 0x2b, A: 0xb0}
)

// Plots draws the figures of one run: each breakdown of the summary (its
// first metric by group, with the 95% intervals) and, when samples carry
// confidences, the reliability diagram and the confidence histogram.
func Plots(a *Analysis, title string) ([]Plot, error) {
	var out []Plot
	seen := map[string]bool{}
	for _, b := range a.Summary.Breakdowns {
		if len(b.Groups) > maxBars || len(b.Groups) == 0 || len(b.Metrics) == 0 {
			continue
		}
		if sig := firstMetricSignature(a.Summary, b); seen[sig] {
			continue // the same figure as an earlier breakdown's (MATH's second policy by subject)
		} else {
			seen[sig] = true
		}
		if len(b.Dims) > 1 && len(b.Groups) > maxCrossBars {
			continue // a grid reads better as its table (and MATH draws it as lines)
		}
		m, _ := a.Summary.Metric(b.Metrics[0])
		pl, err := breakdownPlot(b, m, title)
		if err != nil {
			return nil, err
		}
		out = append(out, pl)
	}
	if a.Confidence != nil {
		f, err := calibrationPlot(a.Confidence, title)
		if err != nil {
			return nil, err
		}
		pl, err := render(f, "calibration", "Reliability diagram")
		if err != nil {
			return nil, err
		}
		out = append(out, pl)
		f, err = histogramPlot(a.Confidence, title)
		if err != nil {
			return nil, err
		}
		if pl, err = render(f, "confidence_histogram", "Confidence histogram"); err != nil {
			return nil, err
		}
		out = append(out, pl)
	}
	return out, nil
}

func render(f *plotout.Figure, name, title string) (Plot, error) {
	png, svg, err := f.Render()
	if err != nil {
		return Plot{}, fmt.Errorf("plot %s: %v", name, err)
	}
	return Plot{Name: name, Title: title, PNG: png, SVG: svg}, nil
}

// errPoints places error bars on the bars of a bar chart.
type errPoints struct {
	plotter.XYs
	plotter.YErrors
	plotter.XErrors
}

// labelWidth is where long group labels (MATH 401's group names, HARDMath's
// types) are wrapped.
const labelWidth = 40

// breakdownPlot draws a breakdown's first metric by group, as bars with
// their intervals; shares are in percent. A few short labels sit under
// upright bars; many or long ones (MATH 401's group names) beside
// horizontal bars, where they have room.
func breakdownPlot(b bench.Breakdown, m bench.Metric, title string) (Plot, error) {
	n := len(b.Groups)
	scale, vlab := 1.0, m.Label
	if m.Unit == bench.Percent {
		scale, vlab = 100, m.Label+" (%)"
	}
	horizontal := n > 8
	for _, g := range b.Groups {
		horizontal = horizontal || len([]rune(g.Label)) > 28
	}
	p := plot.New()
	p.Title.Text = plotout.Wrap(title+": "+b.Title+" (95% intervals)", 90)
	vals := make(plotter.Values, n)
	ep := errPoints{XYs: make(plotter.XYs, n), YErrors: make(plotter.YErrors, n), XErrors: make(plotter.XErrors, n)}
	labels := make([]string, n)
	hi := 0.0
	for i, g := range b.Groups {
		// Horizontal bars run top to bottom in the breakdown's order.
		slot := i
		if horizontal {
			slot = n - 1 - i
		}
		e := g.Values[m.Name]
		v := scale * e.Value
		vals[slot] = v
		lo, up := 0.0, 0.0
		if e.Interval != nil {
			lo, up = v-scale*e.Interval.Lo, scale*e.Interval.Hi-v
			hi = math.Max(hi, scale*e.Interval.Hi)
		}
		hi = math.Max(hi, v)
		if horizontal {
			ep.XYs[slot] = plotter.XY{X: v, Y: float64(slot)}
			ep.XErrors[slot] = struct{ Low, High float64 }{lo, up}
			labels[slot] = plotout.Wrap(fmt.Sprintf("%s (%d)", g.Label, g.N), labelWidth)
		} else {
			ep.XYs[slot] = plotter.XY{X: float64(slot), Y: v}
			ep.YErrors[slot] = struct{ Low, High float64 }{lo, up}
			labels[slot] = plotout.Wrap(fmt.Sprintf("%s (%d)", g.Label, g.N), 14)
		}
	}
	lines := 1
	for _, l := range labels {
		lines = max(lines, strings.Count(l, "\n")+1)
	}
	bars, err := plotter.NewBarChart(vals, vg.Points(18))
	if err != nil {
		return Plot{}, err
	}
	bars.Color = barColor
	bars.LineStyle.Width = 0
	bars.Horizontal = horizontal
	var eb plot.Plotter
	if horizontal {
		x, err := plotter.NewXErrorBars(ep)
		if err != nil {
			return Plot{}, err
		}
		x.LineStyle.Width = vg.Points(1.2)
		eb = x
	} else {
		y, err := plotter.NewYErrorBars(ep)
		if err != nil {
			return Plot{}, err
		}
		y.LineStyle.Width = vg.Points(1.2)
		eb = y
	}
	p.Add(plotter.NewGrid(), bars, eb)
	valueAxis, groupAxis := &p.Y, &p.X
	if horizontal {
		valueAxis, groupAxis = &p.X, &p.Y
		p.NominalY(labels...)
	} else {
		p.NominalX(labels...)
	}
	valueAxis.Label.Text = vlab
	if m.Unit == bench.Percent {
		plotout.PercentAxis(valueAxis)
		valueAxis.Min = 0 // bars start at 0
	} else {
		valueAxis.Min, valueAxis.Max = 0, math.Max(hi*1.05, 1e-9)
	}
	// Half a slot of margin each side, so the end bars are not cut.
	groupAxis.Min, groupAxis.Max = -0.6, float64(n)-0.4
	w := vg.Length(max(6, 1.1*float64(n)+1)) * vg.Inch
	h := 4*vg.Inch + vg.Length(lines-1)*0.2*vg.Inch
	if horizontal {
		w = 9 * vg.Inch
		h = vg.Length(1.3+0.32*float64(n)+0.12*float64(lines-1)*float64(n)/2) * vg.Inch
	}
	return render(plotout.New(p, w, h), "breakdown_"+safeName(b.Name), b.Title)
}

// calibrationPlot is the reliability diagram: each bin's accuracy against
// its mean confidence, both in percent, beside the diagonal.
func calibrationPlot(c *Confidence, title string) (*plotout.Figure, error) {
	p := plot.New()
	p.Title.Text = plotout.Wrap(fmt.Sprintf("%s: calibration (ECE %.3f, n = %d)", title, c.ECE, c.N), 60)
	p.X.Label.Text = "confidence (%)"
	p.Y.Label.Text = "accuracy (%)"
	plotout.PercentAxis(&p.X)
	plotout.PercentAxis(&p.Y)
	diag, err := plotter.NewLine(plotter.XYs{{X: 0, Y: 0}, {X: 100, Y: 100}})
	if err != nil {
		return nil, err
	}
	diag.LineStyle.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
	diag.LineStyle.Color = color.Gray{Y: 0x80}
	var pts plotter.XYs
	for _, b := range c.Bins {
		if b.Count > 0 {
			pts = append(pts, plotter.XY{X: 100 * b.Confidence, Y: 100 * b.Accuracy})
		}
	}
	line, scatter, err := plotter.NewLinePoints(pts)
	if err != nil {
		return nil, err
	}
	line.Color = barColor
	scatter.Color = barColor
	scatter.Shape = draw.CircleGlyph{}
	scatter.Radius = vg.Points(3.5)
	p.Add(plotter.NewGrid(), diag, line, scatter)
	f := plotout.New(p, 6.5*vg.Inch, 5*vg.Inch)
	f.Add("perfect calibration", diag)
	f.Add("bins of 10 points", line, scatter)
	return f, nil
}

// histogramPlot shows how confidences spread, correct and other samples
// apart.
func histogramPlot(c *Confidence, title string) (*plotout.Figure, error) {
	const nb = 20
	right := make([]plotter.HistogramBin, nb)
	wrong := make([]plotter.HistogramBin, nb)
	for i := range right {
		lo, hi := 100*float64(i)/nb, 100*float64(i+1)/nb
		right[i] = plotter.HistogramBin{Min: lo, Max: hi}
		wrong[i] = plotter.HistogramBin{Min: lo, Max: hi}
	}
	for i, v := range c.Values {
		b := min(int(v*nb), nb-1)
		if c.Correct[i] {
			right[b].Weight++
		} else {
			wrong[b].Weight++
		}
	}
	p := plot.New()
	p.Title.Text = plotout.Wrap(fmt.Sprintf("%s: confidence of answers (AUROC %.3f)", title, c.AUROC), 70)
	p.X.Label.Text = "confidence (%)"
	p.Y.Label.Text = "samples"
	p.X.Min, p.X.Max = 0, 100
	top := 0.0
	for i := range right {
		top = math.Max(top, math.Max(right[i].Weight, wrong[i].Weight))
	}
	p.Y.Min, p.Y.Max = 0, math.Max(1, top*1.1) // room above the tallest bar
	hr := &plotter.Histogram{Bins: right, Width: 100.0 / nb, FillColor: rightColor}
	hw := &plotter.Histogram{Bins: wrong, Width: 100.0 / nb, FillColor: wrongColor}
	hr.LineStyle.Width, hw.LineStyle.Width = vg.Points(0.5), vg.Points(0.5)
	hr.LineStyle.Color, hw.LineStyle.Color = color.White, color.White
	p.Add(plotter.NewGrid(), hw, hr)
	f := plotout.New(p, 7*vg.Inch, 4*vg.Inch)
	f.Add("correct", hr)
	f.Add("not correct", hw)
	return f, nil
}

// firstMetricSignature identifies what a breakdown's first metric measures
// over which items: two breakdowns with the same signature draw the same
// figure and have the same paired differences.
func firstMetricSignature(sum bench.Summary, b bench.Breakdown) string {
	type grp struct {
		Where   map[string][]string
		Span    *bench.Span
		Measure *bench.Measure
		Label   string
	}
	var base *bench.Measure
	if len(b.Metrics) > 0 {
		if m, ok := sum.Metric(b.Metrics[0]); ok {
			base = m.Measure
		}
	}
	gs := make([]grp, len(b.Groups))
	for i, g := range b.Groups {
		gs[i] = grp{g.Where, g.Span, g.Measure, g.Label}
	}
	j, _ := json.Marshal(struct {
		Base   *bench.Measure
		Groups []grp
	}{base, gs})
	return string(j)
}
