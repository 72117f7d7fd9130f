package corpus

import (
	"context"
	"encoding/json"
	"math/rand"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/matheval/matheval/internal/testenv"
)

// loadMATH reads the "problem" fields of MATH's per-problem JSON files.
func loadMATH(t testing.TB, split string) []Doc {
	dir := testenv.Shared(t, "data", "math", "MATH", split)
	files, err := filepath.Glob(filepath.Join(dir, "*", "*.json"))
	if err != nil || len(files) == 0 {
		t.Skipf("no MATH files under %s", dir)
	}
	sort.Strings(files)
	docs := make([]Doc, 0, len(files))
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var row struct {
			Problem string `json:"problem"`
			Type    string `json:"type"`
		}
		if err := json.Unmarshal(b, &row); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		docs = append(docs, Doc{ID: f, Text: row.Problem, Group: row.Type})
	}
	return docs
}

func sample(docs []Doc, n int, seed int64) []Doc {
	rng := rand.New(rand.NewSource(seed))
	idx := rng.Perm(len(docs))
	if n > len(docs) {
		n = len(docs)
	}
	out := make([]Doc, n)
	for k := 0; k < n; k++ {
		out[k] = docs[idx[k]]
	}
	return out
}

func assertSame(t *testing.T, fast, brute Result) {
	t.Helper()
	if len(fast.LD) != len(brute.LD) {
		t.Fatalf("lengths differ")
	}
	for i := range fast.LD {
		if fast.LD[i] != brute.LD[i] {
			t.Fatalf("LD[%d] = %v, brute force %v", i, fast.LD[i], brute.LD[i])
		}
	}
	if fast.CLD != brute.CLD {
		t.Fatalf("CLD %v, brute force %v", fast.CLD, brute.CLD)
	}
}

// The indexed search must give exactly the brute-force values on a
// 2,000-problem sample of MATH, under each option set.
func TestDiversityEqualsBruteForceOnMATH(t *testing.T) {
	docs := sample(loadMATH(t, "train"), 2000, 1)
	if testing.Short() {
		docs = docs[:500]
	}
	all := loadMATH(t, "train")
	for k, o := range []Options{{}, {Lowercase: true, MaskNumbers: true, MaskNames: true, SameGroup: true}} {
		if k > 0 {
			docs = sample(all, 600, 2) // keeps the suite fast; the 2,000 check runs above
		}
		fast, err := Diversity(context.Background(), docs, o)
		if err != nil {
			t.Fatal(err)
		}
		brute, err := DiversityBrute(context.Background(), docs, o)
		if err != nil {
			t.Fatal(err)
		}
		assertSame(t, fast, brute)
		t.Logf("%+v: CLD %.4f, exact pairs %d (brute %d)", o, fast.CLD, fast.Pairs, brute.Pairs)
		if fast.Pairs >= brute.Pairs {
			t.Errorf("no pruning: %d pairs vs %d", fast.Pairs, brute.Pairs)
		}
	}
}

// Small synthetic corpora, including short texts, duplicates, empty texts
// and groups, must also agree exactly.
func TestDiversityEqualsBruteForceSynthetic(t *testing.T) {
	words := []string{"the", "cat", "sat", "on", "mat", "dog", "ran", "to", "a", "park", "Tom", "has", "3", "apples", "."}
	rng := rand.New(rand.NewSource(7))
	var docs []Doc
	for i := 0; i < 300; i++ {
		n := rng.Intn(12)
		s := ""
		for k := 0; k < n; k++ {
			s += words[rng.Intn(len(words))] + " "
		}
		docs = append(docs, Doc{Text: s, Group: string(rune('A' + rng.Intn(3)))})
	}
	docs = append(docs, docs[5], Doc{Text: "", Group: "A"}, Doc{Text: "alone", Group: "Z"})
	for _, o := range []Options{{}, {SameGroup: true}, {Lowercase: true, MaskNumbers: true, MaskNames: true, SameGroup: true}} {
		fast, err := Diversity(context.Background(), docs, o)
		if err != nil {
			t.Fatal(err)
		}
		brute, _ := DiversityBrute(context.Background(), docs, o)
		assertSame(t, fast, brute)
	}
}

func TestLDOfIdenticalTextsIsZero(t *testing.T) {
	docs := []Doc{{Text: "Janet has nine oranges."}, {Text: "Janet has nine oranges."}, {Text: "Something else entirely here"}}
	r, err := Diversity(context.Background(), docs, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r.LD[0] != 0 || r.LD[1] != 0 {
		t.Errorf("LD of duplicates = %v", r.LD)
	}
	if r.LD[2] != 1 {
		t.Errorf("LD of an unrelated text = %v, want 1", r.LD[2])
	}
}

func BenchmarkDiversityMATH(b *testing.B) {
	docs := append(loadMATH(b, "train"), loadMATH(b, "test")...)
	b.ResetTimer()
	for k := 0; k < b.N; k++ {
		r, err := Diversity(context.Background(), docs, Options{})
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(r.CLD, "CLD")
		b.ReportMetric(float64(r.Pairs), "pairs")
	}
}
