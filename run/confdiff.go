package run

import (
	"fmt"
	"sort"
	"strings"

	"github.com/matheval/matheval/rundir"
)

// replyNeutral are the parameters that do not change the replies (and so
// not the configuration hash): they are left out when saying how two
// configurations differ.
var replyNeutral = map[string]bool{
	"out": true, "progress": true, "concurrency": true, "rpm": true, "tpm": true, "max-retries": true,
	"timeout": true, "max-cost": true, "prices": true, "max-requests": true, "json": true, "no-probe": true,
	"base-url": true, "api-key-env": true, "judge": true, "judge-base-url": true, "cache": true, "no-cache": true,
	"stream": true, "list": true, "resolved": true,
	// A task file's text: what it changes is in the data and prompt hashes,
	// and the diff then names those (not the whole text twice).
	"task-definition": true,
}

// configDiff says which settings of the run in old differ from this one's,
// each as "name: old -> new", so that the user sees what changed rather
// than two hashes.
func (r *runner) configDiff(old rundir.Manifest, dataHash, promptHash string) string {
	cfg := r.cfg
	var diffs []string
	add := func(name string, a, b any) {
		if sa, sb := fmt.Sprint(a), fmt.Sprint(b); sa != sb {
			diffs = append(diffs, fmt.Sprintf("%s: %s -> %s", name, quoteEmpty(sa), quoteEmpty(sb)))
		}
	}
	add("benchmark", old.Benchmark, cfg.Bench.Name())
	add("model", old.Model, cfg.Backend.Spec())
	add("data", old.DataPath, cfg.DataPath)
	add("samples", old.Samples, cfg.Samples)
	keys := map[string]bool{}
	for k := range old.Params {
		keys[k] = true
	}
	for k := range cfg.Params {
		keys[k] = true
	}
	var names []string
	for k := range keys {
		if !replyNeutral[k] {
			names = append(names, k)
		}
	}
	sort.Strings(names)
	for _, k := range names {
		ov, ok1 := old.Params[k]
		nv, ok2 := cfg.Params[k]
		if !ok1 || !ok2 {
			continue // a parameter one of the two versions of matheval did not have
		}
		add("--"+k, ov, nv)
	}
	if len(diffs) == 0 {
		if old.DataHash != dataHash {
			diffs = append(diffs, "the data's contents (same path, other items)")
		}
		if old.PromptHash != promptHash {
			diffs = append(diffs, "the prompts (the template's text or the rendered prompts)")
		}
	}
	if len(diffs) == 0 {
		return "the model settings (see manifest.json's params.resolved.model_settings)"
	}
	return strings.Join(diffs, "; ")
}

func quoteEmpty(s string) string {
	if s == "" {
		return `""`
	}
	return s
}
