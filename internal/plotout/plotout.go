// Package plotout renders gonum plots to PNG and SVG the one way every
// figure of matheval is drawn: the legend, when there is one, in a column of
// its own to the right of the axes, so that it never covers data; long
// titles wrapped onto several lines. Reports and the benchmarks' own figures
// both use it.
package plotout

import (
	"bytes"
	"fmt"
	"os"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"
)

// margin is the blank border of every figure.
const margin = vg.Length(8)

// Figure is a plot with its legend kept apart from it.
type Figure struct {
	Plot   *plot.Plot
	Legend *plot.Legend // nil or empty: no legend column
	// Entries counts what was added to Legend (gonum keeps it private).
	Entries int
	Width   vg.Length
	Height  vg.Length
}

// New starts a figure of the given size with an empty legend.
func New(p *plot.Plot, w, h vg.Length) *Figure {
	l := plot.NewLegend()
	l.Top = true
	l.Left = true
	l.Padding = vg.Points(3)
	return &Figure{Plot: p, Legend: &l, Width: w, Height: h}
}

// Add adds a legend entry.
func (f *Figure) Add(name string, thumbs ...plot.Thumbnailer) {
	f.Legend.Add(name, thumbs...)
	f.Entries++
}

// Render returns the figure as PNG and as SVG.
func (f *Figure) Render() (pngData, svgData []byte, err error) {
	defer func() {
		// gonum panics on data it cannot draw (a value <= 0 on a log
		// axis: TestRenderGonumPanicIsAnError); a figure is drawn from
		// user data, so this call into gonum is a boundary of its own.
		if r := recover(); r != nil {
			err = fmt.Errorf("drawing the figure: %v", r)
		}
	}()
	img := vgimg.New(f.Width, f.Height)
	f.draw(draw.New(img))
	var pb bytes.Buffer
	if _, err := (vgimg.PngCanvas{Canvas: img}).WriteTo(&pb); err != nil {
		return nil, nil, err
	}
	svg := vgsvg.New(f.Width, f.Height)
	f.draw(draw.New(svg))
	var sb bytes.Buffer
	if _, err := svg.WriteTo(&sb); err != nil {
		return nil, nil, err
	}
	return pb.Bytes(), sb.Bytes(), nil
}

// Write writes base+".png" and base+".svg" and returns their paths.
func (f *Figure) Write(base string) ([]string, error) {
	pngData, svgData, err := f.Render()
	if err != nil {
		return nil, err
	}
	var out []string
	for _, x := range []struct {
		ext  string
		data []byte
	}{{".png", pngData}, {".svg", svgData}} {
		if err := os.WriteFile(base+x.ext, x.data, 0o644); err != nil {
			return out, err
		}
		out = append(out, base+x.ext)
	}
	return out, nil
}

func (f *Figure) draw(c draw.Canvas) {
	if f.Plot.BackgroundColor != nil {
		c.SetColor(f.Plot.BackgroundColor)
		c.Fill(c.Rectangle.Path())
	}
	// A margin all round: gonum measures tick labels a little narrower
	// than it draws them, which would cut the first letter of the longest.
	c = draw.Crop(c, margin, -margin, margin, -margin)
	plotC := c
	if f.Legend != nil && f.Entries > 0 {
		// The legend's column: as wide as its widest entry, at most 40% of
		// the figure; the plot gets the rest.
		r := f.Legend.Rectangle(c)
		lw := min(r.Max.X-r.Min.X+vg.Points(24), f.Width*2/5)
		plotC = draw.Crop(c, 0, -lw, 0, 0)
		legC := draw.Crop(c, c.Max.X-c.Min.X-lw+vg.Points(8), 0, 0, 0)
		// Start the legend level with the top of the axes, below the title.
		if f.Plot.Title.Text != "" {
			legC.Max.Y -= f.Plot.Title.TextStyle.Rectangle(f.Plot.Title.Text).Size().Y + f.Plot.Title.Padding
		}
		legC.Max.Y -= vg.Points(4)
		f.Legend.Draw(legC)
	}
	f.Plot.Draw(plotC)
}

// Wrap breaks s into lines of at most width characters at spaces (a word
// longer than width stays whole), for titles and tick labels.
func Wrap(s string, width int) string {
	words := strings.Fields(s)
	var lines []string
	cur := ""
	for _, w := range words {
		switch {
		case cur == "":
			cur = w
		case len([]rune(cur))+1+len([]rune(w)) <= width:
			cur += " " + w
		default:
			lines = append(lines, cur)
			cur = w
		}
	}
	if cur != "" {
		lines = append(lines, cur)
	}
	return strings.Join(lines, "\n")
}

// PercentAxis makes an axis run over 0-100 (percent) with a little room
// either side, so that markers at 0 and 100 are drawn whole, and ticks
// every 25.
func PercentAxis(a *plot.Axis) {
	a.Min, a.Max = -3, 103
	var ticks []plot.Tick
	for v := 0; v <= 100; v += 5 {
		t := plot.Tick{Value: float64(v)}
		if v%25 == 0 {
			t.Label = strconv.Itoa(v)
		}
		ticks = append(ticks, t)
	}
	a.Tick.Marker = plot.ConstantTicks(ticks)
}
