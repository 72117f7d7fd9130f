package corpus

import (
	"fmt"
	"path/filepath"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// WriteHistogram draws the distribution of LD values (the ASDiv paper's
// Figure 1) and saves it to each path; the extension (.png, .svg) picks the format.
func WriteHistogram(ld []float64, bins int, title string, paths ...string) error {
	if len(ld) == 0 {
		return fmt.Errorf("histogram: no values")
	}
	if bins <= 0 {
		bins = 20
	}
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = "lexicon diversity (LD)"
	p.Y.Label.Text = "problems"
	p.X.Min, p.X.Max = 0, 1
	h, err := plotter.NewHist(plotter.Values(ld), bins)
	if err != nil {
		return err
	}
	p.Add(h)
	for _, path := range paths {
		ext := strings.ToLower(filepath.Ext(path))
		if ext != ".png" && ext != ".svg" {
			return fmt.Errorf("histogram: %s: want .png or .svg", path)
		}
		if err := p.Save(6*vg.Inch, 4*vg.Inch, path); err != nil {
			return fmt.Errorf("histogram: %s: %v", path, err)
		}
	}
	return nil
}
