package run

import (
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/matheval/matheval/rundir"
)

// Price is what a model costs, in US dollars per million tokens.
// Reasoning tokens are billed as completion tokens (as the APIs that
// report them count them among the completion tokens).
type Price struct {
	Prompt     float64 `json:"prompt"`
	Completion float64 `json:"completion"`
}

// Prices maps model names to prices. A name ending in "*" matches every
// model starting with the rest; the longest match wins.
type Prices map[string]Price

// LoadPrices reads a price table: a JSON object of model name ->
// {"prompt": USD per 1M tokens, "completion": USD per 1M tokens}.
func LoadPrices(path string) (Prices, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(strings.NewReader(string(b)))
	dec.DisallowUnknownFields()
	var p Prices
	if err := dec.Decode(&p); err != nil {
		return nil, fmt.Errorf("%s: %v (want {\"model\": {\"prompt\": USD/1M, \"completion\": USD/1M}})", path, err)
	}
	for name, pr := range p {
		if pr.Prompt < 0 || pr.Completion < 0 {
			return nil, fmt.Errorf("%s: model %q: negative price", path, name)
		}
	}
	return p, nil
}

// Lookup finds the price of model.
func (p Prices) Lookup(model string) (Price, bool) {
	if pr, ok := p[model]; ok {
		return pr, true
	}
	var keys []string
	for k := range p {
		if strings.HasSuffix(k, "*") && strings.HasPrefix(model, strings.TrimSuffix(k, "*")) {
			keys = append(keys, k)
		}
	}
	if len(keys) == 0 {
		return Price{}, false
	}
	sort.Slice(keys, func(i, j int) bool { return len(keys[i]) > len(keys[j]) })
	return p[keys[0]], true
}

// Cost is the price of u.
func (pr Price) Cost(u rundir.Usage) float64 {
	return (float64(u.PromptTokens)*pr.Prompt + float64(u.CompletionTokens)*pr.Completion) / 1e6
}
