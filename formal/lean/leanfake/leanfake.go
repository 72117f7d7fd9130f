// Package leanfake is a FAKE Lean 4 REPL for tests: it speaks the
// protocol of github.com/leanprover-community/repl but checks nothing. It
// is not Lean: it accepts or rejects by simple textual rules, so that the
// driver's handling of every kind of answer can be tested on machines
// without Lean and Mathlib.
//
// The protocol, as the REPL's source defines it (REPL/Main.lean and
// REPL/JSON.lean at commit 8948401, and its README):
//   - input is read line by line until a blank line (getLines); end of
//     input ends the REPL; a query starting with "#" or "--" is skipped
//     without an answer;
//   - a query that is not JSON, or not a known command, makes parse throw,
//     and the error is uncaught: the REPL prints "uncaught exception: "
//     and the JSON {"message": "Could not parse JSON: ..."} on standard
//     error and exits with status 1;
//   - a command is {"cmd": TEXT} (a fresh environment, imports allowed)
//     or {"cmd": TEXT, "env": N}; an unknown N gets {"message": "Unknown
//     environment."};
//   - the answer (CommandResponse) is {"env": N, "messages": [...],
//     "sorries": [...]}, the lists left out when empty; a message is
//     {"pos": {"line", "column"}, "endPos": ..., "severity": "info" |
//     "warning" | "error" | "trace", "data": TEXT}; a sorry is {"goal",
//     "proofState", "pos", "endPos"};
//   - each answer is printed (Json's ToString, several lines) followed by
//     an empty line, and flushed.
//
// Rules, applied to each command's "cmd" text:
//   - without "env", the text is a header: it gets a fresh environment
//     (unless it contains FAKE_BAD_HEADER, which gives an error message);
//   - an unknown "env" gets {"message": "Unknown environment."};
//   - FAKE_HANG never answers, FAKE_CRASH exits with status 3,
//     FAKE_GARBAGE answers with text that is not JSON, FAKE_ERROR gives an
//     error message "unsolved goals", FAKE_BIG answers with 1 MiB of data,
//     FAKE_MEMORY touches 256 MiB of memory and never answers;
//   - "sorry" (or FAKE_SORRY, which gets past the driver's word check)
//     gives a sorry and the warning "declaration uses 'sorry'";
//   - "theorem NAME STATEMENT := BODY" declares NAME in the new
//     environment, remembering STATEMENT and BODY;
//   - "#print axioms NAME" lists sorryAx when BODY has sorry,
//     Lean.ofReduceBool when it has native_decide, fakeAxiom when it has
//     FAKE_AXIOM, and the three standard axioms otherwise;
//   - "#check @NAME" prints "@NAME : STATEMENT" (normalised), with
//     " [redefined]" appended when the text before the theorem has
//     FAKE_SHADOW, standing for a notation that changes its meaning.
//
// Tests re-execute their own binary with EnvVar set and call Main from
// TestMain.
package leanfake

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"
	"time"
)

// EnvVar, when set in a test binary's environment, makes TestMain run Main.
const EnvVar = "MATHEVAL_FAKE_LEAN_REPL"

type decl struct{ stmt, body, before string }

type pos struct {
	Line   int `json:"line"`
	Column int `json:"column"`
}

type message struct {
	Severity string `json:"severity"`
	Pos      pos    `json:"pos"`
	EndPos   pos    `json:"endPos"`
	Data     string `json:"data"`
}

type sorry struct {
	Goal       string `json:"goal"`
	ProofState *int   `json:"proofState"`
	Pos        pos    `json:"pos"`
	EndPos     pos    `json:"endPos"`
}

type answer struct {
	Env      *int      `json:"env,omitempty"`
	Messages []message `json:"messages,omitempty"`
	Sorries  []sorry   `json:"sorries,omitempty"`
	Message  string    `json:"message,omitempty"`
}

var theoremRE = regexp.MustCompile(`theorem\s+(\S+)`)

// Main serves the fake protocol on stdin and stdout until stdin closes,
// then exits.
func Main() {
	serve(os.Stdin, os.Stdout)
	os.Exit(0)
}

func serve(in io.Reader, out io.Writer) {
	envs := []map[string]decl{}
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	var block strings.Builder
	for {
		more := sc.Scan()
		line := sc.Text()
		if more && strings.TrimSpace(line) != "" {
			block.WriteString(line + "\n")
			continue
		}
		if block.Len() > 0 {
			q := strings.TrimLeft(block.String(), " \t")
			if strings.HasPrefix(q, "#") || strings.HasPrefix(q, "--") {
				// The REPL skips such queries without answering.
				block.Reset()
				if !more {
					return
				}
				continue
			}
			a, ok := handle(block.String(), &envs, out)
			block.Reset()
			if ok {
				b, _ := json.MarshalIndent(a, "", " ")
				fmt.Fprintf(out, "%s\n\n", b)
			}
		}
		if !more {
			return
		}
	}
}

func handle(raw string, envs *[]map[string]decl, out io.Writer) (answer, bool) {
	var req struct {
		Cmd *string `json:"cmd"`
		Env *int    `json:"env"`
	}
	if err := json.Unmarshal([]byte(raw), &req); err != nil || req.Cmd == nil {
		// The real REPL's parse throws and nothing catches it.
		why := "Could not parse as a valid JSON command:\nno cmd"
		if err != nil {
			why = "Could not parse JSON:\n" + err.Error()
		}
		msg, _ := json.Marshal(answer{Message: why})
		fmt.Fprintf(os.Stderr, "uncaught exception: %s\n", msg)
		os.Exit(1)
	}
	cmd := regexp.MustCompile(`--[^\n]*`).ReplaceAllString(*req.Cmd, "")
	switch {
	case strings.Contains(cmd, "FAKE_HANG"):
		time.Sleep(time.Hour)
	case strings.Contains(cmd, "FAKE_CRASH"):
		fmt.Fprintln(os.Stderr, "fake REPL: crashing as asked")
		os.Exit(3)
	case strings.Contains(cmd, "FAKE_MEMORY"):
		// Touch 256 MiB, then wait to be killed.
		hog := make([]byte, 256<<20)
		for i := range hog {
			if i%4096 == 0 {
				hog[i] = 1
			}
		}
		time.Sleep(time.Hour)
		hog[0] = 2
	case strings.Contains(cmd, "FAKE_GARBAGE"):
		fmt.Fprint(out, "uncaught exception: this is not JSON\n\n")
		return answer{}, false
	}
	newEnv := func(decls map[string]decl) *int {
		*envs = append(*envs, decls)
		n := len(*envs) - 1
		return &n
	}
	if req.Env == nil {
		if strings.Contains(cmd, "FAKE_BAD_HEADER") {
			return answer{Env: newEnv(map[string]decl{}), Messages: []message{errorAt(1, "unknown module prefix 'FAKE_BAD_HEADER'")}}, true
		}
		return answer{Env: newEnv(map[string]decl{})}, true
	}
	if *req.Env < 0 || *req.Env >= len(*envs) {
		return answer{Message: "Unknown environment."}, true
	}
	decls := map[string]decl{}
	for k, v := range (*envs)[*req.Env] {
		decls[k] = v
	}
	var a answer
	if m := regexp.MustCompile(`#print axioms (\S+)`).FindStringSubmatch(cmd); m != nil {
		d, ok := decls[m[1]]
		if !ok {
			a.Messages = append(a.Messages, errorAt(1, "unknown constant '"+m[1]+"'"))
		} else {
			axioms := "propext, Classical.choice, Quot.sound"
			switch {
			case strings.Contains(d.body, "sorry"), strings.Contains(d.body, "FAKE_SORRY"):
				axioms = "propext, sorryAx"
			case strings.Contains(d.body, "native_decide"):
				axioms = "propext, Lean.ofReduceBool"
			case strings.Contains(d.body, "FAKE_AXIOM"):
				axioms = "fakeAxiom"
			}
			a.Messages = append(a.Messages, info(lineOf(cmd, "#print"), fmt.Sprintf("'%s' depends on axioms: [%s]", m[1], axioms)))
		}
	}
	if m := regexp.MustCompile(`#check @(\S+)`).FindStringSubmatch(cmd); m != nil {
		d, ok := decls[m[1]]
		if !ok {
			a.Messages = append(a.Messages, errorAt(1, "unknown identifier '"+m[1]+"'"))
		} else {
			t := "@" + m[1] + " : " + strings.Join(strings.Fields(d.stmt), " ")
			if strings.Contains(d.before, "FAKE_SHADOW") {
				t += " [redefined]"
			}
			a.Messages = append(a.Messages, info(lineOf(cmd, "#check"), t))
		}
	}
	all := theoremRE.FindAllStringSubmatchIndex(cmd, -1)
	for i, m := range all {
		end := len(cmd)
		if i+1 < len(all) {
			end = all[i+1][0]
		}
		name, rest := cmd[m[2]:m[3]], cmd[m[3]:end]
		stmt, body, _ := strings.Cut(rest, ":=")
		decls[name] = decl{stmt: stmt, body: body, before: cmd[:m[0]]}
	}
	if strings.Contains(cmd, "FAKE_ERROR") {
		a.Messages = append(a.Messages, errorAt(lineOf(cmd, "FAKE_ERROR"), "unsolved goals\n⊢ False"))
	}
	if strings.Contains(cmd, "sorry") || strings.Contains(cmd, "FAKE_SORRY") {
		l := max(lineOf(cmd, "sorry"), lineOf(cmd, "FAKE_SORRY"))
		ps := len(*envs)
		a.Sorries = append(a.Sorries, sorry{Pos: pos{l, 2}, EndPos: pos{l, 7}, Goal: "⊢ False", ProofState: &ps})
		a.Messages = append(a.Messages, message{Severity: "warning", Pos: pos{1, 8}, EndPos: pos{1, 9}, Data: "declaration uses 'sorry'"})
	}
	if strings.Contains(cmd, "FAKE_BIG") {
		a.Messages = append(a.Messages, info(1, strings.Repeat("x", 1<<20)))
	}
	a.Env = newEnv(decls)
	return a, true
}

func errorAt(line int, data string) message {
	return message{Severity: "error", Pos: pos{line, 0}, EndPos: pos{line, 1}, Data: data}
}

func info(line int, data string) message {
	return message{Severity: "info", Pos: pos{line, 0}, EndPos: pos{line, 1}, Data: data}
}

func lineOf(text, word string) int {
	i := strings.Index(text, word)
	if i < 0 {
		return 1
	}
	return strings.Count(text[:i], "\n") + 1
}
