package plotout

import (
	"bytes"
	"image/color"
	"image/png"
	"strings"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// The legend has a column of its own: no data is drawn where it is, and
// markers at 0 and 100 are drawn whole on a percent axis.
func TestLegendBesideData(t *testing.T) {
	red := color.RGBA{R: 255, A: 255}
	p := plot.New()
	p.Title.Text = "title"
	PercentAxis(&p.Y)
	p.X.Min, p.X.Max = 0, 1
	line, err := plotter.NewLine(plotter.XYs{{X: 0, Y: 100}, {X: 1, Y: 100}, {X: 1, Y: 0}, {X: 0, Y: 0}})
	if err != nil {
		t.Fatal(err)
	}
	line.Color = red
	line.Width = vg.Points(3)
	p.Add(line)
	f := New(p, 6*vg.Inch, 3*vg.Inch)
	f.Add("a long legend entry that would cover the data", line)
	pngData, svgData, err := f.Render()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(svgData, []byte("<svg")) {
		t.Error("no SVG")
	}
	img, err := png.Decode(bytes.NewReader(pngData))
	if err != nil {
		t.Fatal(err)
	}
	b := img.Bounds()
	isRed := func(x, y int) bool {
		r, g, bl, _ := img.At(x, y).RGBA()
		return r>>8 > 200 && g>>8 < 60 && bl>>8 < 60
	}
	// Where is the data? Its rightmost red column must be left of the
	// legend's thumbnail (the legend's own sample line is red too, so look
	// at the rows the legend does not use: the bottom half).
	rightmost, top, bottom := -1, b.Max.Y, -1
	for y := b.Max.Y / 2; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if isRed(x, y) {
				rightmost = max(rightmost, x)
			}
		}
	}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X*3/5; x++ {
			if isRed(x, y) {
				top, bottom = min(top, y), max(bottom, y)
			}
		}
	}
	if rightmost < 0 || rightmost > b.Max.X*3/5 {
		t.Errorf("data reach x=%d of %d: they run under the legend column", rightmost, b.Max.X)
	}
	// The lines at 100 and 0 are whole: some room above and below them.
	if top < 20 || bottom > b.Max.Y-20 {
		t.Errorf("the lines at 100 and 0 touch the edges (rows %d..%d of %d)", top, bottom, b.Max.Y)
	}
}

func TestWrap(t *testing.T) {
	if got := Wrap("nondimensionalization, symbolic (65)", 14); got != "nondimensionalization,\nsymbolic (65)" {
		t.Errorf("%q", got)
	}
	if got := Wrap("short", 14); got != "short" || strings.Contains(Wrap("a b c", 1), " ") {
		t.Errorf("%q", got)
	}
}

// gonum panics on data it cannot draw (here a value of 0 on a log axis):
// Render's one recover makes that an error.
func TestRenderGonumPanicIsAnError(t *testing.T) {
	p := plot.New()
	p.Y.Scale = plot.LogScale{}
	p.Y.Tick.Marker = plot.LogTicks{}
	p.Y.Min, p.Y.Max = 0, 10
	if _, _, err := New(p, 3*vg.Inch, 2*vg.Inch).Render(); err == nil || !strings.Contains(err.Error(), "greater than 0 for a log scale") {
		t.Errorf("Render: %v", err)
	}
}
