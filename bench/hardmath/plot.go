package hardmath

import (
	"context"
	"fmt"
	"image/color"
	"math"
	"path/filepath"
	"time"

	"github.com/matheval/matheval/internal/plotout"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

var plotColors = []color.RGBA{{0xd6, 0x27, 0x28, 0xff}, {0x1f, 0x77, 0xb4, 0xff}, {0x2c, 0xa0, 0x2c, 0xff}, {0x94, 0x67, 0xbd, 0xff}}

// PlotRow draws a problem's answer formulas against its numerical solution
// over the range, as in the paper's Figure 5, and writes base+".png" and
// base+".svg": ODEs on [0, the large-x point], integrals of 1/(eps + P)
// over epsilon (log-log), Laplace integrals over x (log of the value).
// Root and nondimensionalization problems have no curve to draw.
func PlotRow(ctx context.Context, kr KeyedRow, base string) ([]string, error) {
	ref, err := ReferenceOf(kr.Row)
	if err != nil {
		return nil, err
	}
	var c plotCurves
	switch {
	case ref.Type == TypeODE:
		c, err = odeCurves(ctx, kr, ref)
	case ref.Type == TypeIntegral && ref.Subtype == "traditional":
		c, err = epsIntegralCurves(ctx, kr, ref)
	case ref.Type == TypeIntegral:
		c, err = laplaceCurves(ctx, kr, ref)
	default:
		return nil, fmt.Errorf("no plot for %s problems", ref.Type)
	}
	if err != nil {
		return nil, err
	}
	p := plot.New()
	p.Add(plotter.NewGrid())
	p.X.Label.Text, p.Y.Label.Text = c.xLabel, c.yLabel
	kind := ref.Type
	if ref.Subtype != "" {
		kind += " (" + ref.Subtype + ")"
	}
	p.Title.Text = plotout.Wrap(fmt.Sprintf("HARDMath %s, row %s: answers against the numerical solution", kind, kr.Key), 70)
	// The legend beside the axes, never over the curves.
	fig := plotout.New(p, 8*vg.Inch, 4.5*vg.Inch)
	for i, cv := range c.curves {
		l, err := plotter.NewLine(cv.pts)
		if err != nil {
			return nil, err
		}
		l.Color = plotColors[i%len(plotColors)]
		l.Width = vg.Points(1.5)
		if i > 0 {
			l.Dashes = []vg.Length{vg.Points(5), vg.Points(3)}
		}
		p.Add(l)
		fig.Add(cv.name, l)
	}
	return fig.Write(base)
}

// plotCurves are the curves of one figure, the numerical solution first,
// and its axis labels.
type plotCurves struct {
	curves         []curve
	xLabel, yLabel string
}

type curve struct {
	name string
	pts  plotter.XYs
}

// addFormula adds the curve of the formula src in the variable v at xs,
// each value mapped by tr (NaN drops a point); a curve of fewer than two
// points is left out.
func (c *plotCurves) addFormula(ctx context.Context, name, src, v string, xs []float64, tr func(float64) float64) {
	var pts plotter.XYs
	for _, x := range xs {
		z, err := evalLatex(ctx, src, map[string]complex128{v: complex(x, 0)}, evalOptions{realRoots: true})
		if err != nil || imag(z) != 0 || math.IsNaN(real(z)) || math.IsInf(real(z), 0) {
			continue
		}
		if y := tr(real(z)); !math.IsNaN(y) && !math.IsInf(y, 0) {
			pts = append(pts, plotter.XY{X: x, Y: y})
		}
	}
	if len(pts) > 1 {
		c.curves = append(c.curves, curve{name, pts})
	}
}

// odeCurves: y(x) on [0, the large-x point], solved numerically, and the
// small-x and large-x answers kept within the numerical range.
func odeCurves(ctx context.Context, kr KeyedRow, ref Reference) (plotCurves, error) {
	c := plotCurves{xLabel: "x", yLabel: "y(x)"}
	prob, err := ParseODE(kr.Row.Question)
	if err != nil {
		return c, err
	}
	end := ref.Regimes[1].Point
	if !ref.Regimes[1].HasPoint {
		return c, fmt.Errorf("no large-x evaluation point")
	}
	tr, err := prob.Solve(ctx, end)
	if err != nil {
		return c, err
	}
	var xs []float64
	var num plotter.XYs
	lo, hi := math.Inf(1), math.Inf(-1)
	for i := 0; i <= 400; i++ {
		x := end * float64(i) / 400
		y, err := tr.At(x)
		if err != nil {
			break
		}
		xs = append(xs, x)
		num = append(num, plotter.XY{X: x, Y: y[0]})
		lo, hi = math.Min(lo, y[0]), math.Max(hi, y[0])
	}
	c.curves = append(c.curves, curve{"numerical", num})
	// Keep the analytical curves within the numerical range (plus a
	// margin) so a diverging approximation does not flatten the plot.
	span := math.Max(hi-lo, 1e-9)
	clip := func(v float64) float64 {
		if v < lo-span || v > hi+span {
			return math.NaN()
		}
		return v
	}
	c.addFormula(ctx, "small x", ref.Regimes[0].Refs[0], "x", xs, clip)
	c.addFormula(ctx, "large x", ref.Regimes[1].Refs[0], "x", xs, clip)
	return c, nil
}

// epsIntegralCurves: log10 I(epsilon) against log10 epsilon, by quadrature
// and by each regime's formula.
func epsIntegralCurves(ctx context.Context, kr KeyedRow, ref Reference) (plotCurves, error) {
	c := plotCurves{xLabel: "log10 epsilon", yLabel: "log10 I(epsilon)"}
	ip, err := ParseEpsIntegral(kr.Row.Question)
	if err != nil {
		return c, err
	}
	pts := ip.EvalPoints()
	a, b := math.Log10(pts["small_eps"])-2, math.Log10(pts["large_eps"])+2
	var xs []float64
	var num plotter.XYs
	for i := 0; i <= 80; i++ {
		e := math.Pow(10, a+(b-a)*float64(i)/80)
		v, err := ip.Numerical(ctx, e)
		if err != nil {
			return c, err
		}
		xs = append(xs, math.Log10(e))
		num = append(num, plotter.XY{X: math.Log10(e), Y: math.Log10(v)})
	}
	c.curves = append(c.curves, curve{"numerical", num})
	for _, g := range ref.Regimes {
		// The formulas are in epsilon; the axis is log10(epsilon).
		var cp plotter.XYs
		for _, lx := range xs {
			z, err := evalLatex(ctx, g.Refs[0], map[string]complex128{"epsilon": complex(math.Pow(10, lx), 0)}, evalOptions{realRoots: true})
			if err == nil && real(z) > 0 {
				cp = append(cp, plotter.XY{X: lx, Y: math.Log10(real(z))})
			}
		}
		if len(cp) > 1 {
			c.curves = append(c.curves, curve{g.Name, cp})
		}
	}
	return c, nil
}

// laplaceCurves: log10 |I(x)| around the evaluation point, by quadrature
// and by the Laplace approximation.
func laplaceCurves(ctx context.Context, kr KeyedRow, ref Reference) (plotCurves, error) {
	c := plotCurves{xLabel: "x", yLabel: "log10 |I(x)|"}
	li, err := ParseLaplace(kr.Row.Question)
	if err != nil {
		return c, err
	}
	xe := ref.Regimes[0].Point
	if !ref.Regimes[0].HasPoint {
		return c, fmt.Errorf("no evaluation point")
	}
	var xs []float64
	var num plotter.XYs
	for i := 0; i <= 60; i++ {
		x := xe * (0.05 + 1.95*float64(i)/60)
		m, s, err := li.Numerical(ctx, x)
		if err != nil || m == 0 {
			continue
		}
		xs = append(xs, x)
		num = append(num, plotter.XY{X: x, Y: math.Log10(math.Abs(m)) + s/math.Ln10})
	}
	c.curves = append(c.curves, curve{"numerical", num})
	c.addFormula(ctx, "Laplace approximation", ref.Regimes[0].Refs[0], "x", xs, func(v float64) float64 {
		if v == 0 {
			return math.NaN()
		}
		return math.Log10(math.Abs(v))
	})
	return c, nil
}

// PlotFile draws PlotRow's figure for up to max rows of a HARDMath file
// that have one (ODEs and integrals), into dir as hardmath-<key>.png/.svg.
// It returns the files written and, per row not drawn, the reason.
func PlotFile(ctx context.Context, path, dir string, max int) ([]string, []string, error) {
	file, err := resolveFile(path)
	if err != nil {
		return nil, nil, err
	}
	rows, _, err := ReadFile(file)
	if err != nil {
		return nil, nil, err
	}
	var files, skipped []string
	drawn := 0
	for _, kr := range rows {
		if max > 0 && drawn >= max {
			break
		}
		ref, err := ReferenceOf(kr.Row)
		if err != nil || (ref.Type != TypeODE && ref.Type != TypeIntegral) {
			continue
		}
		c, cancel := context.WithTimeout(ctx, 20*time.Second)
		fs, err := PlotRow(c, kr, filepath.Join(dir, "hardmath-"+kr.Key))
		cancel()
		if err != nil {
			skipped = append(skipped, fmt.Sprintf("row %s: %v", kr.Key, err))
			continue
		}
		files = append(files, fs...)
		drawn++
	}
	return files, skipped, nil
}
