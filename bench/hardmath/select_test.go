package hardmath

import (
	"context"
	"math/rand/v2"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/matheval/matheval/bench"
)

// oldSample is the loader's sampling before it moved onto bench.Select,
// kept as the oracle: shuffle with HARDMath's stream, keep the first n,
// sort by id.
func oldSample(items []bench.Item, n int, seed int64) []bench.Item {
	items = append([]bench.Item(nil), items...)
	r := rand.New(rand.NewPCG(uint64(seed), 0x4a52444d))
	r.Shuffle(len(items), func(i, j int) { items[i], items[j] = items[j], items[i] })
	items = items[:n]
	idNum := func(id string) int {
		v, _ := strconv.Atoi(id[strings.LastIndex(id, "/")+1:])
		return v
	}
	sort.SliceStable(items, func(i, j int) bool { return idNum(items[i].ID) < idNum(items[j].ID) })
	return items
}

// Seeded samples are the same items as before the move onto bench.Select.
func TestSampleUnchangedBySelect(t *testing.T) {
	b := New()
	all, _, err := b.Load(context.Background(), "", bench.LoadOptions{Seed: 3, Limit: 24})
	if err != nil {
		t.Fatal(err)
	}
	ids := func(its []bench.Item) []string {
		var out []string
		for _, it := range its {
			out = append(out, it.ID)
		}
		return out
	}
	for _, seed := range []int64{1, 2, 7, 42} {
		for _, n := range []int{1, 5, 17} {
			want := ids(oldSample(all, n, seed))
			got := ids(bench.Select(all, bench.LoadOptions{Sample: n, Seed: seed}, nil, bench.PCG(sampleStream)))
			if !reflect.DeepEqual(got, want) {
				t.Errorf("seed %d, n %d: Select picks %v, the old loader %v", seed, n, got, want)
			}
		}
	}
}
