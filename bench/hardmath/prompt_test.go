package hardmath

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/internal/testenv"
)

func TestPromptShots(t *testing.T) {
	path := testenv.Shared(t, "data", "hardmath", "HARDMath_mini.json")
	b := New()
	items, _, err := b.Load(path, bench.LoadOptions{Filter: map[string][]string{"type": {TypeODE}}, Limit: 2})
	if err != nil || len(items) != 2 {
		t.Fatalf("%d items, %v", len(items), err)
	}
	for _, shots := range []int{0, 1, 5} {
		p, err := b.Prompt(items[0], bench.PromptOptions{Shots: shots})
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Count(p.Text, "Example question: "); got != shots {
			t.Errorf("%d shots: %d examples in the prompt", shots, got)
		}
		if !strings.HasSuffix(p.Text, "Solution:") || !strings.Contains(p.Text, "Question: "+items[0].Problem) ||
			!strings.Contains(p.Text, "Python list containing SymPy convertible formula of $y = f(x)$") {
			t.Errorf("%d shots: prompt lacks the question, hint or final cue:\n%s", shots, p.Text[max(0, len(p.Text)-600):])
		}
		if shots > 0 && strings.Contains(p.Text, "Nondimensionalize") {
			t.Error("examples of another type in an ODE prompt")
		}
		if len(p.Messages) != 1 || p.Messages[0].Content != p.Text {
			t.Errorf("messages: %+v", p.Messages)
		}
	}
	tpl := filepath.Join(t.TempDir(), "t.tmpl")
	os.WriteFile(tpl, []byte("Q={{.Question}}|H={{.Hint}}"), 0o644)
	p, err := b.Prompt(items[0], bench.PromptOptions{TemplateFile: tpl})
	if err != nil || !strings.HasPrefix(p.Text, "Q="+items[0].Problem+"|H=Hint:") {
		t.Errorf("template: %q %v", p.Text, err)
	}
	if _, err := b.Prompt(items[0], bench.PromptOptions{Name: "nosuch"}); err == nil {
		t.Error("unknown template accepted")
	}
	if _, err := New().Prompt(items[0], bench.PromptOptions{Shots: 1}); err == nil {
		t.Error("shots without a shot file should fail")
	}
}

func TestSummarize(t *testing.T) {
	b := New()
	r := rowOf(t, odeRow)
	it, err := ItemOf("x", KeyedRow{"0", r})
	if err != nil {
		t.Fatal(err)
	}
	var samples []bench.Sample
	for _, reply := range []string{b.GoldReply(it), `$\boxed{[y = 1 - \frac{x^{3}}{18}, y = 0]}$`, "nothing"} {
		samples = append(samples, bench.Sample{Item: it, Reply: reply, Verdict: b.Grade(it, reply, "stop")})
	}
	s := b.Summarize(samples)
	if s.Metrics["score"] != 0.5 || s.Metrics["accuracy"] != 1.0/3 {
		t.Errorf("metrics: %v", s.Metrics)
	}
	if len(s.Tables) != 2 || len(s.Tables[0].Rows) != 1 || !strings.Contains(s.Tables[0].Rows[0][4], "large_x 0.500") {
		t.Errorf("tables: %+v", s.Tables)
	}
}
