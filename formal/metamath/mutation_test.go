package metamath

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// proofItems splits compressed-proof letters into step numbers and Z marks.
func proofItems(letters []byte) []string {
	var items []string
	cur := ""
	for _, c := range letters {
		switch {
		case c >= 'U' && c <= 'Y':
			cur += string(c)
		case c >= 'A' && c <= 'T' || c == '?':
			items = append(items, cur+string(c))
			cur = ""
		case c == 'Z':
			items = append(items, "Z")
		}
	}
	return items
}

// mutant is one way of breaking a proof.
type mutant struct {
	kind string
	text string
}

// TestMutationsRejected takes theorems spread over set.mm, restates each
// one (same hypotheses, same $d's, same compressed proof) after set.mm,
// checks that the restatement verifies, and then checks that every
// mutation of it is rejected: two steps swapped, a label replaced by
// another assertion's, a proof letter corrupted, and (for proofs that
// depend on them) the $d statements removed.
func TestMutationsRejected(t *testing.T) {
	if testing.Short() {
		t.Skip("reads set.mm; skipped with -short")
	}
	s, res := loadSetMM(t)
	if !res.OK() {
		t.Fatalf("set.mm does not verify: %v", firstErrors(res.Errors))
	}
	p := s.p
	db := p.db
	varName := map[int32]string{}
	for _, sym := range db.syms {
		if sym.isVar {
			varName[sym.varIdx] = sym.name
		}
	}
	stride := 97
	counts := map[string]int{}
	w := &worker{stmts: db.Stmts, syms: db.syms}
	for id := 0; id < len(db.Stmts); id += stride {
		// Move to the next theorem that can be restated outside its scope.
		for id < len(db.Stmts) && !restatable(p, int32(id)) {
			id++
		}
		if id >= len(db.Stmts) {
			break
		}
		th := db.Stmts[id]
		if inc, msg := w.verify(th); inc || msg != "" {
			t.Fatalf("%s does not verify: %s", th.Label, msg)
		}
		needsDV := w.dvUsed
		fr := th.frame
		var dvText, hypText strings.Builder
		for _, d := range fr.allDV {
			fmt.Fprintf(&dvText, "  $d %s %s $.\n", varName[d[0]], varName[d[1]])
		}
		for i, h := range fr.hyps {
			if fr.hypVar[i] < 0 {
				fmt.Fprintf(&hypText, "  mut.e%d $e %s $.\n", i, db.Format(db.Stmts[h].Expr))
			}
		}
		labels := make([]string, len(th.proof.labels))
		for i, l := range th.proof.labels {
			labels[i] = db.Stmts[l].Label
		}
		items := proofItems(th.proof.letters)
		build := func(dv string, labels, items []string) string {
			return "${\n" + dv + hypText.String() + "  mut.th $p " + db.Format(th.Expr) +
				" $= ( " + strings.Join(labels, " ") + " ) " + strings.Join(items, "") + " $.\n$}\n"
		}
		orig := build(dvText.String(), labels, items)
		if cr := s.Check("restated-"+th.Label, []byte(orig), CheckOptions{}); len(cr.Errors) > 0 || len(cr.Incomplete) > 0 {
			t.Fatalf("restated %s does not verify: %v\n%s", th.Label, cr.Errors, orig)
		}
		var muts []mutant
		// Swap two adjacent, different steps (from the middle on).
		for i := len(items) / 2; i+1 < len(items); i++ {
			if items[i] != "Z" && items[i+1] != "Z" && items[i] != items[i+1] {
				m := slices.Clone(items)
				m[i], m[i+1] = m[i+1], m[i]
				muts = append(muts, mutant{"swap", build(dvText.String(), labels, m)})
				break
			}
		}
		// Replace a label by another assertion with as many hypotheses.
		for k := len(labels) - 1; k >= 0; k-- {
			ref := db.Stmts[th.proof.labels[k]]
			if ref.frame == nil {
				continue
			}
			for other := th.proof.labels[k] - 1; other >= 0; other-- {
				os := db.Stmts[other]
				if os.frame != nil && len(os.frame.hyps) == len(ref.frame.hyps) && !slices.Contains(labels, os.Label) {
					m := slices.Clone(labels)
					m[k] = os.Label
					muts = append(muts, mutant{"label", build(dvText.String(), m, items)})
					break
				}
			}
			break
		}
		// Corrupt the last letter of a step in the middle.
		for i := len(items) / 2; i < len(items); i++ {
			if it := items[i]; it != "Z" {
				last := it[len(it)-1]
				m := slices.Clone(items)
				m[i] = it[:len(it)-1] + string(rune('A'+(int(last-'A')+1)%20))
				muts = append(muts, mutant{"letter", build(dvText.String(), labels, m)})
				break
			}
		}
		if needsDV {
			muts = append(muts, mutant{"no-$d", build("", labels, items)})
		}
		for _, m := range muts {
			cr := s.Check("mutant-"+th.Label, []byte(m.text), CheckOptions{})
			if len(cr.Errors) == 0 {
				t.Errorf("%s mutation of %s was accepted:\n%s", m.kind, th.Label, m.text)
			}
			counts[m.kind]++
		}
		counts["theorems"]++
	}
	t.Logf("mutations rejected: %v", counts)
	if counts["theorems"] < 10 || counts["no-$d"] == 0 || counts["swap"] == 0 || counts["label"] == 0 || counts["letter"] == 0 {
		t.Fatalf("too few mutations: %v", counts)
	}
}

// restatable reports whether theorem id can be restated after the end of
// the database: a compressed proof, its $f hypotheses and variables still
// active at the end, and mandatory $f's before its $e's.
func restatable(p *parser, id int32) bool {
	st := p.db.Stmts[id]
	if st.Kind != KindThm || st.proof == nil || !st.proof.compressed {
		return false
	}
	fr := st.frame
	seenE := false
	for i, h := range fr.hyps {
		if fr.hypVar[i] < 0 {
			seenE = true
			continue
		}
		if seenE || !p.hypActive[h] {
			return false
		}
	}
	for _, l := range st.proof.labels {
		if p.db.Stmts[l].Kind == KindFloat && !p.hypActive[l] {
			return false
		}
	}
	if len(fr.allDV) > 0 {
		act := map[int32]bool{}
		for s, info := range p.db.syms {
			if info.isVar && p.varActive[s] {
				act[info.varIdx] = true
			}
		}
		for _, d := range fr.allDV {
			if !act[d[0]] || !act[d[1]] {
				return false
			}
		}
	}
	for _, s := range st.Expr {
		if p.db.syms[s].isVar && !p.varActive[s] {
			return false
		}
	}
	return true
}
