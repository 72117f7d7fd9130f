package amps

import (
	"context"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"
)

var wordModules = []string{"word_story_arithmetic", "word_work_backwards", "word_money_change", "word_ratio_share", "word_ages", "word_rates"}

// wordOpsConst is each word module's c in wordOps(c): its operations at
// size s are s + c, whatever the question.
var wordOpsConst = map[string]int{"word_story_arithmetic": 2, "word_work_backwards": 1, "word_money_change": 1, "word_ratio_share": 3, "word_ages": 2, "word_rates": 3}

// TestWordText reads generated word problems as a reader would: plurals
// agree with their counts, money has two decimals, the story ends with
// its question, no count is negative, a sentence after an irrelevant one
// does not open with a pronoun, the answer of a counting story is a whole
// number, and the solution has exactly the module's number of operations
// for its level (its level is its size: size + c paragraphs).
func TestWordText(t *testing.T) {
	n := 60
	if testing.Short() {
		n = 20
	}
	mods, err := Select(wordModules)
	if err != nil {
		t.Fatal(err)
	}
	for _, sp := range []string{Train, Extrapolate} {
		recs, _, err := Generate(context.Background(), Options{Modules: mods, N: n, Seed: 5, Split: sp})
		if err != nil {
			t.Fatal(err)
		}
		one := regexp.MustCompile(`(^|[^0-9.$])1 (more )?([a-z]+)`)
		money := regexp.MustCompile(`\\\$[0-9.]+`)
		twoDec := regexp.MustCompile(`^\\\$[0-9]+\.[0-9]{2}$`)
		neg := regexp.MustCompile(`(^|[^0-9a-z}])-[0-9]`)
		perModule := map[string]int{}
		for _, r := range recs {
			perModule[r.Module]++
			text := r.Problem + "\n" + r.Solution
			for _, mt := range one.FindAllStringSubmatch(text, -1) {
				if w := mt[3]; strings.HasSuffix(w, "s") && w != "is" && w != "was" && w != "has" {
					t.Errorf("%s: a count of 1 with a plural %q: %s", r.UniqueID, w, r.Problem)
				}
			}
			for _, p := range money.FindAllString(text, -1) {
				if !twoDec.MatchString(p) {
					t.Errorf("%s: money %q without two decimals", r.UniqueID, p)
				}
			}
			if neg.MatchString(r.Problem) || strings.HasPrefix(r.Answer, "-") {
				t.Errorf("%s: a negative number: %s (answer %s)", r.UniqueID, r.Problem, r.Answer)
			}
			if !strings.HasSuffix(r.Problem, "?") {
				t.Errorf("%s: the problem does not end with its question: %s", r.UniqueID, r.Problem)
			}
			if strings.Contains(r.Problem, "  ") || strings.Contains(r.Problem, " .") {
				t.Errorf("%s: spacing: %q", r.UniqueID, r.Problem)
			}
			if r.Module != "word_money_change" && r.Module != "word_rates" && strings.ContainsAny(r.Answer, `.\`) {
				t.Errorf("%s: a counting story with the answer %s", r.UniqueID, r.Answer)
			}
			size := r.LevelNum()
			if sp == Extrapolate {
				size += extrapolateShift
			}
			if got, want := stepsProxy(r), float64(size+wordOpsConst[r.Module]); got != want {
				t.Errorf("%s: %v operations at size %d, want %v:\n%s", r.UniqueID, got, size, want, r.Solution)
			}
		}
		for _, name := range wordModules {
			if perModule[name] != n {
				t.Errorf("%s %s: %d problems, want %d", sp, name, perModule[name], n)
			}
		}
	}
}

// TestWordComposed: the stories are composed, not one sentence with
// numbers: over a sample each module opens with several different
// sentence shapes (the text with its numbers and names blanked), almost
// every story is a different sequence of shapes, asks
// several questions, and writes an irrelevant sentence in some problems
// and not in others.
func TestWordComposed(t *testing.T) {
	mods, err := Select(wordModules)
	if err != nil {
		t.Fatal(err)
	}
	recs, _, err := Generate(context.Background(), Options{Modules: mods, N: 100, Seed: 9})
	if err != nil {
		t.Fatal(err)
	}
	digits := regexp.MustCompile(`[0-9]+(\.[0-9]+)?`)
	names := map[string]bool{}
	for _, p := range wordPeople {
		names[p.name] = true
	}
	blank := func(s string) string {
		s = digits.ReplaceAllString(s, "N")
		words := strings.Fields(s)
		for i, w := range words {
			if names[strings.TrimRight(strings.TrimSuffix(w, "'s"), ".,?")] {
				words[i] = "P"
			}
		}
		return strings.Join(words, " ")
	}
	shapes, stories := map[string]map[string]bool{}, map[string]map[string]bool{}
	questions := map[string]map[string]bool{}
	distract := map[string][2]int{}
	distractors := []string{"years old.", "blocks from the", "walk to school takes", "younger cousins", "pets.", "birthday is in", "sets off at", "backpack weighs", "weather forecast"}
	for _, r := range recs {
		if shapes[r.Module] == nil {
			shapes[r.Module], questions[r.Module], stories[r.Module] = map[string]bool{}, map[string]bool{}, map[string]bool{}
		}
		stories[r.Module][blank(r.Problem)] = true
		sentences := strings.SplitAfter(r.Problem, ". ")
		shapes[r.Module][blank(sentences[len(sentences)/2])] = true
		q := r.Problem[strings.LastIndex(r.Problem, ". ")+2:]
		questions[r.Module][blank(q)] = true
		d := distract[r.Module]
		has := false
		for _, w := range distractors {
			// "years old." states an age in word_ages, where it is not a distractor
			if strings.Contains(r.Problem, w) && !(r.Module == "word_ages" && w == "years old.") {
				has = true
			}
		}
		if has {
			d[0]++
		} else {
			d[1]++
		}
		distract[r.Module] = d
	}
	for _, name := range wordModules {
		if len(shapes[name]) < 8 {
			t.Errorf("%s: %d sentence shapes in the middle of 100 stories, want at least 8", name, len(shapes[name]))
		}
		if len(stories[name]) < 90 {
			t.Errorf("%s: %d story shapes (sentence frames in order) among 100 stories, want at least 90", name, len(stories[name]))
		}
		t.Logf("%s: %d story shapes, %d middle-sentence shapes, %d question shapes in 100 stories", name, len(stories[name]), len(shapes[name]), len(questions[name]))
		if len(questions[name]) < 3 {
			t.Errorf("%s: %d question shapes, want at least 3: %v", name, len(questions[name]), questions[name])
		}
		if d := distract[name]; d[0] < 10 || d[1] < 10 {
			t.Errorf("%s: %d problems with an irrelevant sentence and %d without, want some of each", name, d[0], d[1])
		}
	}
}

// TestWordEventsInverse: undoing an event after applying it gives the
// amounts back, and each refuses what no amount could give (a count below
// zero, a share that does not divide), so that the second paths of the
// modules (replayUndo, replayApply) can fail.
func TestWordEventsInverse(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	ops := []byte{evGain, evLose, evGive, evTimes, evShare, evPacks, evBuy}
	applied := 0
	for range 5000 {
		e := wev{op: ops[r.IntN(len(ops))], who: 0, to: 1, k: 2 + r.Int64N(5), m: 1 + r.Int64N(9)}
		a := []int64{r.Int64N(60), r.Int64N(60)}
		b := slices.Clone(a)
		if !e.apply(b) {
			continue
		}
		applied++
		if b[0] < 0 || b[1] < 0 {
			t.Fatalf("%c %v on %v gives a negative count %v", e.op, e, a, b)
		}
		if !e.undo(b) || !slices.Equal(a, b) {
			t.Fatalf("%c %+v: apply then undo on %v gives %v", e.op, e, a, b)
		}
	}
	if applied < 1000 {
		t.Fatalf("only %d events applied", applied)
	}
	if (wev{op: evLose, k: 5}).apply([]int64{3}) {
		t.Error("losing 5 of 3 applied")
	}
	if (wev{op: evShare, k: 4}).apply([]int64{10}) {
		t.Error("sharing 10 among 4 applied")
	}
	if (wev{op: evTimes, k: 3}).undo([]int64{10}) {
		t.Error("undoing a tripling of 10 applied")
	}
	if _, err := replayUndo([]wev{{op: evTimes, k: 2}}, []int64{7}); err == nil {
		t.Error("replayUndo accepted 7 as a doubled amount")
	}
	if _, err := replayApply([]wev{{op: evBuy, k: 3, m: 500}}, []int64{1000}); err == nil {
		t.Error("replayApply spent $15.00 of $10.00")
	}
}

// TestWordAgeRelations: every relation's sentence, forwards and backwards
// computation agree on random ages.
func TestWordAgeRelations(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 3000 {
		rel := ageRel{op: "+-*/fps"[r.IntN(7)], i: 1, j: 0, k: 2 + r.Int64N(9)}
		aj := 1 + r.Int64N(60)
		if rel.op == 's' {
			rel.k = aj + 1 + r.Int64N(40)
		}
		ai, ok := rel.of(aj)
		if !ok {
			continue
		}
		if !rel.holds(ai, aj) {
			t.Fatalf("%c k=%d: %d from %d does not satisfy the relation", rel.op, rel.k, ai, aj)
		}
		if back, ok := rel.back(ai); !ok || back != aj {
			t.Fatalf("%c k=%d: back from %d gives %d, want %d", rel.op, rel.k, ai, back, aj)
		}
		if rel.holds(ai+1, aj) {
			t.Fatalf("%c k=%d: the relation holds of %d and %d too", rel.op, rel.k, ai+1, aj)
		}
	}
}

// TestStepsProxy: the word modules' proxy counts the solution's
// paragraphs before the final sentence, and DifficultyProxy uses it for
// them only.
func TestStepsProxy(t *testing.T) {
	r := Record{Problem: "A story?", Solution: "One $1 + 2 = 3$.\n\nTwo $3 + 4 = 7$.\n\nThe answer is $\\boxed{7}$.", Module: "word_story_arithmetic"}
	if got := DifficultyProxy(r); got != 2 {
		t.Errorf("word proxy %v, want 2", got)
	}
	r.Module = "fraction_add"
	if got := DifficultyProxy(r); got != 5+5 {
		t.Errorf("characters proxy %v, want 10", got)
	}
	if got := stepsProxy(Record{Solution: "The answer is $\\boxed{7}$."}); got != 0 {
		t.Errorf("no steps: proxy %v, want 0", got)
	}
}

// TestSplitMathEscapedDollar: a price \$ is text, not a delimiter.
func TestSplitMathEscapedDollar(t *testing.T) {
	prose, maths := splitMath(`Ava has $\$2.50 \cdot 4 = \$10.00$ now, and $x$.`)
	if len(maths) != 2 || maths[0] != `\$2.50 \cdot 4 = \$10.00` || maths[1] != "x" {
		t.Errorf("maths %q", maths)
	}
	if len(prose) != 3 || strings.Contains(strings.Join(prose, ""), "=") {
		t.Errorf("prose %q", prose)
	}
	if got := Lint(Record{Problem: `Ava pays $\$2.50 \cdot 4 = \$10.00$.`, Solution: "The answer is $\\boxed{10}$."}); len(got) != 0 {
		t.Errorf("lint findings on prices in a formula: %v", got)
	}
}
