package bench

import (
	"fmt"
	"testing"
)

func TestSelect(t *testing.T) {
	var items []Item
	for i := 0; i < 20; i++ {
		items = append(items, Item{ID: fmt.Sprint(i), Meta: map[string]string{"parity": fmt.Sprint(i % 2)}})
	}
	// Filter first: only the odd items remain, in order.
	got := Select(items, LoadOptions{Filter: map[string][]string{"parity": {"1"}}}, nil, PCG(1))
	if len(got) != 10 || got[0].ID != "1" || got[9].ID != "19" {
		t.Fatalf("filter: got %d items starting %v", len(got), got)
	}
	// A key with no accepted values constrains nothing.
	if got := Select(items, LoadOptions{Filter: map[string][]string{"parity": nil}}, nil, PCG(1)); len(got) != 20 {
		t.Fatalf("empty accepted list kept %d items, want 20", len(got))
	}
	// Sample: seeded, of the filtered items, in their original order; then the limit.
	a := Select(items, LoadOptions{Filter: map[string][]string{"parity": {"0"}}, Sample: 4, Seed: 9}, nil, PCG(7))
	b := Select(items, LoadOptions{Filter: map[string][]string{"parity": {"0"}}, Sample: 4, Seed: 9}, nil, PCG(7))
	if len(a) != 4 || fmt.Sprint(a) != fmt.Sprint(b) {
		t.Fatalf("sample not deterministic: %v vs %v", a, b)
	}
	pos := map[string]int{}
	for i, it := range items {
		pos[it.ID] = i
	}
	for i, it := range a {
		if it.Meta["parity"] != "0" || (i > 0 && pos[a[i-1].ID] >= pos[it.ID]) {
			t.Fatalf("sample out of filter or order: %v", a)
		}
	}
	lim := Select(items, LoadOptions{Filter: map[string][]string{"parity": {"0"}}, Sample: 4, Seed: 9, Limit: 2}, nil, PCG(7))
	if len(lim) != 2 || lim[0].ID != a[0].ID || lim[1].ID != a[1].ID {
		t.Fatalf("limit after sample: got %v, want the first two of %v", lim, a)
	}
	// A custom matcher.
	eq := func(key, have, want string) bool { return have == want || (want == "odd" && have == "1") }
	if got := Select(items, LoadOptions{Filter: map[string][]string{"parity": {"odd"}}}, eq, PCG(1)); len(got) != 10 {
		t.Fatalf("custom matcher kept %d, want 10", len(got))
	}
}
