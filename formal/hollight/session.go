// Package hollight checks proofs with HOL Light (github.com/jrh13/hol-light,
// Debian's hol-light package): it keeps warm toplevel sessions (the core
// takes one to several minutes to load, a check then takes milliseconds),
// checks a candidate as prove(goal, tactic) under an alarm, and accepts it
// only when the theorem's conclusion is the official goal, it has no
// hypotheses and no axiom was added. Candidates are parsed into a
// restricted tactic language (see ParseTactic) before anything reaches
// OCaml, and the toplevel runs in a sandbox: its own network namespace and
// an unprivileged user when matheval runs as root, no file writing, no new
// processes, a memory limit, a private working directory.
//
// The wire protocol is our own: the preamble (preamble.ml) defines
// mev_check, mev_validate and mev_done, which write results to file
// descriptor 3; standard output and error carry the toplevel's own chatter
// (kept, bounded, for error messages).
package hollight

import (
	"bufio"
	"context"
	"crypto/rand"
	_ "embed"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

//go:embed preamble.ml
var preamble string

// DefaultDir is where Debian's hol-light package installs HOL Light.
const DefaultDir = "/usr/share/hol-light"

// Config says how to start and bound a session.
type Config struct {
	// Dir is the HOL Light directory holding hol.ml and the ocaml toplevel
	// (default DefaultDir).
	Dir string
	// Libraries are files loaded after the core, relative to Dir
	// ("Library/floor.ml").
	Libraries []string
	// Command, when set, replaces the toplevel's command line (tests run
	// a fake this way); it is run as is, without the sandbox.
	Command []string
	// Env adds variables (KEY=VALUE) to the session's environment.
	Env []string
	// StartTimeout bounds loading the core and the libraries (default 30 min).
	StartTimeout time.Duration
	// Grace is how long past a check's own alarm the driver waits before it
	// kills the session (default 15 s).
	Grace time.Duration
	// MaxMemoryMB is the session's address-space limit (default 4096).
	MaxMemoryMB int
	// NoSandbox runs the toplevel without the sandbox (not recommended).
	NoSandbox bool
	// Log, when set, receives one line per session start and end.
	Log func(format string, args ...any)
	// Progress, when set, is called every ProgressEvery (default 10 s)
	// while a session loads, with what it is loading.
	Progress      func(StartProgress)
	ProgressEvery time.Duration
}

// StartProgress is where a session's load stands: how long it has taken
// and the file HOL Light has open (read from /proc/PID/fd on Linux; ""
// where it cannot be seen, or between files).
type StartProgress struct {
	Elapsed time.Duration
	File    string // relative to Config.Dir: "meson.ml", "Library/floor.ml"
	// Index and Total place File among the core's files (hol.ml's loads
	// lines), counting from 1; Index is 0 when File is not one of them.
	Index, Total int
}

func (p StartProgress) String() string {
	s := p.Elapsed.Round(time.Second).String()
	switch {
	case p.File != "" && p.Index > 0:
		s += fmt.Sprintf(", loading the core: %s (file %d of %d)", p.File, p.Index, p.Total)
	case p.File != "":
		s += ", loading " + p.File
	}
	return s
}

// StartInterrupted is Start's error when its context ended while the
// session was loading: it says how far the load had got, and unwraps to
// the context's error.
type StartInterrupted struct {
	At  StartProgress
	Err error // context.Canceled or context.DeadlineExceeded
}

func (e *StartInterrupted) Error() string {
	why := "interrupted"
	if errors.Is(e.Err, context.DeadlineExceeded) {
		why = "stopped at its deadline"
	}
	return why + " while HOL Light was loading (" + e.At.String() + ")"
}

func (e *StartInterrupted) Unwrap() error { return e.Err }

// coreFiles lists the files hol.ml loads, in order ("system.ml", ...).
func coreFiles(dir string) []string {
	b, err := os.ReadFile(filepath.Join(dir, "hol.ml"))
	if err != nil {
		return nil
	}
	var out []string
	for _, m := range loadsRE.FindAllStringSubmatch(string(b), -1) {
		out = append(out, m[1])
	}
	return out
}

var loadsRE = regexp.MustCompile(`(?m)^\s*loads\s+"([^"]+)"\s*;;`)

// openFile is the file under dir (other than hol.ml) that process pid has
// open most recently (the highest descriptor), relative to dir; "" when
// none is, or /proc cannot be read.
func openFile(pid int, dir string) string {
	fds, err := os.ReadDir(fmt.Sprintf("/proc/%d/fd", pid))
	if err != nil {
		return ""
	}
	best, file := -1, ""
	abs, _ := filepath.Abs(dir)
	for _, fd := range fds {
		n, err := strconv.Atoi(fd.Name())
		if err != nil || n <= best {
			continue
		}
		target, err := os.Readlink(fmt.Sprintf("/proc/%d/fd/%s", pid, fd.Name()))
		if err != nil || !strings.HasSuffix(target, ".ml") {
			continue
		}
		rel, err := filepath.Rel(abs, target)
		if err != nil || strings.HasPrefix(rel, "..") || rel == "hol.ml" {
			continue
		}
		best, file = n, rel
	}
	return file
}

func (c *Config) defaults() {
	if c.Dir == "" {
		c.Dir = DefaultDir
	}
	if c.StartTimeout <= 0 {
		c.StartTimeout = 30 * time.Minute
	}
	if c.Grace <= 0 {
		c.Grace = 15 * time.Second
	}
	if c.MaxMemoryMB <= 0 {
		c.MaxMemoryMB = 4096
	}
	if c.ProgressEvery <= 0 {
		c.ProgressEvery = 10 * time.Second
	}
}

// Prerequisites says why HOL Light cannot run from cfg.Dir, or returns nil.
// It catches what is missing before a session spends minutes loading.
func Prerequisites(cfg Config) error {
	cfg.defaults()
	if len(cfg.Command) > 0 {
		return nil
	}
	for _, f := range []string{"ocaml", "hol.ml"} {
		if _, err := os.Stat(filepath.Join(cfg.Dir, f)); err != nil {
			return fmt.Errorf("HOL Light not found: %s is missing (apt-get install hol-light libnum-ocaml-dev, or give the HOL Light folder)", filepath.Join(cfg.Dir, f))
		}
	}
	for _, l := range cfg.Libraries {
		if _, err := os.Stat(filepath.Join(cfg.Dir, l)); err != nil {
			return fmt.Errorf("HOL Light library %s not found in %s", l, cfg.Dir)
		}
	}
	return nil
}

// Verdict is the outcome of checking one candidate.
type Verdict struct {
	OK bool `json:"ok"`
	// Stage names what rejected the candidate: parse (not the tactic
	// language), ocaml (OCaml refused the tactic: a type error), failure
	// (the tactic failed), timeout, axiom (an axiom was added), hyps (the
	// theorem has hypotheses), goal (another conclusion), stated_goal (the
	// candidate states another goal), exception, crash (the session died;
	// it is restarted), unavailable (no session could be started: no
	// candidate is to blame).
	Stage   string        `json:"stage,omitempty"`
	Reason  string        `json:"reason,omitempty"`
	Steps   int           `json:"steps,omitempty"` // proof length (Tactic.Steps)
	Elapsed time.Duration `json:"elapsed_ns"`
}

// Validation is what a session says of an official statement.
type Validation struct {
	OK bool
	// Problem is "parse" (does not parse or type-check), "type" (not a
	// boolean term) or "free" (has free variables: names the loaded
	// libraries do not define).
	Problem string
	Detail  string   // HOL Light's message, or the type
	Free    []string // the free variables
}

// Session is one HOL Light toplevel. Its methods are not safe for
// concurrent use (a Pool hands sessions out one at a time).
type Session struct {
	cfg     Config
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	results chan string   // lines from fd 3, closed when it ends
	exited  chan struct{} // closed when the process has ended
	outDone chan struct{} // closed when its output has been read to the end
	out     *outBuf
	nonce   string
	workDir string
	next    int

	mu       sync.Mutex
	dead     error
	killOnce sync.Once
	// Sandbox describes the isolation in effect.
	Sandbox string
	// LoadTime is how long the core and libraries took to load.
	LoadTime time.Duration
	// Axioms is the number of axioms after loading (3 in HOL Light).
	Axioms int
}

// Start starts a session and waits until the core and the libraries are
// loaded, or ctx ends, or cfg.StartTimeout passes.
func Start(ctx context.Context, cfg Config) (*Session, error) {
	cfg.defaults()
	if err := Prerequisites(cfg); err != nil {
		return nil, err
	}
	s := &Session{cfg: cfg, results: make(chan string, 64), exited: make(chan struct{}), outDone: make(chan struct{}),
		out: &outBuf{max: 64 << 10}}
	var nb [8]byte
	_, _ = rand.Read(nb[:])
	s.nonce = hex.EncodeToString(nb[:])
	if err := s.spawn(); err != nil {
		return nil, err
	}
	start := time.Now()
	var b strings.Builder
	b.WriteString(preamble)
	b.WriteString("verbose := false;;\nreport_timing := false;;\n")
	for _, l := range cfg.Libraries {
		fmt.Fprintf(&b, "loadt %s;;\nmev_say %s;;\n", ocamlString(l), ocamlString("loaded "+l))
	}
	fmt.Fprintf(&b, "mev_ready %s;;\n", ocamlString(s.nonce))
	// Written from a goroutine: the pipe may fill before the toplevel
	// starts reading (it reads after the core has loaded).
	wrote := make(chan error, 1)
	go func() {
		_, err := io.WriteString(s.stdin, b.String())
		wrote <- err
	}()
	tctx, cancel := context.WithTimeout(ctx, cfg.StartTimeout)
	defer cancel()
	core := coreFiles(cfg.Dir)
	progress := func() StartProgress {
		p := StartProgress{Elapsed: time.Since(start), Total: len(core)}
		if s.cmd != nil && s.cmd.Process != nil {
			p.File = openFile(s.cmd.Process.Pid, cfg.Dir)
		}
		if i := slices.Index(core, p.File); i >= 0 {
			p.Index = i + 1
		}
		return p
	}
	tick := time.NewTicker(cfg.ProgressEvery)
	defer tick.Stop()
	for {
		select {
		case <-tick.C:
			if cfg.Progress != nil {
				cfg.Progress(progress())
			}
		case line, ok := <-s.results:
			if !ok {
				s.kill()
				detail := s.exitDetail()
				if strings.Contains(detail, "nums.cma") {
					// Debian's hol-light needs OCaml's num library, packaged apart.
					detail += " (install OCaml's num library: apt-get install libnum-ocaml-dev)"
				}
				return nil, fmt.Errorf("HOL Light exited while loading: %s", detail)
			}
			f := strings.Fields(line)
			if len(f) == 2 && f[0] == "ready" {
				s.LoadTime = time.Since(start)
				s.Axioms, _ = strconv.Atoi(f[1])
				s.out.until("@@mev-sync "+s.nonce+" 0@@", 2*time.Second)
				if msg := s.out.find("Error in included file"); msg != "" {
					s.kill()
					return nil, fmt.Errorf("HOL Light could not load a library: %s", msg)
				}
				// The preamble must have compiled: a phrase OCaml refused
				// leaves "Error:" in the output.
				if msg := s.out.find("Error:"); msg != "" {
					s.kill()
					return nil, fmt.Errorf("HOL Light refused matheval's preamble: %s", msg)
				}
				s.out.reset()
				if cfg.Log != nil {
					cfg.Log("HOL Light session ready in %s (%s)", s.LoadTime.Round(time.Second), s.Sandbox)
				}
				return s, nil
			}
		case <-tctx.Done():
			at := progress()
			s.kill()
			if ctx.Err() != nil {
				return nil, &StartInterrupted{At: at, Err: ctx.Err()}
			}
			return nil, fmt.Errorf("HOL Light did not finish loading within %s (%s): %s", cfg.StartTimeout, at, clip(s.out.tail(), 1000))
		}
	}
}

// spawn starts the process with its pipes and the sandbox.
func (s *Session) spawn() error {
	cfg := s.cfg
	dir, err := os.MkdirTemp("", "matheval-hol-*")
	if err != nil {
		return err
	}
	s.workDir = dir
	r3, w3, err := os.Pipe()
	if err != nil {
		return err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		return err
	}
	var argv []string
	attr := &syscall.SysProcAttr{Setpgid: true}
	var notes []string
	if len(cfg.Command) > 0 {
		argv = cfg.Command
		notes = append(notes, "none (test command)")
	} else {
		top := filepath.Join(cfg.Dir, "ocaml")
		hol := filepath.Join(cfg.Dir, "hol.ml")
		if cfg.NoSandbox {
			argv = []string{top, "-init", hol}
			notes = append(notes, "none (disabled)")
		} else {
			// prlimit (util-linux) sets the limits and execs: no process
			// of our own stays between the driver and the toplevel.
			if pl, err := exec.LookPath("prlimit"); err == nil {
				argv = []string{pl, fmt.Sprintf("--as=%d", int64(cfg.MaxMemoryMB)<<20), "--fsize=0", "--nproc=0", "--core=0", "--", top, "-init", hol}
				notes = append(notes, fmt.Sprintf("memory %d MiB, no file writing, no new processes", cfg.MaxMemoryMB))
			} else {
				argv = []string{"/bin/sh", "-c", fmt.Sprintf("ulimit -v %d && ulimit -f 0 && exec \"$0\" -init \"$1\"", cfg.MaxMemoryMB<<10), top, hol}
				notes = append(notes, fmt.Sprintf("memory %d MiB, no file writing (no prlimit: processes not limited)", cfg.MaxMemoryMB))
			}
			if os.Geteuid() == 0 {
				attr.Cloneflags = syscall.CLONE_NEWNET
				attr.Credential = &syscall.Credential{Uid: 65534, Gid: 65534}
				if err := os.Chmod(dir, 0o711); err != nil {
					return err
				}
				notes = append(notes, "no network (own network namespace)", "user nobody")
			} else {
				notes = append(notes, "network not isolated (not root)")
			}
		}
	}
	notes = append(notes, "private working directory")
	s.Sandbox = strings.Join(notes, ", ")
	start := func(attr *syscall.SysProcAttr) (*exec.Cmd, io.WriteCloser, error) {
		cmd := exec.Command(argv[0], argv[1:]...)
		cmd.Dir = dir
		cmd.Env = append([]string{"PATH=/usr/bin:/bin", "HOME=" + dir, "LANG=C", "HOLLIGHT_DIR=" + cfg.Dir}, cfg.Env...)
		cmd.Stdout, cmd.Stderr = outW, outW
		cmd.ExtraFiles = []*os.File{w3}
		cmd.SysProcAttr = attr
		stdin, err := cmd.StdinPipe()
		if err != nil {
			return nil, nil, err
		}
		return cmd, stdin, cmd.Start()
	}
	cmd, stdin, err := start(attr)
	if err != nil && attr.Cloneflags != 0 {
		// No network namespaces here (a container without the right):
		// go on without, and say so.
		attr.Cloneflags = 0
		s.Sandbox = strings.Replace(s.Sandbox, "no network (own network namespace)", "network not isolated (no namespace: "+err.Error()+")", 1)
		cmd, stdin, err = start(attr)
	}
	w3.Close()
	outW.Close()
	if err != nil {
		r3.Close()
		outR.Close()
		os.RemoveAll(dir)
		return fmt.Errorf("cannot start HOL Light (%s): %v", argv[0], err)
	}
	s.cmd, s.stdin = cmd, stdin
	go func() {
		defer close(s.results)
		defer r3.Close()
		br := bufio.NewReaderSize(r3, 64<<10)
		for {
			line, err := br.ReadString('\n')
			if len(line) > 1<<20 {
				line = line[:1<<20]
			}
			if strings.TrimSpace(line) != "" {
				s.results <- strings.TrimRight(line, "\n")
			}
			if err != nil {
				return
			}
		}
	}()
	go func() {
		defer close(s.outDone)
		defer outR.Close()
		_, _ = io.Copy(s.out, outR)
	}()
	go func() {
		_ = cmd.Wait()
		close(s.exited)
	}()
	return nil
}

// Alive reports whether the session can take requests.
func (s *Session) Alive() bool {
	s.mu.Lock()
	dead := s.dead != nil
	s.mu.Unlock()
	if dead {
		return false
	}
	select {
	case <-s.exited:
		return false
	default:
		return true
	}
}

// Close ends the session.
func (s *Session) Close() {
	s.kill()
}

// markDead records why the session can no longer be used.
func (s *Session) markDead(err error) {
	s.mu.Lock()
	if s.dead == nil {
		s.dead = err
	}
	s.mu.Unlock()
}

func (s *Session) kill() {
	s.markDead(errors.New("session closed"))
	s.killOnce.Do(s.killNow)
}

func (s *Session) killNow() {
	if s.cmd != nil && s.cmd.Process != nil {
		_ = syscall.Kill(-s.cmd.Process.Pid, syscall.SIGKILL)
		_ = s.cmd.Process.Kill()
		select {
		case <-s.exited:
		case <-time.After(5 * time.Second):
		}
	}
	if s.stdin != nil {
		_ = s.stdin.Close()
	}
	if s.workDir != "" {
		_ = os.RemoveAll(s.workDir)
	}
}

func (s *Session) exitDetail() string {
	<-s.exited
	// The last words of a dying toplevel may still be in the pipe.
	select {
	case <-s.outDone:
	case <-time.After(2 * time.Second):
	}
	msg := "the toplevel exited"
	if st := s.cmd.ProcessState; st != nil {
		msg += " (" + st.String() + ")"
	}
	if t := strings.TrimSpace(s.out.tail()); t != "" {
		msg += "; its last output: " + clip(lastLines(t, 6), 1500)
	}
	return msg
}

// request sends phrase (one line ending in ";;") followed by mev_done, and
// returns the fd-3 lines of the request and the toplevel's output for it.
// On a timeout or a crash the session is killed and err is set.
func (s *Session) request(ctx context.Context, phrase string, wait time.Duration) (lines []string, output string, err error) {
	if !s.Alive() {
		return nil, "", fmt.Errorf("session is not running")
	}
	s.next++
	id := s.next
	s.out.reset()
	text := strings.ReplaceAll(phrase, "@ID@", strconv.Itoa(id)) + "\n" +
		fmt.Sprintf("mev_done %s %d;;\n", ocamlString(s.nonce), id)
	if _, err := io.WriteString(s.stdin, text); err != nil {
		s.markDead(fmt.Errorf("writing to HOL Light: %v", err))
		s.kill()
		return nil, "", fmt.Errorf("HOL Light crashed: %s", s.exitDetail())
	}
	timer := time.NewTimer(wait)
	defer timer.Stop()
	idStr := strconv.Itoa(id)
	for {
		select {
		case line, ok := <-s.results:
			if !ok {
				s.markDead(errors.New("exited"))
				return nil, "", fmt.Errorf("HOL Light crashed: %s", s.exitDetail())
			}
			f := strings.Fields(line)
			if len(f) >= 2 && f[1] == idStr {
				if f[0] == "done" {
					return lines, s.out.until("@@mev-sync "+s.nonce+" "+idStr+"@@", time.Second), nil
				}
				lines = append(lines, line)
			}
		case <-timer.C:
			s.markDead(errors.New("timed out"))
			s.kill()
			return nil, "", fmt.Errorf("no answer within %s (the session was killed and will be restarted)", wait)
		case <-ctx.Done():
			s.markDead(ctx.Err())
			s.kill()
			return nil, "", ctx.Err()
		}
	}
}

// Check proves goal (an official statement's term) with the candidate
// tactic, with an alarm of timeout (whole seconds, at least one).
func (s *Session) Check(ctx context.Context, goal string, tac *Tactic, timeout time.Duration) Verdict {
	start := time.Now()
	v := s.check(ctx, goal, tac, timeout)
	v.Elapsed = time.Since(start)
	if tac != nil {
		v.Steps = tac.Steps()
	}
	return v
}

func (s *Session) check(ctx context.Context, goal string, tac *Tactic, timeout time.Duration) Verdict {
	secs := max(1, int((timeout+time.Second-1)/time.Second))
	phrase := fmt.Sprintf("mev_check @ID@ %d %s %s (fun () -> (%s : tactic));;", secs, ocamlString(goal), ocamlString(tac.Goal), tac.OCaml())
	lines, output, err := s.request(ctx, phrase, time.Duration(secs)*time.Second+s.cfg.Grace)
	if err != nil {
		stage := "crash"
		if strings.Contains(err.Error(), "no answer within") {
			stage = "timeout"
		}
		return Verdict{Stage: stage, Reason: err.Error()}
	}
	if len(lines) == 0 {
		return Verdict{Stage: "ocaml", Reason: "OCaml refused the tactic: " + ocamlError(output)}
	}
	f := strings.SplitN(lines[0], " ", 4)
	status, detail := "", ""
	if len(f) >= 3 {
		status = f[2]
	}
	if len(f) == 4 {
		detail = f[3]
	}
	switch status {
	case "ok":
		return Verdict{OK: true}
	case "failure":
		return Verdict{Stage: "failure", Reason: "the tactic failed: " + clip(detail, 2000)}
	case "timeout":
		return Verdict{Stage: "timeout", Reason: fmt.Sprintf("timed out after %d s", secs)}
	case "axiom":
		a := strings.Fields(detail)
		if len(a) == 2 {
			return Verdict{Stage: "axiom", Reason: fmt.Sprintf("the proof added an axiom (axioms() grew from %s to %s): CHEAT_TAC, new_axiom and mk_thm are not proofs", a[0], a[1])}
		}
		return Verdict{Stage: "axiom", Reason: "the proof added an axiom"}
	case "hyps":
		return Verdict{Stage: "hyps", Reason: "the theorem has hypotheses"}
	case "goal":
		return Verdict{Stage: "goal", Reason: "the theorem's conclusion is not the official goal"}
	case "stated_goal":
		return Verdict{Stage: "stated_goal", Reason: "the candidate proves another goal than the official statement: " + clip(tac.Goal, 300)}
	case "exception":
		return Verdict{Stage: "exception", Reason: "the tactic raised " + clip(detail, 500)}
	}
	return Verdict{Stage: "crash", Reason: "unexpected answer from HOL Light: " + clip(lines[0], 300)}
}

// Validate checks that goal is a closed boolean term in this session.
func (s *Session) Validate(ctx context.Context, goal string) (Validation, error) {
	lines, _, err := s.request(ctx, fmt.Sprintf("mev_validate @ID@ %s;;", ocamlString(goal)), 30*time.Second+s.cfg.Grace)
	if err != nil {
		return Validation{}, err
	}
	if len(lines) == 0 {
		return Validation{}, fmt.Errorf("HOL Light gave no answer")
	}
	f := strings.SplitN(lines[0], " ", 4)
	if len(f) < 3 {
		return Validation{}, fmt.Errorf("unexpected answer from HOL Light: %s", clip(lines[0], 300))
	}
	v := Validation{Problem: f[2]}
	if len(f) == 4 {
		v.Detail = f[3]
	}
	switch v.Problem {
	case "ok":
		return Validation{OK: true}, nil
	case "free":
		v.Free = strings.Fields(v.Detail)
	case "parse", "type":
	default:
		return Validation{}, fmt.Errorf("unexpected answer from HOL Light: %s", clip(lines[0], 300))
	}
	return v, nil
}

// ocamlString writes s as an OCaml string literal: printable ASCII as is
// (but for " and \), everything else as a decimal escape.
func ocamlString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c >= 0x20 && c < 0x7f:
			b.WriteByte(c)
		default:
			fmt.Fprintf(&b, "\\%03d", c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// ocamlError extracts OCaml's error message from the toplevel's output.
func ocamlError(out string) string {
	if i := strings.Index(out, "Error:"); i >= 0 {
		// Up to the toplevel's next prompt ("#").
		msg := strings.TrimSpace(strings.TrimRight(strings.Join(strings.Fields(out[i:]), " "), "# "))
		return clip(msg, 1000)
	}
	t := strings.Join(strings.Fields(lastLines(out, 5)), " ")
	if t == "" {
		return "no message"
	}
	return clip(t, 1000)
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}

// outBuf keeps the toplevel's recent output.
type outBuf struct {
	mu  sync.Mutex
	max int
	b   []byte
}

func (o *outBuf) Write(p []byte) (int, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.b = append(o.b, p...)
	if len(o.b) > o.max {
		o.b = append([]byte(nil), o.b[len(o.b)-o.max/2:]...)
	}
	return len(p), nil
}

func (o *outBuf) reset() {
	o.mu.Lock()
	o.b = o.b[:0]
	o.mu.Unlock()
}

func (o *outBuf) tail() string {
	o.mu.Lock()
	defer o.mu.Unlock()
	return string(o.b)
}

func (o *outBuf) find(s string) string {
	o.mu.Lock()
	defer o.mu.Unlock()
	i := strings.Index(string(o.b), s)
	if i < 0 {
		return ""
	}
	rest := string(o.b[i:])
	if j := strings.IndexByte(rest, '\n'); j >= 0 {
		rest = rest[:j]
	}
	return rest
}

// until returns the output up to marker, waiting up to wait for it to
// arrive (the output pipe and fd 3 are read separately).
func (o *outBuf) until(marker string, wait time.Duration) string {
	deadline := time.Now().Add(wait)
	for {
		o.mu.Lock()
		s := string(o.b)
		o.mu.Unlock()
		if i := strings.Index(s, marker); i >= 0 {
			return s[:i]
		}
		if time.Now().After(deadline) {
			return s
		}
		time.Sleep(5 * time.Millisecond)
	}
}
