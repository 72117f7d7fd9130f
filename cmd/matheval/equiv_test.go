package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// TestEquivDecimalFlags: the decimal rule of the MATH policy (correctly
// rounded, at least 4 significant digits) and the flags that change it.
func TestEquivDecimalFlags(t *testing.T) {
	in := strings.Join([]string{
		`{"id": 1, "gold": "\\frac{1}{3}", "prediction": "0.3333"}`,
		`{"id": 2, "gold": "\\frac{1}{3}", "prediction": "0.33"}`,
	}, "\n")
	for _, c := range []struct {
		args []string
		want []bool
	}{
		{nil, []bool{true, false}},
		{[]string{"--decimal", "exact"}, []bool{false, false}},
		{[]string{"--decimal-digits", "2"}, []bool{true, true}},
	} {
		cmd := newEquivCmd()
		var out, errs bytes.Buffer
		cmd.SetIn(strings.NewReader(in))
		cmd.SetOut(&out)
		cmd.SetErr(&errs)
		cmd.SetArgs(c.args)
		if err := cmd.Execute(); err != nil {
			t.Fatalf("%v: %v\n%s", c.args, err, errs.String())
		}
		dec := json.NewDecoder(&out)
		for i, w := range c.want {
			var r struct {
				Equivalent bool
				Reason     string
			}
			if err := dec.Decode(&r); err != nil {
				t.Fatalf("%v: record %d: %v", c.args, i+1, err)
			}
			if r.Equivalent != w {
				t.Errorf("%v: record %d: equivalent=%v (%s), want %v", c.args, i+1, r.Equivalent, r.Reason, w)
			}
		}
	}
}

// TestEquivHendrycksBareGold: under the MATH paper's scoring a bare gold
// (MATH-500's answer field) is the answer itself, a boxed one or a
// solution gives its box, and only the prediction's box counts (a bare
// prediction has no answer, as in the paper's code).
func TestEquivHendrycksBareGold(t *testing.T) {
	in := strings.Join([]string{
		`{"id": 1, "gold": "2", "prediction": "\\boxed{2}"}`,
		`{"id": 2, "gold": "$\\frac12$", "prediction": "So $\\boxed{\\frac{1}{2}}$."}`,
		`{"id": 3, "gold": "We get $x=2$, so $\\boxed{2}$.", "prediction": "\\boxed{2}"}`,
		`{"id": 4, "gold": "2", "prediction": "\\boxed{3}"}`,
		`{"id": 5, "gold": "\\boxed{2}", "prediction": "2"}`,
		`{"id": 6, "gold": "x+1", "prediction": "\\boxed{1+x}"}`,
	}, "\n")
	want := []struct {
		equivalent bool
		verdict    string
		gold       string
	}{
		{true, "correct", "2"}, {true, "correct", `\frac12`}, {true, "correct", "2"},
		{false, "wrong", "2"}, {false, "no_answer", "2"}, {false, "wrong", "x+1"},
	}
	cmd := newEquivCmd()
	var out, errs bytes.Buffer
	cmd.SetIn(strings.NewReader(in))
	cmd.SetOut(&out)
	cmd.SetErr(&errs)
	cmd.SetArgs([]string{"--policy", "hendrycks"})
	if err := cmd.Execute(); err != nil {
		t.Fatalf("%v\n%s", err, errs.String())
	}
	dec := json.NewDecoder(&out)
	for i, w := range want {
		var r struct {
			Equivalent bool
			Reason     string
			Verdict    string
			Gold       string `json:"gold_answer"`
		}
		if err := dec.Decode(&r); err != nil {
			t.Fatalf("record %d: %v", i+1, err)
		}
		if r.Equivalent != w.equivalent || r.Verdict != w.verdict || r.Gold != w.gold {
			t.Errorf("record %d: equivalent=%v verdict %s gold %q (%s), want %v %s %q", i+1, r.Equivalent, r.Verdict, r.Gold, r.Reason, w.equivalent, w.verdict, w.gold)
		}
	}
}
