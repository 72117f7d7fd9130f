package equiv

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/matheval/matheval/internal/testenv"
	"github.com/matheval/matheval/latex"
)

// lastBoxed returns the content of the last \boxed{...} / \fbox{...} of a
// solution (also "\boxed 5").
func lastBoxed(s string) (string, bool) {
	outs, _, _ := boxedAll(s)
	if len(outs) == 0 {
		return "", false
	}
	return outs[len(outs)-1], true
}

type goldItem struct{ id, gold string }

func loadMATHGolds(t testing.TB) []goldItem {
	root := testenv.Shared(t, "data", "math", "MATH")
	var items []goldItem
	for _, split := range []string{"train", "test"} {
		files, _ := filepath.Glob(filepath.Join(root, split, "*", "*.json"))
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			var rec struct {
				Solution string `json:"solution"`
			}
			if err := json.Unmarshal(b, &rec); err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			g, ok := lastBoxed(rec.Solution)
			id, _ := filepath.Rel(root, f)
			if !ok {
				t.Errorf("%s: no \\boxed answer", id)
				continue
			}
			items = append(items, goldItem{id, g})
		}
	}
	return items
}

func loadMATH500(t testing.TB) []goldItem {
	p := testenv.Shared(t, "data", "math500", "test.jsonl")
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	var items []goldItem
	for i, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		var rec struct {
			Answer   string `json:"answer"`
			UniqueID string `json:"unique_id"`
			Solution string `json:"solution"`
		}
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatalf("math500 line %d: %v", i+1, err)
		}
		items = append(items, goldItem{rec.UniqueID, rec.Answer})
	}
	return items
}

// emptyGolds are MATH solutions whose last box is empty in the dataset
// itself ("there are $\\boxed{}$ primes"): nothing to parse.
var emptyGolds = map[string]bool{
	"train/number_theory/7115.json": true,
	"train/number_theory/7117.json": true,
}

// TestGoldsSelfEqual parses every MATH and MATH-500 gold, prints it back
// to LaTeX, and checks that the printed form equals the original.
func TestGoldsSelfEqual(t *testing.T) {
	items := append(loadMATHGolds(t), loadMATH500(t)...)
	type fail struct{ id, gold, why string }
	var mu sync.Mutex
	var fails []fail
	textual := 0
	work := make(chan goldItem)
	var wg sync.WaitGroup
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for it := range work {
				if emptyGolds[it.id] {
					if strings.TrimSpace(it.gold) != "" {
						mu.Lock()
						fails = append(fails, fail{it.id, it.gold, "listed as empty but is not"})
						mu.Unlock()
					}
					continue
				}
				n, err := latex.ParseWith(it.gold, latex.Config{GoldApprox: true})
				if err != nil {
					mu.Lock()
					fails = append(fails, fail{it.id, it.gold, "parse: " + err.Error()})
					mu.Unlock()
					continue
				}
				printed := n.String()
				r := Compare(context.Background(), it.gold, printed, Options{Timeout: 2 * time.Second})
				if r.Outcome != Equal {
					mu.Lock()
					fails = append(fails, fail{it.id, it.gold, "printed " + printed + ": " + r.Outcome.String() + ": " + r.Reason})
					mu.Unlock()
				}
				if r2 := Compare(context.Background(), it.gold, it.gold, Options{Timeout: 2 * time.Second}); r2.Outcome != Equal {
					mu.Lock()
					fails = append(fails, fail{it.id, it.gold, "self: " + r2.Reason})
					mu.Unlock()
				}
				if strings.HasPrefix(printed, "\\text{") {
					mu.Lock()
					textual++
					mu.Unlock()
				}
			}
		}()
	}
	for _, it := range items {
		work <- it
	}
	close(work)
	wg.Wait()
	sort.Slice(fails, func(i, j int) bool { return fails[i].id < fails[j].id })
	for _, f := range fails {
		t.Logf("%s: %q: %s", f.id, f.gold, f.why)
	}
	t.Logf("%d golds, %d failing, %d read as text answers", len(items), len(fails), textual)
	if len(fails) > 0 {
		t.Errorf("%d golds fail the self-check", len(fails))
	}
}
