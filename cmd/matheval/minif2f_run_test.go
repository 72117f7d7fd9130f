package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/matheval/matheval/answer"
	"github.com/matheval/matheval/bench/minif2f"
	"github.com/matheval/matheval/internal/testenv"
	"github.com/matheval/matheval/rundir"
)

func needSetMM(t *testing.T) {
	t.Helper()
	testenv.Tool(t, minif2f.DefaultSetMM, "apt-get install metamath-databases")
}

// TestRunMinif2fGold: builtin:gold replays the 45 reference proofs of the
// Metamath valid split; Debian's set.mm (28-Dec-2020) supports 23 of them,
// the other 22 cite labels it lacks, and the run says so. The manifest
// names the set.mm by date and hash.
func TestRunMinif2fGold(t *testing.T) {
	needSetMM(t)
	data := testenv.Shared(t, "data", "minif2f")
	dir := filepath.Join(t.TempDir(), "gold")
	code, out := cli(t, "run", "minif2f", "--data", data, "--track", "metamath", "--split", "valid",
		"--model", "builtin:gold", "--filter", "reference=yes", "--out", dir, "--progress", "off")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, out)
	}
	if !strings.Contains(out, "lacks 24 labels that the reference proofs of 22 problems cite") || !strings.Contains(out, "28-Dec-2020") {
		t.Errorf("no word on the set.mm being older than the statements:\n%s", out)
	}
	res, err := rundir.ReadResults(dir)
	if err != nil {
		t.Fatal(err)
	}
	if res.Samples != 45 || res.Counts[answer.Correct] != 23 || res.Counts[answer.Wrong] != 22 {
		t.Fatalf("counts %v of %d", res.Counts, res.Samples)
	}
	if got := res.Summary.Value("proved"); got < 23.0/45-1e-9 || got > 23.0/45+1e-9 {
		t.Errorf("proved (pass@1) %v, want 23/45", got)
	}
	recs, err := rundir.ReadSamples(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range recs {
		if r.Verdict.Kind == answer.Wrong && !strings.Contains(r.Verdict.Reason, "probably older than the statements") {
			t.Errorf("%s: %s", r.Item.ID, r.Verdict.Reason)
		}
	}
	man, err := rundir.ReadManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(man.GraderVersion, "version of 28-Dec-2020") || !strings.Contains(man.GraderVersion, "sha256 ") {
		t.Errorf("manifest does not name the set.mm: %q", man.GraderVersion)
	}
	if man.Params["track"] != "metamath" || man.Params["setmm"] != minif2f.DefaultSetMM {
		t.Errorf("manifest params %v", man.Params)
	}

	// grade checks the proofs with the run's own options: the same
	// verdicts from the same set.mm, and a refusal when the run's set.mm is
	// gone (not a silent regrade against the default one).
	code, out = cli(t, "grade", dir)
	if code != 0 || !strings.Contains(out, "regraded: 0 verdicts changed") {
		t.Errorf("grade: exit %d\n%s", code, out)
	}
	man.Params["setmm"] = filepath.Join(t.TempDir(), "gone", "set.mm")
	if err := rundir.WriteJSON(dir, rundir.ManifestFile, man); err != nil {
		t.Fatal(err)
	}
	code, out = cli(t, "grade", dir)
	if code == 0 || !strings.Contains(out, "gone") {
		t.Errorf("grade with the run's set.mm gone: exit %d\n%s", code, out)
	}
}

// TestRunMinif2fTampered: the reference proofs that verify, replayed with
// their proofs or statements tampered with, or with an axiom of their own,
// all fail, each for its reason.
func TestRunMinif2fTampered(t *testing.T) {
	needSetMM(t)
	data := testenv.Shared(t, "data", "minif2f")
	probs, err := minif2f.LoadDirs([]string{filepath.Join(data, "metamath", "valid")})
	if err != nil {
		t.Fatal(err)
	}
	// Four verifying reference proofs, each tampered four ways.
	keep := []string{"mathd-algebra-245", "induction-sum-odd", "amc12a-2002-p1", "algebra-sqineq-2at2pclta2c2p41pc"}
	type tamper struct {
		name   string
		edit   func(minif2f.Problem) string
		reason string
	}
	tampers := []tamper{
		{"proof", func(p minif2f.Problem) string { return swapProofLetters(p.Reference) }, ""},
		{"conclusion", func(p minif2f.Problem) string { return changeConclusion(p) }, "different conclusion"},
		{"hypotheses", func(p minif2f.Problem) string { return dropHypothesis(p) }, "changed hypotheses"},
		{"axiom", func(p minif2f.Problem) string {
			return "cheat.ax $a " + conclusion(p) + " $.\n" + p.Reference
		}, "new axiom"},
	}
	var lines []string
	n := 0
	for _, p := range probs {
		if !contains(keep, p.Name) {
			continue
		}
		if p.Reference == "" {
			t.Fatalf("%s has no reference proof", p.Name)
		}
		for i, tp := range tampers {
			text := tp.edit(p)
			if text == p.Reference {
				t.Fatalf("%s: tampering %s changed nothing", p.Name, tp.name)
			}
			b, _ := json.Marshal(map[string]any{"id": "valid/" + p.Name, "sample": i, "reply": "```metamath\n" + text + "```"})
			lines = append(lines, string(b))
			n++
		}
	}
	if n != len(keep)*len(tampers) {
		t.Fatalf("found %d of %d problems", n/len(tampers), len(keep))
	}
	replay := filepath.Join(t.TempDir(), "tampered.jsonl")
	if err := os.WriteFile(replay, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	filter := "name=" + strings.Join(keep, ",")
	// The same problems with their untouched reference proofs verify: the
	// tampering alone makes the difference.
	gold := filepath.Join(t.TempDir(), "gold")
	if code, out := cli(t, "run", "minif2f", "--data", data, "--track", "metamath", "--split", "valid", "--model", "builtin:gold",
		"--filter", filter, "--out", gold, "--progress", "off"); code != 0 {
		t.Fatalf("gold: exit %d\n%s", code, out)
	}
	if res, _ := rundir.ReadResults(gold); res.Counts[answer.Correct] != len(keep) {
		t.Fatalf("gold counts %v", res.Counts)
	}
	dir := filepath.Join(t.TempDir(), "tampered")
	code, out := cli(t, "run", "minif2f", "--data", data, "--track", "metamath", "--split", "valid", "--model", "replay:"+replay,
		"--samples", "4", "--filter", filter, "--out", dir, "--progress", "off")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, out)
	}
	res, err := rundir.ReadResults(dir)
	if err != nil {
		t.Fatal(err)
	}
	if res.Counts[answer.Correct] != 0 || res.Counts[answer.Wrong] != n {
		t.Fatalf("counts %v, want %d wrong", res.Counts, n)
	}
	recs, _ := rundir.ReadSamples(dir)
	for _, r := range recs {
		if want := tampers[r.Index].reason; !strings.Contains(r.Verdict.Reason, want) || r.Verdict.Reason == "" {
			t.Errorf("%s, %s tampered: %q, want %q", r.Item.ID, tampers[r.Index].name, r.Verdict.Reason, want)
		}
	}
	if res.Summary.Value("proved") != 0 || res.Summary.Value("pass@4") != 0 {
		t.Errorf("metrics %+v", res.Summary.Metrics)
	}
}

// swapProofLetters swaps two different letters of a compressed proof (or
// two labels of a normal one).
func swapProofLetters(ref string) string {
	i := strings.LastIndex(ref, "$=")
	j := strings.LastIndex(ref, "$.")
	body := []byte(ref[i:j])
	close := strings.IndexByte(string(body), ')')
	for a := close + 1; a < len(body); a++ {
		for b := a + 1; b < len(body); b++ {
			if body[a] >= 'A' && body[a] <= 'T' && body[b] >= 'A' && body[b] <= 'T' && body[a] != body[b] {
				body[a], body[b] = body[b], body[a]
				return ref[:i] + string(body) + ref[j:]
			}
		}
	}
	return ref
}

// conclusion is the math string of a problem's $p, typecode first.
func conclusion(p minif2f.Problem) string {
	i := strings.Index(p.Reference, p.Name+" $p")
	j := strings.Index(p.Reference[i:], "$=")
	return strings.TrimSpace(p.Reference[i+len(p.Name)+3 : i+j])
}

// withTheorem replaces the $p of a reference by text.
func withTheorem(p minif2f.Problem, text string) string {
	i := strings.Index(p.Reference, p.Name+" $p")
	j := strings.Index(p.Reference[i:], "$.")
	return p.Reference[:i] + text + p.Reference[i+j+2:]
}

// changeConclusion proves another statement under the same hypotheses:
// ( ph -> ph ), by set.mm's id. The proof verifies; the statement is not
// the official one.
func changeConclusion(p minif2f.Problem) string {
	return withTheorem(p, p.Name+" $p |- ( ph -> ph ) $= wph id $.")
}

// dropHypothesis adds the conclusion as a hypothesis and proves the
// conclusion from it: a proof that verifies, of a weaker statement.
func dropHypothesis(p minif2f.Problem) string {
	return withTheorem(p, "cheat.h $e "+conclusion(p)+" $.\n"+p.Name+" $p "+conclusion(p)+" $= cheat.h $.")
}

func TestRunMinif2fOptions(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"run", "math401", "--model", "builtin:calc", "--track", "lean"}, "math401 has no option --track (an option of minif2f)"},
		{[]string{"run", "minif2f", "--model", "builtin:gold", "--track", "coq"}, "--track \"coq\": want metamath, lean or hollight"},
		{[]string{"run", "minif2f", "--model", "builtin:decide", "--track", "metamath"}, "unknown built-in"},
		{[]string{"run", "minif2f", "--model", "builtin:gold", "--proof-timeout", "0s"}, "--proof-timeout"},
	} {
		code, out := cli(t, c.args...)
		if code != 2 || !strings.Contains(out, c.want) {
			t.Errorf("%v: exit %d, want 2 with %q:\n%s", c.args, code, c.want, out)
		}
	}
	// A lean run without a REPL stops before sending anything.
	code, out := cli(t, "run", "minif2f", "--data", filepath.Join(t.TempDir(), "none.jsonl"), "--track", "lean", "--model", "builtin:gold")
	if code != 1 || !strings.Contains(out, "none.jsonl") {
		t.Errorf("lean without data: exit %d\n%s", code, out)
	}
}

// TestDataPullSetMM fetches a small database posing as set.mm from a local
// server, and refuses what is not a database.
func TestDataPullSetMM(t *testing.T) {
	db := "$( set.mm - Version of 01-Feb-2022 $)\n$c wff |- $. $v p $. wp $f wff p $. ax $a |- p $.\nth $p |- p $= wp ax $.\n"
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/abc123/set.mm":
			fmt.Fprint(w, db)
		case "/broken/set.mm":
			fmt.Fprint(w, "<html>not metamath</html>")
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	dir := t.TempDir()
	code, out := cli(t, "data", "pull", "setmm", "--commit", "abc123", "--to", dir, "--url", srv.URL+"/%s/set.mm")
	if code != 0 || !strings.Contains(out, "version of 01-Feb-2022") {
		t.Fatalf("exit %d\n%s", code, out)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "set.mm")); err != nil || string(b) != db {
		t.Fatalf("file: %v %q", err, b)
	}
	for commit, want := range map[string]string{"nosuch": "404", "broken": "not a usable set.mm", "../etc": "want a commit hash"} {
		code, out := cli(t, "data", "pull", "setmm", "--commit", commit, "--to", t.TempDir(), "--url", srv.URL+"/%s/set.mm")
		if code == 0 || !strings.Contains(out, want) {
			t.Errorf("%s: exit %d, want %q\n%s", commit, code, want, out)
		}
	}
}
