package hardmath

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/matheval/matheval/bench"
)

func TestPromptShots(t *testing.T) {
	b := New() // it finds the shot examples beside the file it loaded
	items, _, err := b.Load(context.Background(), miniPath(t), bench.LoadOptions{Filter: map[string][]string{"type": {TypeODE}}, Limit: 2})
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
	it, err := ItemOf(context.Background(), "x", KeyedRow{"0", r})
	if err != nil {
		t.Fatal(err)
	}
	var samples []bench.Sample
	for _, reply := range []string{b.GoldReply(it), `$\boxed{[y = 1 - \frac{x^{3}}{18}, y = 0]}$`, "nothing"} {
		samples = append(samples, bench.Sample{Item: it, Reply: reply, Verdict: b.Grade(context.Background(), it, reply, "stop")})
	}
	for i := range samples {
		samples[i].Index = i // three samples of one item
	}
	s := b.Summarize(samples)
	// partial credit: (1 + 0.5 + 0) / 3; full credit: 1 of 3
	if s.Headline[0] != "partial_credit" || s.Value("partial_credit") != 0.5 || s.Value("full_credit") != 1.0/3 {
		t.Errorf("metrics: %+v", s.Metrics)
	}
	if m, _ := s.Metric("partial_credit"); m.N != 1 || !strings.Contains(m.Definition, "equal share") {
		t.Errorf("partial credit: %+v", m)
	}
	br, _ := s.Breakdown("by_type_regime")
	got := map[string]float64{}
	for _, g := range br.Groups {
		got[g.Key] = g.Values["partial_credit"].Value
	}
	// small x right twice, large x once; the reply with no answer scores 0 in both
	if len(got) != 2 || got["ODE|small_x"] != 2.0/3 || got["ODE|large_x"] != 1.0/3 {
		t.Errorf("regimes: %v", got)
	}
	var titles []string
	for _, tb := range s.Tables {
		titles = append(titles, tb.Name)
		if !tb.Main && tb.Name != "sampling" {
			t.Errorf("table %s is not printed after a run", tb.Name)
		}
	}
	if strings.Join(titles, ",") != "by_type,by_paper_type,by_type_regime,sampling" {
		t.Errorf("tables %v", titles)
	}
}
