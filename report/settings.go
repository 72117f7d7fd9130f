package report

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/matheval/matheval/rundir"
)

// SettingDiff is one setting in which two runs differ.
type SettingDiff struct {
	Name string `json:"name"`
	A    string `json:"a"`
	B    string `json:"b"`
	// Changes is set when the setting changes the replies or their
	// grading (the prompt, the data, the temperature), so that the runs'
	// difference is not the model's alone. The model itself is the point of
	// a comparison and does not count.
	Changes bool `json:"changes_replies"`
}

func (s SettingDiff) String() string {
	return fmt.Sprintf("%s: %s → %s", s.Name, s.A, s.B)
}

// operational parameters change how a run was carried out, not what the
// model was asked or how it was graded; they are left out of the diff.
var operational = map[string]bool{
	"out": true, "progress": true, "concurrency": true, "rpm": true, "tpm": true, "max-retries": true,
	"max_retries": true, "timeout": true, "base-url": true, "base_url": true, "api-key-env": true,
	"help": true, "max-cost": true, "max-requests": true, "prices": true, "data": true, "model": true,
	"verbose": true, "resume": true, "judge-base-url": true, "json": true, "servers": true,
	"backoff_base": true, "backoff_max": true, "max_cost": true, "max_requests": true, "price": true, "priced": true,
}

// SettingsDiff lists the settings in which two runs differ, in a few short
// lines: the model, the benchmark, the data, the prompt, the grader, the
// samples and seed, then each run parameter that differs, nested ones by
// their dotted path ("model_settings.temperature"). Parameters that only
// change how the run was carried out (concurrency, output folder, rate
// limits) are left out.
func SettingsDiff(a, b rundir.Manifest) []SettingDiff {
	return settingsDiff(a, b, false)
}

// replyNeutral are parameters that differ without changing a reply or its
// grading: they ask the server for more about the same reply, or choose
// which items run (a comparison pairs the items both runs hold).
var replyNeutral = map[string]bool{"logprobs": true, "top-logprobs": true, "top_logprobs": true, "limit": true, "sample": true}

// asSettings are the flags the manifest already holds as settings of its
// own (listed once, under the manifest's name): the prompt, the seed, the
// samples per item.
var asSettings = map[string]bool{"prompt": true, "seed": true, "samples": true}

// settingsDiff is SettingsDiff; samePrompts says that every item the two
// runs share was sent the byte-identical prompt, so that a difference of
// the data or prompt hashes only reflects which items were loaded (the
// hashes cover the items after --limit or --sample) and is left out.
func settingsDiff(a, b rundir.Manifest, samePrompts bool) []SettingDiff {
	var out []SettingDiff
	add := func(name, x, y string, changes bool) {
		if x != y {
			out = append(out, SettingDiff{Name: name, A: short(x), B: short(y), Changes: changes})
		}
	}
	add("model", a.Model, b.Model, false)
	add("benchmark", a.Benchmark, b.Benchmark, true)
	if a.DataHash != b.DataHash && !(samePrompts && a.DataPath == b.DataPath) {
		x, y := orDash(a.DataPath), orDash(b.DataPath)
		if x == y {
			x, y = x+" (contents "+short8(a.DataHash)+")", y+" (contents "+short8(b.DataHash)+")"
		}
		out = append(out, SettingDiff{Name: "data", A: short(x), B: short(y), Changes: true})
	}
	add("prompt", a.Prompt, b.Prompt, true)
	if a.Prompt == b.Prompt && a.PromptHash != b.PromptHash && !samePrompts {
		out = append(out, SettingDiff{Name: "prompt text", A: short8(a.PromptHash), B: short8(b.PromptHash), Changes: true})
	}
	add("grader", a.GraderVersion, b.GraderVersion, true)
	add("samples per item", fmt.Sprint(a.Samples), fmt.Sprint(b.Samples), true)
	add("seed", fmt.Sprint(a.Seed), fmt.Sprint(b.Seed), true)
	pa, pb := flatParams(a.Params), flatParams(b.Params)
	keys := map[string]bool{}
	for k := range pa {
		keys[k] = true
	}
	for k := range pb {
		keys[k] = true
	}
	var ks []string
	for k := range keys {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	for _, k := range ks {
		x, okx := pa[k]
		y, oky := pb[k]
		if !okx {
			x = "(unset)"
		}
		if !oky {
			y = "(unset)"
		}
		if asSettings[k] {
			continue
		}
		add(k, x, y, !replyNeutral[k])
	}
	return out
}

// flatParams flattens run parameters into dotted leaves with their values
// as text. When the parameters hold the command line's flags, the
// runner's "resolved" copy of the same settings is left out (it would say
// every difference twice); without flags (a run made by another front
// end), the resolved settings are what is compared.
func flatParams(p map[string]any) map[string]string {
	out := map[string]string{}
	hasFlags := false
	for k := range p {
		if k != "resolved" {
			hasFlags = true
		}
	}
	var walk func(prefix string, v any)
	walk = func(prefix string, v any) {
		if m, ok := v.(map[string]any); ok {
			for k, x := range m {
				if operational[k] || k == "model" {
					continue
				}
				name := k
				if prefix != "" {
					name = prefix + "." + k
				}
				walk(name, x)
			}
			return
		}
		if prefix == "" {
			return
		}
		switch x := v.(type) {
		case string:
			out[prefix] = x
		default:
			b, _ := json.Marshal(x)
			out[prefix] = string(b)
		}
	}
	for k, v := range p {
		if operational[k] || (k == "resolved" && hasFlags) {
			continue
		}
		if k == "resolved" {
			walk("", v)
			continue
		}
		walk(k, v)
	}
	return out
}

// short keeps a value to one short line.
func short(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if s == "" {
		return `""`
	}
	if r := []rune(s); len(r) > 60 {
		return string(r[:59]) + "…"
	}
	return s
}

func short8(h string) string {
	if len(h) > 8 {
		return h[:8]
	}
	return orDash(h)
}
