package corpus

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestDuplicates(t *testing.T) {
	docs := []Doc{
		{ID: "a", Text: "Janet has nine oranges and Sharon has seven oranges. How many oranges do they have together?"},
		{ID: "b", Text: "janet has nine  oranges and Sharon has seven oranges. How many oranges do they have together?"},
		{ID: "c", Text: "Janet has nine apples and Sharon has seven oranges. How many oranges do they have together?"},
		{ID: "d", Text: "Compute $\\cos 150^\\circ$."},
		{ID: "e", Text: "Compute $\\cos (-150^\\circ)$."},
	}
	rep, err := Duplicates(context.Background(), docs, Options{}, 0.5)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Exact) != 1 || strings.Join(rep.Exact[0].IDs, ",") != "a,b" {
		t.Errorf("exact = %+v", rep.Exact)
	}
	near := map[string]float64{}
	for _, p := range rep.Near {
		near[p.IDA+p.IDB] = p.Score
	}
	if near["ac"] < 0.5 || near["bc"] < 0.5 {
		t.Errorf("near pairs = %+v", rep.Near)
	}
	if _, ok := near["ab"]; ok {
		t.Error("an exact pair is listed as near")
	}
	// Every pair above the threshold is found: compare with scoring all pairs.
	for i := range docs {
		for j := i + 1; j < len(docs); j++ {
			s := Score(docs[i].Text, docs[j].Text, Options{})
			_, listed := near[docs[i].ID+docs[j].ID]
			exact := docs[i].ID+docs[j].ID == "ab"
			if s >= 0.5 && !listed && !exact {
				t.Errorf("pair %s %s scores %.3f but is not listed", docs[i].ID, docs[j].ID, s)
			}
		}
	}
}

func TestOverlapRules(t *testing.T) {
	long := "A parabola with equation y = x^2 + bx + c passes through the points (2,3) and (4,3). What is the value of c here?"
	a := []Doc{
		{ID: "a1", Text: long},
		{ID: "a2", Text: "Completely different words that appear nowhere else at all in the other set, believe it or not."},
		{ID: "a3", Text: "Short one."},
	}
	b := []Doc{
		{ID: "b1", Text: "Intro. " + strings.ToUpper(long[:80]) + " something else"},
		{ID: "b2", Text: "short ONE."},
	}
	rep, err := Overlap(context.Background(), a, b, 1)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]OverlapItem{}
	for _, it := range rep.Items {
		got[it.ID] = it
	}
	if !got["a1"].GPT3 || got["a1"].Matches[0] != "b1" {
		t.Errorf("a1: %+v", got["a1"])
	}
	if _, ok := got["a2"]; ok {
		t.Errorf("a2 flagged: %+v", got["a2"])
	}
	if !got["a3"].GPT3 || !got["a3"].Exact {
		t.Errorf("short a3 should match whole (GPT-3) and exactly: %+v", got["a3"])
	}
	// GPT-4 is case-sensitive: a copy differing in case is not caught, an exact copy is.
	rep2, _ := Overlap(context.Background(), a[:1], []Doc{{ID: "b3", Text: "x " + long + " y"}}, 1)
	if rep2.GPT4Count != 1 || rep2.Items[0].GPT4Hits != 3 {
		t.Errorf("gpt4: %+v", rep2)
	}
	rep3, _ := Overlap(context.Background(), a[:1], b[:1], 1)
	if rep3.Items[0].GPT4 {
		t.Errorf("gpt4 matched an upper-cased copy: %+v", rep3.Items[0])
	}
}

// The known problem MATH shares between its test and train splits.
func TestOverlapMATHTestTrain(t *testing.T) {
	if testing.Short() {
		t.Skip("reads all of MATH")
	}
	rep, err := Overlap(context.Background(), loadMATH(t, "test"), loadMATH(t, "train"), 1)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, it := range rep.Items {
		if strings.HasSuffix(it.ID, filepath.Join("precalculus", "24307.json")) && it.Exact {
			found = strings.HasSuffix(it.Matches[0], filepath.Join("geometry", "6032.json"))
		}
	}
	if !found {
		t.Errorf("known shared problem not found; %d exact", rep.ExactCount)
	}
}

func TestHistogramAndLoadTexts(t *testing.T) {
	dir := t.TempDir()
	if err := WriteHistogram([]float64{0.1, 0.5, 0.5, 0.9}, 10, "t", filepath.Join(dir, "h.png"), filepath.Join(dir, "h.svg")); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"h.png", "h.svg"} {
		if st, err := os.Stat(filepath.Join(dir, f)); err != nil || st.Size() < 100 {
			t.Errorf("%s: %v", f, err)
		}
	}
	if err := WriteHistogram([]float64{0.1}, 10, "t", filepath.Join(dir, "h.gif")); err == nil {
		t.Error("gif accepted")
	}
	os.WriteFile(filepath.Join(dir, "a.jsonl"), []byte(`{"problem":"p1","type":"x"}`+"\n"+`{"question":"p2"}`+"\n"), 0o644)
	os.MkdirAll(filepath.Join(dir, "sub"), 0o755)
	os.WriteFile(filepath.Join(dir, "sub", "b.json"), []byte(`{"problem":"p3"}`), 0o644)
	docs, err := LoadTexts(dir)
	if err != nil || len(docs) != 3 || docs[0].Group != "x" {
		t.Fatalf("LoadTexts: %v %+v", err, docs)
	}
	os.WriteFile(filepath.Join(dir, "bad.jsonl"), []byte("{\n"), 0o644)
	if _, err := LoadTexts(filepath.Join(dir, "bad.jsonl")); err == nil || !strings.Contains(err.Error(), "bad.jsonl:1") {
		t.Errorf("bad jsonl: %v", err)
	}
}

// Near duplicates found through the index are exactly the pairs at or above
// the threshold when every pair is scored.
func TestDuplicatesEqualBruteForceOnMATH(t *testing.T) {
	docs := sample(loadMATH(t, "train"), 800, 3)
	const th = 0.4
	rep, err := Duplicates(context.Background(), docs, Options{}, th)
	if err != nil {
		t.Fatal(err)
	}
	got := map[[2]int]float64{}
	for _, p := range rep.Near {
		got[[2]int{p.A, p.B}] = p.Score
	}
	exact := map[int]int{}
	for g, e := range rep.Exact {
		for _, i := range e.Docs {
			exact[i] = g + 1
		}
	}
	p := prepare(docs, Options{}, 1<<30)
	want := 0
	for i := range docs {
		for j := i + 1; j < len(docs); j++ {
			if exact[i] != 0 && exact[i] == exact[j] {
				continue
			}
			s := p.pair(i, j)
			if s >= th {
				want++
				if g, ok := got[[2]int{i, j}]; !ok || g != s {
					t.Errorf("pair %d,%d score %v: listed %v", i, j, s, ok)
				}
			}
		}
	}
	if want != len(rep.Near) || want == 0 {
		t.Errorf("%d near pairs listed, brute force finds %d", len(rep.Near), want)
	}
}

func BenchmarkOverlapMATH(b *testing.B) {
	a, t := loadMATH(b, "test"), loadMATH(b, "train")
	b.ResetTimer()
	for k := 0; k < b.N; k++ {
		rep, err := Overlap(context.Background(), a, t, 1)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(rep.GPT3Count), "gpt3")
	}
}
