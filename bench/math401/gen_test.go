package math401

import (
	"bytes"
	"context"
	"math/big"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/matheval/matheval/calc"
)

func TestGenerateDeterministic(t *testing.T) {
	a, err := Generate(context.Background(), GenOptions{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Generate(context.Background(), GenOptions{Seed: 1})
	c, _ := Generate(context.Background(), GenOptions{Seed: 2})
	ab, _ := WriteJSONL(a)
	bb, _ := WriteJSONL(b)
	cb, _ := WriteJSONL(c)
	if !bytes.Equal(ab, bb) {
		t.Fatal("same seed gave different bytes")
	}
	if bytes.Equal(ab, cb) {
		t.Fatal("seeds 1 and 2 gave the same set")
	}
	if n := bytes.Count(ab, []byte("\n")); n != Size {
		t.Fatalf("%d lines, want %d", n, Size)
	}
}

func TestGroupDefinitions(t *testing.T) {
	for _, compat := range []bool{false, true} {
		recs, err := Generate(context.Background(), GenOptions{Seed: 7, Compat: compat})
		if err != nil {
			t.Fatal(err)
		}
		count := map[int]int{}
		for i, r := range recs {
			count[r.Group]++
			if r.Group != GroupOfLine(i) {
				t.Errorf("%s: group %d at position %d", r.ID, r.Group, i)
			}
			q := r.Query
			if compat && r.Group == 14 {
				if !strings.HasPrefix(q, " ( ") && !strings.HasPrefix(q, " ") {
					t.Errorf("%s: compat long expression %q", r.ID, q)
				}
				q = strings.ReplaceAll(strings.TrimPrefix(q, " "), "( ", "(")
			}
			if ok, why := Conforms(r.Group, r.Query); !ok {
				t.Errorf("%s: %q outside group %d: %s", r.ID, r.Query, r.Group, why)
			}
			m := groupRe[r.Group].FindStringSubmatch(q)
			if m == nil {
				t.Errorf("%s (group %d): query %q does not have the group's shape", r.ID, r.Group, r.Query)
				continue
			}
			lim, ok := ranges[r.Group]
			if r.Group == 14 {
				m = append([]string{""}, regexp.MustCompile(`\d+`).FindAllString(q, -1)...)
				if n := len(m) - 1; n < 2 || n > 6 {
					t.Errorf("%s: %d operands in %q", r.ID, n, q)
				}
			}
			if r.Group == 12 {
				b, _ := strconv.ParseFloat(m[1], 64)
				e, _ := strconv.ParseFloat(m[2], 64)
				if b <= 0 || b >= 10 || e < 2 || e > 4 {
					t.Errorf("%s: base %v exponent %v out of range", r.ID, b, e)
				}
			}
			if r.Group == 11 {
				if e, _ := strconv.Atoi(m[2]); e < 2 || e > 4 {
					t.Errorf("%s: exponent %d", r.ID, e)
				}
			}
			if r.Group == 15 && m[2] != "" {
				if k, _ := strconv.ParseFloat(m[2], 64); k < -10 || k > 10 {
					t.Errorf("%s: %vπ out of range", r.ID, k)
				}
				m[2] = ""
			}
			if ok {
				for _, s := range m[1:] {
					if s == "" {
						continue
					}
					x, err := strconv.ParseFloat(s, 64)
					if err != nil || x < lim[0] || x > lim[1] {
						t.Errorf("%s: operand %s of %q outside %v", r.ID, s, r.Query, lim)
					}
				}
			}
			if r.Group == 10 && strings.HasSuffix(q, "/0=") || strings.HasSuffix(q, "÷0=") {
				t.Errorf("%s: division by zero", r.ID)
			}
			// answers: integers in the integer groups, 4 decimals elsewhere
			if integerGroups[r.Group] {
				if _, err := strconv.ParseInt(r.Answer, 10, 64); err != nil {
					t.Errorf("%s: answer %q is not an integer", r.ID, r.Answer)
				}
			} else if !regexp.MustCompile(`^-?\d+\.\d{4}$`).MatchString(r.Answer) {
				t.Errorf("%s: answer %q does not have 4 decimals", r.ID, r.Answer)
			}
			if !compat {
				// the answer is the query's literal value rounded to 4 decimals
				v, err := calc.Eval(context.Background(), r.Query, calc.Options{})
				if err != nil {
					t.Errorf("%s: %v", r.ID, err)
					continue
				}
				want := FormatAnswer(r.Group, v.Rat())
				if want != r.Answer {
					t.Errorf("%s: %q answer %s, literal value %s", r.ID, r.Query, r.Answer, want)
				}
			}
		}
		for g := 0; g < NumGroups; g++ {
			want := PerGroup
			if g == 0 {
				want = 1
			}
			if count[g] != want {
				t.Errorf("group %d has %d items, want %d", g, count[g], want)
			}
		}
	}
}

func TestGenerateUsesBothOperatorsAndForms(t *testing.T) {
	recs, _ := Generate(context.Background(), GenOptions{Seed: 3})
	seen := map[string]bool{}
	for _, r := range recs {
		for _, s := range []string{"+", "-", "×", "*", "/", "÷", "^", "**", "°", "π", "sin", "cos", "tan", "log 2", "ln", "log 10", "(", "e"} {
			if strings.Contains(r.Query, s) {
				seen[s] = true
			}
		}
	}
	for _, s := range []string{"+", "-", "×", "*", "/", "÷", "^", "**", "°", "π", "sin", "cos", "tan", "log 2", "ln", "log 10", "("} {
		if !seen[s] {
			t.Errorf("no query uses %q", s)
		}
	}
}

func TestCompatConventions(t *testing.T) {
	recs, _ := Generate(context.Background(), GenOptions{Seed: 1, Compat: true})
	plain, _ := Generate(context.Background(), GenOptions{Seed: 1})
	diffPi, diffTrig := 0, 0
	for i, r := range recs {
		if r.Query != plain[i].Query && !(r.Group == 14) {
			t.Fatalf("%s: compat changed the query %q -> %q", r.ID, plain[i].Query, r.Query)
		}
		if r.Answer == plain[i].Answer {
			continue
		}
		switch r.Group {
		case 13:
			v, _ := calc.Eval(context.Background(), r.Query, calc.Options{Pi: big.NewRat(31415, 10000), E: big.NewRat(271828, 100000)})
			if FormatAnswer(13, v.Rat()) != r.Answer {
				t.Errorf("%s: compat answer %s is not the 3.1415/2.71828 value", r.ID, r.Answer)
			}
			diffPi++
		case 15:
			diffTrig++
		default:
			t.Errorf("%s: compat changed the answer of group %d", r.ID, r.Group)
		}
	}
	if diffPi == 0 {
		t.Error("compat did not change any irrational answer")
	}
	t.Logf("compat changed %d irrational and %d trigonometric answers", diffPi, diffTrig)
}

// BenchmarkGenerate measures generating a whole set (401 items, answers included).
func BenchmarkGenerate(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if _, err := Generate(context.Background(), GenOptions{Seed: int64(i)}); err != nil {
			b.Fatal(err)
		}
	}
}
