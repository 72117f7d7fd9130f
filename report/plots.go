package report

import (
	"bytes"
	"fmt"
	"image/color"
	"math"

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

const maxBars = 60 // more groups than this make an unreadable chart

var (
	barColor   = color.RGBA{R: 0x3b, G: 0x6e, B: 0xa8, A: 0xff}
	rightColor = color.NRGBA{R: 0x2e, G: 0x8b, B: 0x57, A: 0xb0}
	wrongColor = color.NRGBA{R: 0xc0, G: 0x39, B: 0x2b, A: 0xb0}
)

// Plots draws the figures of one run: accuracy by each metadata key with 95%
// bootstrap intervals, and, when samples carry confidences, the reliability
// diagram and the confidence histogram.
func Plots(a *Analysis, title string) ([]Plot, error) {
	var out []Plot
	for _, b := range a.Breakdowns {
		if len(b.Groups) > maxBars || len(b.Groups) == 0 {
			continue
		}
		p, err := accuracyPlot(b, title)
		if err != nil {
			return nil, err
		}
		pl, err := render(p, "accuracy_by_"+b.Key, "Accuracy by "+b.Key, vg.Length(max(6, 0.5*float64(len(b.Groups))))*vg.Inch, 4*vg.Inch)
		if err != nil {
			return nil, err
		}
		out = append(out, pl)
	}
	if a.Confidence != nil {
		p, err := calibrationPlot(a.Confidence, title)
		if err != nil {
			return nil, err
		}
		pl, err := render(p, "calibration", "Reliability diagram", 5*vg.Inch, 5*vg.Inch)
		if err != nil {
			return nil, err
		}
		out = append(out, pl)
		p, err = histogramPlot(a.Confidence, title)
		if err != nil {
			return nil, err
		}
		if pl, err = render(p, "confidence_histogram", "Confidence histogram", 6*vg.Inch, 4*vg.Inch); err != nil {
			return nil, err
		}
		out = append(out, pl)
	}
	return out, nil
}

func render(p *plot.Plot, name, title string, w, h vg.Length) (Plot, error) {
	pl := Plot{Name: name, Title: title}
	for _, format := range []string{"png", "svg"} {
		wt, err := p.WriterTo(w, h, format)
		if err != nil {
			return pl, fmt.Errorf("plot %s: %v", name, err)
		}
		var buf bytes.Buffer
		if _, err := wt.WriteTo(&buf); err != nil {
			return pl, fmt.Errorf("plot %s: %v", name, err)
		}
		if format == "png" {
			pl.PNG = buf.Bytes()
		} else {
			pl.SVG = buf.Bytes()
		}
	}
	return pl, nil
}

// errPoints places error bars on the bars of a bar chart.
type errPoints struct {
	plotter.XYs
	plotter.YErrors
}

func accuracyPlot(b Breakdown, title string) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = title + ": accuracy by " + b.Key + " (95% bootstrap intervals)"
	p.Y.Label.Text = "accuracy"
	p.Y.Min, p.Y.Max = 0, 1
	vals := make(plotter.Values, len(b.Groups))
	ep := errPoints{XYs: make(plotter.XYs, len(b.Groups)), YErrors: make(plotter.YErrors, len(b.Groups))}
	labels := make([]string, len(b.Groups))
	for i, g := range b.Groups {
		vals[i] = g.Accuracy.Value
		ep.XYs[i] = plotter.XY{X: float64(i), Y: g.Accuracy.Value}
		ep.YErrors[i].Low = g.Accuracy.Value - g.Accuracy.Lo
		ep.YErrors[i].High = g.Accuracy.Hi - g.Accuracy.Value
		labels[i] = fmt.Sprintf("%s (%d)", truncate(DisplayValue(b.Key, g.Value), 28), g.Items)
	}
	bars, err := plotter.NewBarChart(vals, vg.Points(22))
	if err != nil {
		return nil, err
	}
	bars.Color = barColor
	bars.LineStyle.Width = 0
	eb, err := plotter.NewYErrorBars(ep)
	if err != nil {
		return nil, err
	}
	eb.LineStyle.Width = vg.Points(1.2)
	p.Add(plotter.NewGrid(), bars, eb)
	p.NominalX(labels...)
	// Half a slot of margin each side, so the end bars are not cut.
	p.X.Min, p.X.Max = -0.6, float64(len(b.Groups))-0.4
	p.X.Tick.Label.Rotation = math.Pi / 6
	p.X.Tick.Label.XAlign = draw.XRight
	p.X.Tick.Label.YAlign = draw.YTop
	return p, nil
}

func calibrationPlot(c *Confidence, title string) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = fmt.Sprintf("%s: calibration (ECE %.3f, n=%d)", title, c.ECE, c.N)
	p.X.Label.Text = "confidence"
	p.Y.Label.Text = "accuracy"
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = 0, 1, 0, 1
	diag, err := plotter.NewLine(plotter.XYs{{X: 0, Y: 0}, {X: 1, Y: 1}})
	if err != nil {
		return nil, err
	}
	diag.LineStyle.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
	diag.LineStyle.Color = color.Gray{Y: 0x80}
	var pts plotter.XYs
	for _, b := range c.Bins {
		if b.Count > 0 {
			pts = append(pts, plotter.XY{X: b.Confidence, Y: b.Accuracy})
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
	p.Legend.Add("perfect calibration", diag)
	p.Legend.Add("bins (mean confidence, accuracy)", line, scatter)
	p.Legend.Top = true
	p.Legend.Left = true
	p.Legend.XOffs = vg.Points(8)
	p.Legend.YOffs = -vg.Points(8)
	return p, nil
}

func histogramPlot(c *Confidence, title string) (*plot.Plot, error) {
	const nb = 20
	right := make([]plotter.HistogramBin, nb)
	wrong := make([]plotter.HistogramBin, nb)
	for i := range right {
		lo, hi := float64(i)/nb, float64(i+1)/nb
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
	p.Title.Text = fmt.Sprintf("%s: confidence of answers (AUROC %.3f)", title, c.AUROC)
	p.X.Label.Text = "confidence"
	p.Y.Label.Text = "samples"
	p.X.Min, p.X.Max = 0, 1
	hr := &plotter.Histogram{Bins: right, Width: 1.0 / nb, FillColor: rightColor}
	hw := &plotter.Histogram{Bins: wrong, Width: 1.0 / nb, FillColor: wrongColor}
	hr.LineStyle.Width, hw.LineStyle.Width = vg.Points(0.5), vg.Points(0.5)
	hr.LineStyle.Color, hw.LineStyle.Color = color.White, color.White
	p.Add(plotter.NewGrid(), hw, hr)
	p.Legend.Add("correct", hr)
	p.Legend.Add("not correct", hw)
	p.Legend.Top = true
	p.Legend.Left = true
	p.Legend.XOffs = vg.Points(8)
	return p, nil
}
