// Package holfake is a FAKE HOL Light toplevel for tests: it is not HOL
// Light and proves nothing. It reads the phrases the driver in package
// hollight sends and answers on file descriptor 3 in the format of the
// driver's own preamble (formal/hollight/preamble.ml: "ready N" after the
// marker "@@mev-sync NONCE 0@@" on standard output,
// "result ID STATUS DETAIL", "valid ID PROBLEM DETAIL", "done ID", and the
// "@@mev-sync NONCE ID@@" marker on standard output that mev_done prints),
// deciding by textual rules so that every branch of the driver can be
// tested without the minutes a real HOL Light takes to load.
//
// Rules for "mev_check ID SECS GOAL STATED (fun () -> (TACTIC : tactic))":
//   - TACTIC with FAKE_HANG never answers; FAKE_CRASH exits with status 3;
//     FAKE_TYPE_ERROR prints an OCaml type error and gives no result;
//   - a STATED goal other than GOAL (spaces aside) gives stated_goal;
//   - CHEAT_TAC gives "axiom 3 4"; ASSUME gives hyps;
//   - FAKE_LOOP or REPEAT ALL_TAC waits SECS seconds, then gives timeout;
//   - FAKE_OK, or a name T in TACTIC for which GOAL holds the word
//     FAKE_BY_T (FAKE_BY_ARITH_TAC), gives ok; anything else a failure.
//
// For "mev_validate ID GOAL": FAKE_PARSE gives a parse error, FAKE_FREE
// the free variables x and y, FAKE_TYPE the type num; others are ok.
// At start, MATHEVAL_FAKE_HOL_START=fail prints "Cannot find file
// nums.cma." and exits 2, =hang never finishes loading; "loadt" of a file named *missing* prints
// "Error in included file". =slow mimics the core's load as the driver
// sees it: for each file $HOLLIGHT_DIR/hol.ml names in a "loads" line, in
// order, it opens the file (the real toplevel holds the file it loads
// open), prints a value as the toplevel does, and keeps the file open
// until a file of the same base name exists in $MATHEVAL_FAKE_HOL_ACK (a
// test's handshake, so that no step depends on timing); then it serves.
//
// Tests re-execute their own binary with EnvVar set and call Main from
// TestMain.
package holfake

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// EnvVar, when set in a test binary's environment, makes TestMain run Main.
const EnvVar = "MATHEVAL_FAKE_HOL_LIGHT"

var (
	checkRE    = regexp.MustCompile(`(?s)^mev_check (\d+) (\d+) ("(?:[^"\\]|\\.)*") ("(?:[^"\\]|\\.)*") \(fun \(\) -> \((.*) : tactic\)\)$`)
	validateRE = regexp.MustCompile(`(?s)^mev_validate (\d+) ("(?:[^"\\]|\\.)*")$`)
	doneRE     = regexp.MustCompile(`^mev_done ("(?:[^"\\]|\\.)*") (\d+)$`)
	readyRE    = regexp.MustCompile(`^mev_ready ("(?:[^"\\]|\\.)*")$`)
	sayRE      = regexp.MustCompile(`^mev_say ("(?:[^"\\]|\\.)*")$`)
	loadRE     = regexp.MustCompile(`^loadt ("(?:[^"\\]|\\.)*")$`)
	byRE       = regexp.MustCompile(`FAKE_BY_([A-Za-z_]+)`)
	nameRE     = regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_']*`)
)

// Main serves the fake toplevel until standard input closes.
func Main() {
	fd3 := os.NewFile(3, "fd3")
	switch os.Getenv("MATHEVAL_FAKE_HOL_START") {
	case "fail":
		fmt.Println("Cannot find file nums.cma.")
		os.Exit(2)
	case "hang":
		// A core that never finishes loading.
		_, _ = io.Copy(io.Discard, os.Stdin)
		os.Exit(0)
	case "slow":
		if err := slowCore(os.Getenv("HOLLIGHT_DIR"), os.Getenv("MATHEVAL_FAKE_HOL_ACK")); err != nil {
			fmt.Println("Fatal error (fake):", err)
			os.Exit(2)
		}
	}
	fmt.Println("        OCaml version 4.13.1 (fake HOL Light for tests)")
	serve(os.Stdin, os.Stdout, fd3)
	os.Exit(0)
}

func serve(in io.Reader, out io.Writer, fd3 io.Writer) {
	br := bufio.NewReader(in)
	var phrase strings.Builder
	for {
		line, err := br.ReadString('\n')
		phrase.WriteString(line)
		for {
			s := phrase.String()
			i := strings.Index(s, ";;")
			if i < 0 {
				break
			}
			handle(strings.TrimSpace(s[:i]), out, fd3)
			phrase.Reset()
			phrase.WriteString(s[i+2:])
		}
		if err != nil {
			return
		}
	}
}

func unquote(q string) string {
	var b strings.Builder
	for i := 1; i < len(q)-1; i++ {
		if q[i] == '\\' && i+1 < len(q)-1 {
			i++
			if q[i] >= '0' && q[i] <= '9' && i+2 < len(q)-1 {
				n, _ := strconv.Atoi(q[i : i+3])
				b.WriteByte(byte(n))
				i += 2
				continue
			}
		}
		b.WriteByte(q[i])
	}
	return b.String()
}

func handle(p string, out, fd3 io.Writer) {
	say := func(format string, args ...any) { fmt.Fprintf(fd3, format+"\n", args...) }
	switch {
	case readyRE.MatchString(p):
		fmt.Fprintf(out, "\n@@mev-sync %s 0@@\n", unquote(readyRE.FindStringSubmatch(p)[1]))
		say("ready 3")
	case sayRE.MatchString(p):
		say("%s", unquote(sayRE.FindStringSubmatch(p)[1]))
	case loadRE.MatchString(p):
		f := unquote(loadRE.FindStringSubmatch(p)[1])
		if strings.Contains(f, "missing") {
			fmt.Fprintf(out, "Error in included file %s\n", f)
		}
	case doneRE.MatchString(p):
		m := doneRE.FindStringSubmatch(p)
		fmt.Fprintf(out, "- : unit = ()\n\n@@mev-sync %s %s@@\n", unquote(m[1]), m[2])
		say("done %s", m[2])
	case validateRE.MatchString(p):
		m := validateRE.FindStringSubmatch(p)
		g := unquote(m[2])
		switch {
		case strings.Contains(g, "FAKE_PARSE"):
			say("valid %s parse term after binary operator expected", m[1])
		case strings.Contains(g, "FAKE_FREE"):
			say("valid %s free x y", m[1])
		case strings.Contains(g, "FAKE_TYPE"):
			say("valid %s type num", m[1])
		default:
			say("valid %s ok", m[1])
		}
	case checkRE.MatchString(p):
		m := checkRE.FindStringSubmatch(p)
		id, secs, goal, stated, tac := m[1], m[2], unquote(m[3]), unquote(m[4]), m[5]
		result := func(r string) { say("result %s %s", id, r) }
		switch {
		case strings.Contains(tac, "FAKE_HANG"):
			time.Sleep(time.Hour)
		case strings.Contains(tac, "FAKE_CRASH"):
			fmt.Fprintln(out, "Fatal error: exception Out_of_memory")
			os.Exit(3)
		case strings.Contains(tac, "FAKE_TYPE_ERROR"):
			fmt.Fprintf(out, "Line 1, characters 40-55:\nError: This expression has type thm\n       but an expression was expected of type tactic\n")
		case stated != "" && strings.Join(strings.Fields(stated), " ") != strings.Join(strings.Fields(goal), " "):
			result("stated_goal")
		case strings.Contains(tac, "CHEAT_TAC"):
			result("axiom 3 4")
		case strings.Contains(tac, "ASSUME"):
			result("hyps")
		case strings.Contains(tac, "FAKE_LOOP") || strings.Contains(tac, "REPEAT ALL_TAC"):
			n, _ := strconv.Atoi(secs)
			time.Sleep(time.Duration(n) * time.Second)
			result("timeout")
		case proves(tac, goal):
			result("ok 0.001")
		default:
			result("failure the fake says no")
		}
	}
}

func proves(tac, goal string) bool {
	if strings.Contains(tac, "FAKE_OK") {
		return true
	}
	names := map[string]bool{}
	for _, n := range nameRE.FindAllString(tac, -1) {
		names[n] = true
	}
	for _, m := range byRE.FindAllStringSubmatch(goal, -1) {
		if names[m[1]] {
			return true
		}
	}
	return false
}

var loadsRE = regexp.MustCompile(`(?m)^loads "([^"]+)";;`)

// slowCore "loads" the core files hol.ml lists, one at a time, each held
// open until its acknowledgement file appears in ack.
func slowCore(dir, ack string) error {
	b, err := os.ReadFile(dir + "/hol.ml")
	if err != nil {
		return err
	}
	for _, m := range loadsRE.FindAllStringSubmatch(string(b), -1) {
		f, err := os.Open(dir + "/" + m[1])
		if err != nil {
			return err
		}
		fmt.Printf("val %s_loaded : bool = true\n", strings.TrimSuffix(m[1], ".ml"))
		for {
			if _, err := os.Stat(ack + "/" + m[1]); err == nil {
				break
			}
			time.Sleep(2 * time.Millisecond)
		}
		f.Close()
	}
	return nil
}
