package math401

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"os"
	"strconv"
	"strings"

	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/jsonl"
)

// DefaultSeed is the seed of the set generated when no data file is given
// and LoadOptions.Seed is 0: the README's main command scores this set.
const DefaultSeed = 1

// rawLine is one line of either form: the released file (query, response)
// or a generated set (id, group, query, answer).
type rawLine struct {
	ID       string          `json:"id"`
	Group    *int            `json:"group"`
	Query    *string         `json:"query"`
	Answer   json.RawMessage `json:"answer"`
	Response json.RawMessage `json:"response"`
	Compat   bool            `json:"compat"`
}

// answerText accepts an answer written as a JSON string or a JSON number.
func answerText(raw json.RawMessage) (string, bool) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return "", false
	}
	var s string
	if err := json.Unmarshal(raw, &s); err == nil {
		return strings.TrimSpace(s), true
	}
	var n json.Number
	if err := json.Unmarshal(raw, &n); err == nil {
		return n.String(), true
	}
	return "", false
}

// ReadFile reads a MATH 401 file: the released math401.json (JSON Lines of
// query and response; the group is the line's position) or a generated set
// (JSON Lines with group). Errors name the file and line.
func ReadFile(path string) ([]bench.Item, []bench.Warning, error) {
	if err := bench.RefuseOther(path, "math401"); err != nil {
		return nil, nil, err
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	return parseLines(path, data)
}

func parseLines(path string, data []byte) ([]bench.Item, []bench.Warning, error) {
	var items []bench.Item
	var warns []bench.Warning
	positional := 0
	err := jsonl.Each(bytes.NewReader(data), path, func(line int, r rawLine) error {
		if r.Query == nil || strings.TrimSpace(*r.Query) == "" {
			return errors.New("no \"query\"")
		}
		ans, ok := answerText(r.Answer)
		if !ok {
			ans, ok = answerText(r.Response)
		}
		if !ok {
			return errors.New("no \"answer\" or \"response\"")
		}
		if _, ok := new(big.Rat).SetString(ans); !ok {
			return fmt.Errorf("answer %q is not a number", ans)
		}
		n := len(items)
		group := GroupOfLine(n)
		if r.Group != nil {
			group = *r.Group
			if group < 0 || group >= NumGroups {
				return fmt.Errorf("group %d is not in 0..%d", group, NumGroups-1)
			}
		} else {
			positional++
		}
		id := r.ID
		if id == "" {
			id = fmt.Sprintf("math401/%d", n)
		}
		it := bench.Item{
			ID:      id,
			Problem: *r.Query,
			Answer:  ans,
			Meta:    map[string]string{"group": strconv.Itoa(group), "line": strconv.Itoa(line)},
		}
		// The released file (its lines have a response, not an answer) and
		// sets generated with --compat follow the paper's conventions.
		if r.Compat || len(bytes.TrimSpace(r.Response)) > 0 {
			it.Meta[compatMeta] = "1"
		}
		items = append(items, it)
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	if len(items) == 0 {
		return nil, nil, fmt.Errorf("%s: no items", path)
	}
	if positional > 0 && len(items) != Size {
		warns = append(warns, bench.Warning{Where: path, Message: fmt.Sprintf(
			"%d items without a group field: groups are assigned by position, which assumes the released file's %d lines", len(items), Size)})
	}
	seen := map[string]int{}
	for i, it := range items {
		if j, ok := seen[it.ID]; ok {
			return nil, nil, fmt.Errorf("%s: id %q on lines %s and %s", path, it.ID, items[j].Meta["line"], it.Meta["line"])
		}
		seen[it.ID] = i
	}
	return items, warns, nil
}

// GeneratedItems generates a set and returns it as items.
func GeneratedItems(ctx context.Context, opts GenOptions) ([]bench.Item, error) {
	recs, err := Generate(ctx, opts)
	if err != nil {
		return nil, err
	}
	items := make([]bench.Item, len(recs))
	for i, r := range recs {
		items[i] = bench.Item{ID: r.ID, Problem: r.Query, Answer: r.Answer,
			Meta: map[string]string{"group": strconv.Itoa(r.Group)}}
		if r.Compat {
			items[i].Meta[compatMeta] = "1"
		}
	}
	return items, nil
}

// selectItems applies LoadOptions' filter, seeded sample and limit.
func selectItems(items []bench.Item, opts bench.LoadOptions) []bench.Item {
	return bench.Select(items, opts, nil, bench.PCG(0x73616d706c65))
}
