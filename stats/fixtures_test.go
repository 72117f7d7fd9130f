package stats

import (
	"encoding/json"
	"math"
	"os"
	"testing"
)

// fixtures are reference values computed by testdata/gen_fixtures.py with
// scipy and numpy; see that script for how each one is obtained.
type fixtures struct {
	PassAtK []struct {
		N, C, K int
		Want    float64
	} `json:"pass_at_k"`
	McNemar []struct {
		B, C int
		Want float64
	} `json:"mcnemar"`
	AUROC []struct {
		Scores   []float64
		Positive []bool
		Want     float64
	} `json:"auroc"`
	Quantile struct {
		Sorted []float64
		Cases  []struct{ Q, Want float64 }
	} `json:"quantile"`
	ECE []struct {
		Conf    []float64
		Correct []bool
		Bins    int
		Want    float64
	} `json:"ece"`
	Wilson []struct {
		K, N   int
		Lo, Hi float64
	} `json:"wilson"`
	Items struct {
		Answers [][]string
		Correct string
		Cases   []struct {
			K               int
			Mean, Maj, Pass float64
		}
	} `json:"items"`
	Paired struct {
		A, B         []float64
		Mean, Lo, Hi float64
	} `json:"paired"`
}

func loadFixtures(t *testing.T) fixtures {
	t.Helper()
	b, err := os.ReadFile("testdata/fixtures.json")
	if err != nil {
		t.Fatal(err)
	}
	var f fixtures
	if err := json.Unmarshal(b, &f); err != nil {
		t.Fatal(err)
	}
	if len(f.PassAtK) == 0 || len(f.McNemar) == 0 || len(f.AUROC) == 0 {
		t.Fatal("fixtures.json is missing sections")
	}
	return f
}

func relNear(got, want, tol float64) bool {
	return math.Abs(got-want) <= tol*math.Max(1, math.Abs(want))
}

func TestFixturesPassAtK(t *testing.T) {
	for _, c := range loadFixtures(t).PassAtK {
		if got := PassAtK(c.N, c.C, c.K); !relNear(got, c.Want, 1e-9) {
			t.Errorf("PassAtK(%d,%d,%d) = %.15g, scipy %.15g", c.N, c.C, c.K, got, c.Want)
		}
	}
}

func TestFixturesMcNemar(t *testing.T) {
	for _, c := range loadFixtures(t).McNemar {
		if got := McNemarExact(c.B, c.C); !relNear(got, c.Want, 1e-9) {
			t.Errorf("McNemarExact(%d,%d) = %.15g, scipy binomtest %.15g", c.B, c.C, got, c.Want)
		}
	}
}

func TestFixturesAUROC(t *testing.T) {
	for i, c := range loadFixtures(t).AUROC {
		if got := AUROC(c.Scores, c.Positive); !relNear(got, c.Want, 1e-12) {
			t.Errorf("case %d: AUROC = %.15g, scipy mannwhitneyu %.15g", i, got, c.Want)
		}
	}
}

func TestFixturesQuantile(t *testing.T) {
	f := loadFixtures(t).Quantile
	for _, c := range f.Cases {
		if got := Quantile(f.Sorted, c.Q); !relNear(got, c.Want, 1e-12) {
			t.Errorf("Quantile(%v) = %.15g, numpy %.15g", c.Q, got, c.Want)
		}
	}
}

func TestFixturesECE(t *testing.T) {
	for i, c := range loadFixtures(t).ECE {
		bins, got := Calibration(c.Conf, c.Correct, c.Bins)
		if !relNear(got, c.Want, 1e-12) {
			t.Errorf("case %d: ECE = %.15g, numpy %.15g", i, got, c.Want)
		}
		total := 0
		for _, b := range bins {
			total += b.Count
		}
		if total != len(c.Conf) {
			t.Errorf("case %d: bins hold %d of %d samples", i, total, len(c.Conf))
		}
	}
}

func TestFixturesWilson(t *testing.T) {
	for _, c := range loadFixtures(t).Wilson {
		got := Wilson(c.K, c.N, 0.95)
		if !relNear(got.Lo, c.Lo, 1e-9) || !relNear(got.Hi, c.Hi, 1e-9) {
			t.Errorf("Wilson(%d,%d) = [%.12g, %.12g], scipy [%.12g, %.12g]", c.K, c.N, got.Lo, got.Hi, c.Lo, c.Hi)
		}
	}
}

func TestFixturesItems(t *testing.T) {
	f := loadFixtures(t).Items
	items := make([][]Attempt, len(f.Answers))
	for i, ans := range f.Answers {
		for _, a := range ans {
			ok := a == f.Correct
			score := 0.0
			if ok {
				score = 1
			}
			items[i] = append(items[i], Attempt{Answer: a, Correct: ok, Score: score})
		}
	}
	for _, c := range f.Cases {
		if got := MeanAtK(items, c.K); !relNear(got, c.Mean, 1e-12) {
			t.Errorf("mean@%d = %v, python %v", c.K, got, c.Mean)
		}
		if got := MajAtK(items, c.K); !relNear(got, c.Maj, 1e-12) {
			t.Errorf("maj@%d = %v, python %v", c.K, got, c.Maj)
		}
		if got, skipped := PassAtKItems(items, c.K); !relNear(got, c.Pass, 1e-9) || skipped != 0 {
			t.Errorf("pass@%d = %v (skipped %d), python %v", c.K, got, skipped, c.Pass)
		}
	}
}

func TestFixturesPairedBootstrap(t *testing.T) {
	f := loadFixtures(t).Paired
	got := PairedBootstrap(f.A, f.B, 4000, 0.95, 3)
	if !relNear(got.Value, f.Mean, 1e-12) {
		t.Errorf("paired mean = %v, numpy %v", got.Value, f.Mean)
	}
	// The percentile bootstrap and the normal interval agree to sampling error.
	if math.Abs(got.Lo-f.Lo) > 0.01 || math.Abs(got.Hi-f.Hi) > 0.01 {
		t.Errorf("paired interval [%v,%v], normal approximation [%v,%v]", got.Lo, got.Hi, f.Lo, f.Hi)
	}
}
