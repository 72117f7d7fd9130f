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
