package hollight

import (
	"strings"
	"testing"
)

func TestParseTacticAccepts(t *testing.T) {
	cases := []struct{ in, ocaml string }{
		{"ARITH_TAC", "ARITH_TAC"},
		{"ARITH_TAC;;", "ARITH_TAC"},
		{"REWRITE_TAC[ADD_SYM; MULT_SYM]", "(REWRITE_TAC [ADD_SYM; MULT_SYM])"},
		{"GEN_TAC THEN CONV_TAC NUM_REDUCE_CONV THEN ARITH_TAC",
			"((GEN_TAC THEN (CONV_TAC NUM_REDUCE_CONV)) THEN ARITH_TAC)"},
		{"REPEAT STRIP_TAC THENL [ARITH_TAC; REAL_ARITH_TAC]",
			"((REPEAT STRIP_TAC) THENL [ARITH_TAC; REAL_ARITH_TAC])"},
		{"DISCH_THEN(MP_TAC o SPEC `x:real`)", "(DISCH_THEN (MP_TAC o (SPEC `x:real`)))"},
		{"DISCH_THEN (fun th -> REWRITE_TAC[th])", "(DISCH_THEN (fun th -> (REWRITE_TAC [th])))"},
		{"X_GEN_TAC `n:num` (* a comment (* nested *) *) THEN ARITH_TAC", "((X_GEN_TAC `n:num`) THEN ARITH_TAC)"},
		{"SUBGOAL_THEN `&0 < x` ASSUME_TAC", "(SUBGOAL_THEN `&0 < x` ASSUME_TAC)"},
		{"MP_TAC(ISPECL [`a:real`; `b:real`] REAL_LE_TRANS)", "(MP_TAC (ISPECL [`a:real`; `b:real`] REAL_LE_TRANS))"},
		{"INST_TYPE [`:real`,`:A`] EQ_REFL", "(INST_TYPE [(`:real`, `:A`)] EQ_REFL)"},
		{"LABEL_TAC \"h1\" (ASSUME `p:bool`)", "(LABEL_TAC \"h1\" (ASSUME `p:bool`))"},
		{"FIRST_X_ASSUM(fun th -> MP_TAC(SPEC (rand(concl th)) th))", "(FIRST_X_ASSUM (fun th -> (MP_TAC (SPEC (rand (concl th)) th))))"},
		{"prove(`1 + 1 = 2`, ARITH_TAC)", "ARITH_TAC"},
		{"let aime-1983-p1 = prove(`1 + 1 = 2`, ARITH_TAC);;", "ARITH_TAC"},
		{"EVERY [GEN_TAC; ARITH_TAC]", "(EVERY [GEN_TAC; ARITH_TAC])"},
		{"CONJUNCTS_THEN2 ASSUME_TAC (fun (a, b) -> ALL_TAC)", "(CONJUNCTS_THEN2 ASSUME_TAC (fun (a, b) -> ALL_TAC))"},
	}
	for _, c := range cases {
		tac, err := ParseTactic(c.in)
		if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		if got := tac.OCaml(); got != c.ocaml {
			t.Errorf("%q: got %s, want %s", c.in, got, c.ocaml)
		}
	}
	tac, _ := ParseTactic("prove(`1 + 1 = 2`, ARITH_TAC)")
	if tac.Goal != "1 + 1 = 2" {
		t.Errorf("stated goal %q", tac.Goal)
	}
}

func TestParseTacticRefuses(t *testing.T) {
	cases := []struct{ in, want string }{
		{"Obj.magic ()", "module paths (Obj.)"},
		{"ACCEPT_TAC (Obj.magic 0)", "module paths (Obj.)"},
		{"ACCEPT_TAC Obj", "Obj is not allowed"},
		{"ACCEPT_TAC(new_axiom `F`)", "extends the logic"},
		{"ACCEPT_TAC(mk_thm([], `F`))", "extends the logic"},
		{"let x = ARITH_TAC in x", "OCaml keyword \"in\""},
		{"ARITH_TAC; Sys.command \"rm -rf /\"", "module paths (Sys.)"},
		{"(fun () -> ARITH_TAC) ()", "cannot be a parameter"},
		{"print_string \"hi\"", "not part of the tactic language"},
		{"ACCEPT_TAC !x", "character '!'"},
		{"r := ARITH_TAC", "character ':'"},
		{"`unclosed", "not closed"},
		{"MESON_TAC[] (* open comment", "comment not closed"},
		{"LABEL_TAC \"a\\\"b\"", "in a string"},
		{"REWRITE_TAC[ARITH", "expected \";\" or \"]\""},
		{"ARITH_TAC THEN", "ends too early"},
		{"", "no tactic"},
		{"`;proof`", "not a term"},
		{"prove(`x`, prove(`y`, ARITH_TAC))", "prove is not allowed inside"},
		{"ARITH_TAC ARITH_TAC )", "unexpected \")\""},
		{strings.Repeat("(", 300) + "ARITH_TAC" + strings.Repeat(")", 300), "nested more than"},
		{"EVERY[" + strings.Repeat("A;", 25000) + "A]", "more than 20000 parts"},
		{strings.Repeat("ALL_TAC THEN ", 6000) + "ALL_TAC", "over the limit"},
		{"X_GEN_TAC `x\x00`", "byte 0x00"},
		{"MP_TAC `x (* y`", "in a term quotation"},
	}
	for _, c := range cases {
		_, err := ParseTactic(c.in)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%.80q: got %.200v, want an error with %q", c.in, err, c.want)
		}
	}
}

func TestSteps(t *testing.T) {
	for in, want := range map[string]int{
		"ARITH_TAC":              1,
		"GEN_TAC THEN ARITH_TAC": 2,
		"REPEAT STRIP_TAC THENL [ARITH_TAC; REAL_ARITH_TAC THEN ALL_TAC]": 4,
		"ARITH_TAC ORELSE REAL_ARITH_TAC":                                 2,
		"DISCH_THEN(fun th -> REWRITE_TAC[th] THEN ARITH_TAC)":            1,
	} {
		tac, err := ParseTactic(in)
		if err != nil {
			t.Fatal(err)
		}
		if got := tac.Steps(); got != want {
			t.Errorf("%q: %d steps, want %d", in, got, want)
		}
	}
}

func TestOCamlString(t *testing.T) {
	if got := ocamlString("a\"b\\c\nd\x7f"); got != `"a\"b\\c\010d\127"` {
		t.Fatalf("got %s", got)
	}
}

// FuzzParseTactic: the parser never panics, and whatever it accepts prints
// to text it accepts again, with the same tree.
func FuzzParseTactic(f *testing.F) {
	for _, s := range []string{"ARITH_TAC", "REWRITE_TAC[ADD_SYM] THEN ARITH_TAC", "DISCH_THEN(fun th -> MP_TAC th)",
		"prove(`x = x`, REFL_TAC)", "(* c *) `a` , [b; c]", "\"s\" 12 (x, y)", "fun (a, _) -> a"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tac, err := ParseTactic(s)
		if err != nil {
			return
		}
		out := tac.OCaml()
		again, err := ParseTactic(out)
		if err != nil {
			t.Fatalf("%q printed as %q, which does not parse: %v", s, out, err)
		}
		if again.OCaml() != out {
			t.Fatalf("%q: %q then %q", s, out, again.OCaml())
		}
	})
}
