package stats

import (
	"math"
	"testing"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

func TestPassAtK(t *testing.T) {
	// n=5, c=2, k=2: 1 - C(3,2)/C(5,2) = 1 - 3/10 = 0.7 (worked by hand).
	if got := PassAtK(5, 2, 2); !near(got, 0.7, 1e-12) {
		t.Errorf("PassAtK(5,2,2) = %v, want 0.7", got)
	}
	// k=1 is the plain success rate.
	if got := PassAtK(10, 3, 1); !near(got, 0.3, 1e-12) {
		t.Errorf("PassAtK(10,3,1) = %v, want 0.3", got)
	}
	if got := PassAtK(4, 3, 2); got != 1 {
		t.Errorf("PassAtK(4,3,2) = %v, want 1", got)
	}
	if got := PassAtK(4, 0, 2); got != 0 {
		t.Errorf("PassAtK(4,0,2) = %v, want 0", got)
	}
}

func TestAUROC(t *testing.T) {
	// Positives 0.9, 0.4; negatives 0.5, 0.1: pairs (0.9>0.5, 0.9>0.1, 0.4<0.5, 0.4>0.1) = 3/4.
	got := AUROC([]float64{0.9, 0.4, 0.5, 0.1}, []bool{true, true, false, false})
	if !near(got, 0.75, 1e-12) {
		t.Errorf("AUROC = %v, want 0.75", got)
	}
	// A tie counts one half: positive 0.5 vs negative 0.5.
	got = AUROC([]float64{0.5, 0.5}, []bool{true, false})
	if !near(got, 0.5, 1e-12) {
		t.Errorf("AUROC tie = %v, want 0.5", got)
	}
	if !math.IsNaN(AUROC([]float64{1}, []bool{true})) {
		t.Error("AUROC with one class should be NaN")
	}
}

func TestMcNemarExact(t *testing.T) {
	// b=1, c=9: 2 * P(X<=1), X~Bin(10,1/2) = 2*(1+10)/1024 = 0.021484375.
	if got := McNemarExact(1, 9); !near(got, 22.0/1024, 1e-12) {
		t.Errorf("McNemarExact(1,9) = %v, want %v", got, 22.0/1024)
	}
	if got := McNemarExact(5, 5); got != 1 {
		t.Errorf("McNemarExact(5,5) = %v, want 1", got)
	}
}

func TestCalibration(t *testing.T) {
	conf := []float64{0.95, 0.95, 0.15, 0.15}
	correct := []bool{true, false, false, false}
	bins, ece := Calibration(conf, correct, 10)
	// Bin 9: conf .95, acc .5 -> .45; bin 1: conf .15, acc 0 -> .15; ECE = (2*.45 + 2*.15)/4 = 0.3.
	if !near(ece, 0.3, 1e-12) {
		t.Errorf("ECE = %v, want 0.3", ece)
	}
	if bins[9].Count != 2 || bins[1].Count != 2 {
		t.Errorf("bin counts wrong: %+v", bins)
	}
}

func TestBootstrapDeterministicAndCovers(t *testing.T) {
	xs := make([]float64, 200)
	for i := range xs {
		if i%4 == 0 {
			xs[i] = 1
		}
	}
	a := Bootstrap(xs, 2000, 0.95, 7)
	b := Bootstrap(xs, 2000, 0.95, 7)
	if a != b {
		t.Fatal("bootstrap is not deterministic for a fixed seed")
	}
	if !near(a.Value, 0.25, 1e-12) || !(a.Lo < 0.25 && a.Hi > 0.25) {
		t.Errorf("interval %+v does not cover the mean 0.25", a)
	}
	// Normal approximation: half-width about 1.96*sqrt(.25*.75/200) = 0.06.
	if hw := (a.Hi - a.Lo) / 2; hw < 0.045 || hw > 0.075 {
		t.Errorf("half-width %v far from the normal approximation 0.06", hw)
	}
}

func TestQuantile(t *testing.T) {
	s := []float64{1, 2, 3, 4}
	if got := Quantile(s, 0.5); got != 2.5 {
		t.Errorf("median = %v, want 2.5", got)
	}
}

func TestMajorityVote(t *testing.T) {
	k, n := MajorityVote([]string{"", "3", "4", "3", ""})
	if k != "3" || n != 2 {
		t.Errorf("MajorityVote = %q,%d", k, n)
	}
}
