package hollight

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"testing"
	"time"
)

func TestZZReal(t *testing.T) {
	s, err := Start(context.Background(), Config{Log: t.Logf})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	t.Logf("load %s sandbox %s axioms %d", s.LoadTime, s.Sandbox, s.Axioms)
	for _, c := range []string{"ARITH_TAC", "CHEAT_TAC", "REPEAT ALL_TAC", "MESON_TAC[]", "ACCEPT_TAC(ASSUME `1 + 1 = 2`)", "prove(`1 + 1 = 3`, ARITH_TAC)", "REWRITE_TAC[ARITH_RULE]", "CONV_TAC NUM_REDUCE_CONV", "ALL_TAC THEN ARITH_TAC", "DISCH_THEN(MP_TAC o SPEC `x:num`)", "REPEAT (GEN_TAC ORELSE ALL_TAC)"} {
		tac, err := ParseTactic(c)
		if err != nil {
			t.Fatal(err)
		}
		v := s.Check(context.Background(), "1 + 1 = 2", tac, 3*time.Second)
		t.Logf("%s => %+v", c, v)
	}
	v := s.Check(context.Background(), "!x y. x * y * x * y + 1 = y * x * y * x + 1 + 0 + x - x", mustParse(t, "MESON_TAC[]"), 3*time.Second)
	t.Logf("meson long => %+v", v)
	re := regexp.MustCompile("(?s)`(.*)`")
	for _, split := range []string{"valid", "test"} {
		files, _ := filepath.Glob("/work/shared/data/minif2f/hollight/" + split + "/*.ml")
		ok := 0
		for _, f := range files {
			b, _ := os.ReadFile(f)
			m := re.FindStringSubmatch(string(b))
			val, err := s.Validate(context.Background(), m[1])
			if err != nil {
				t.Fatal(err)
			}
			if val.OK {
				ok++
			} else if val.Problem != "free" {
				t.Logf("%s: %+v", filepath.Base(f), val)
			}
		}
		t.Logf("%s: %d of %d closed", split, ok, len(files))
	}
}
