package asdiv

import (
	"context"
	"testing"
)

// FuzzCheckFormula: whatever the formula and answer, the check ends with one
// of its three statuses and a reason, and never panics (there is no recover
// below the grading boundary: a panic here is a bug of ours and fails the
// fuzz run).
func FuzzCheckFormula(f *testing.F) {
	for _, s := range [][2]string{
		{"7+2=9", "9 (apples)"},
		{"94/8=11 r6", "12 (boxes)"},
		{"(21600+60)/60/60=6 r60", "6"},
		{"x:Ann; y:Ben; x=y+3; x+y=25", "14; 11"},
		{"x:One; y:Other; x:y=1:3; x+2:y+2=1:2", "2; 6"},
		{"x:tens; y:units; 10x+y=4(x+y); 10x+y=2xy", "3; 6"},
		{"5/6=0.833(The first day) equals 10/12=0.833(The second day)", "They are equal"},
		{"16/15=106.667%(Clara) < 20/10=200%(Felix)", "Felix"},
		{"LCM[50,25,40]=200; GCD(72,90)=18", "200"},
		{"64^(1/2)=8", "8"},
		{"(2*60 (min/hour) + 45) + 30 = 195 (min); 195/60 (min/hour)=3 r15; hh:mm=3:15 p.m.", "3:15 p.m."},
		{"5, 7, 10, 14, 19, 25", "25"},
		{"e:Eggs; i:Ink; e+i=10; e-i=2", "6; 4"},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, formula, answer string) {
		res := CheckFormula(context.Background(), formula, answer)
		switch res.Status {
		case StatusOK, StatusInconsistent, StatusUnchecked:
		default:
			t.Fatalf("status %q for %q, %q", res.Status, formula, answer)
		}
		if res.Reason == "" {
			t.Fatalf("no reason for %q, %q", formula, answer)
		}
	})
}
