// Package lean drives the Lean 4 REPL (github.com/leanprover-community/repl)
// to check candidate proofs of formal statements, such as miniF2F's Lean 4
// track.
//
// The REPL reads JSON commands separated by blank lines on its standard input
// ({"cmd": "...", "env": N}) and answers each with a JSON object (env,
// messages, sorries) followed by a blank line. A REPL process is started once
// with a configurable command line in the user's Lean project (the one that
// has Mathlib built), each distinct header (the imports) is run once, and
// every candidate runs in the environment the header produced, so Mathlib is
// imported once and not once per candidate.
//
// Every command runs under a wall-clock deadline; on a timeout, a crash, an
// answer that is not the protocol's JSON, or a memory limit, the process
// group is killed and the next command starts a fresh REPL (re-running the
// headers). Input and output sizes are capped.
package lean

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// Config says how to start and bound the REPL.
type Config struct {
	// Command is the shell command line starting the REPL, run with
	// /bin/sh -c in Dir, e.g. "lake env ../repl/.lake/build/bin/repl".
	Command string
	// Dir is the Lean project the REPL runs in (with Mathlib built).
	Dir string
	// Env adds variables (KEY=VALUE) to the REPL's environment.
	Env []string
	// Timeout bounds one candidate command (default 60 s).
	Timeout time.Duration
	// HeaderTimeout bounds running a header (importing Mathlib takes tens
	// of seconds; default 10 minutes).
	HeaderTimeout time.Duration
	// MaxInput caps the bytes of one command's Lean text (default 64 KiB).
	MaxInput int
	// MaxOutput caps the bytes of one answer (default 16 MiB).
	MaxOutput int
	// MaxMemoryMB, when positive, kills the REPL when the resident memory
	// of its process group goes over this many MiB (Linux /proc only).
	MaxMemoryMB int
}

func (c *Config) defaults() {
	if c.Timeout <= 0 {
		c.Timeout = 60 * time.Second
	}
	if c.HeaderTimeout <= 0 {
		c.HeaderTimeout = 10 * time.Minute
	}
	if c.MaxInput <= 0 {
		c.MaxInput = 64 << 10
	}
	if c.MaxOutput <= 0 {
		c.MaxOutput = 16 << 20
	}
}

// Pos is a position in the command's text (line from 1, column from 0).
type Pos struct {
	Line   int `json:"line"`
	Column int `json:"column"`
}

// Message is a Lean message: severity is "error", "warning" or "info".
type Message struct {
	Severity string `json:"severity"`
	Pos      Pos    `json:"pos"`
	EndPos   *Pos   `json:"endPos,omitempty"`
	Data     string `json:"data"`
}

// Sorry is a sorry the REPL found, with its goal when in tactic mode.
type Sorry struct {
	Pos    Pos    `json:"pos"`
	EndPos *Pos   `json:"endPos,omitempty"`
	Goal   string `json:"goal"`
}

// Response is the REPL's answer to one command. Message is set (and Env
// not) when the REPL refused the command itself, e.g. "Unknown environment.".
type Response struct {
	Env      *int      `json:"env"`
	Messages []Message `json:"messages"`
	Sorries  []Sorry   `json:"sorries"`
	Message  string    `json:"message"`
}

// Errors returns the messages of severity "error".
func (r *Response) Errors() []Message {
	var out []Message
	for _, m := range r.Messages {
		if m.Severity == "error" {
			out = append(out, m)
		}
	}
	return out
}

// FailureKind classifies why the REPL gave no usable answer.
type FailureKind string

const (
	FailStart     FailureKind = "start"     // the REPL could not be started or died before its first answer
	FailTimeout   FailureKind = "timeout"   // no answer within the deadline
	FailCrash     FailureKind = "crash"     // the process ended while a command ran
	FailMalformed FailureKind = "malformed" // the answer is not the protocol's JSON
	FailMemory    FailureKind = "memory"    // over MaxMemoryMB
	FailInput     FailureKind = "input"     // the command is over MaxInput
)

// Failure is an error of the REPL process (not of the Lean text). After
// any failure but FailInput the process has been killed; the next command
// starts a new one.
type Failure struct {
	Kind    FailureKind
	Command string // the REPL command line
	Detail  string
}

func (f *Failure) Error() string {
	return fmt.Sprintf("lean REPL (%s): %s: %s", f.Command, f.Kind, f.Detail)
}

// IsFailure reports whether err is a *Failure of the given kind.
func IsFailure(err error, kind FailureKind) bool {
	var f *Failure
	return errors.As(err, &f) && f.Kind == kind
}

// REPL is a restartable Lean REPL process. Its methods are safe for
// concurrent use; commands run one at a time.
type REPL struct {
	cfg Config

	mu       sync.Mutex
	proc     *process
	headers  map[string]int // header text -> env, valid for proc only
	starts   int
	answered bool // the current process has answered at least once
}

// New returns a REPL for cfg; the process starts with the first command.
func New(cfg Config) *REPL {
	cfg.defaults()
	return &REPL{cfg: cfg, headers: map[string]int{}}
}

// Config returns the configuration in use (with defaults filled in).
func (r *REPL) Config() Config { return r.cfg }

// Starts returns how many times a REPL process was started.
func (r *REPL) Starts() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.starts
}

// Close kills the REPL process, if any.
func (r *REPL) Close() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.killLocked()
}

// HeaderEnv returns the environment in which header (import lines and
// options) has been run, running it first when needed.
func (r *REPL) HeaderEnv(header string) (int, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.headerEnvLocked(header)
}

func (r *REPL) headerEnvLocked(header string) (int, error) {
	if r.proc != nil {
		if env, ok := r.headers[header]; ok {
			return env, nil
		}
	}
	resp, err := r.sendLocked(header, nil, r.cfg.HeaderTimeout)
	if err != nil {
		return 0, err
	}
	if resp.Message != "" {
		return 0, fmt.Errorf("lean REPL refused the header: %s", resp.Message)
	}
	if errs := resp.Errors(); len(errs) > 0 {
		return 0, fmt.Errorf("the header does not compile: line %d: %s", errs[0].Pos.Line, errs[0].Data)
	}
	if resp.Env == nil {
		r.killLocked()
		return 0, &Failure{Kind: FailMalformed, Command: r.cfg.Command, Detail: "answer to the header has no env"}
	}
	r.headers[header] = *resp.Env
	return *resp.Env, nil
}

// Run runs Lean text in the environment the header produced (running the
// header first if this process has not), under the per-command timeout.
func (r *REPL) Run(header, text string) (*Response, error) {
	if len(text) > r.cfg.MaxInput {
		return nil, &Failure{Kind: FailInput, Command: r.cfg.Command, Detail: fmt.Sprintf("%d bytes of Lean text, over the limit of %d", len(text), r.cfg.MaxInput)}
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	env, err := r.headerEnvLocked(header)
	if err != nil {
		return nil, err
	}
	return r.sendLocked(text, &env, r.cfg.Timeout)
}

// RunIn runs text in an environment returned by an earlier answer of the
// current process (environments die with a restart: compare Generation
// before and after).
func (r *REPL) RunIn(env int, text string) (*Response, error) {
	if len(text) > r.cfg.MaxInput {
		return nil, &Failure{Kind: FailInput, Command: r.cfg.Command, Detail: fmt.Sprintf("%d bytes of Lean text, over the limit of %d", len(text), r.cfg.MaxInput)}
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.proc == nil {
		return nil, &Failure{Kind: FailCrash, Command: r.cfg.Command, Detail: "the REPL was restarted; its environments are gone"}
	}
	return r.sendLocked(text, &env, r.cfg.Timeout)
}

// Generation identifies the current process: environments are valid only
// while it is unchanged.
func (r *REPL) Generation() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.starts
}

func (r *REPL) sendLocked(text string, env *int, timeout time.Duration) (*Response, error) {
	if r.proc == nil {
		if err := r.startLocked(); err != nil {
			return nil, err
		}
	}
	req := struct {
		Cmd string `json:"cmd"`
		Env *int   `json:"env,omitempty"`
	}{text, env}
	payload, err := json.Marshal(req)
	if err != nil {
		return nil, err
	}
	// The REPL separates commands by blank lines; JSON escapes every
	// newline inside the text, so the payload itself is one line.
	payload = append(payload, '\n', '\n')
	p := r.proc
	wrote := make(chan error, 1)
	go func() {
		_, err := p.stdin.Write(payload)
		wrote <- err
	}()
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	fail := func(kind FailureKind, detail string) (*Response, error) {
		r.killLocked()
		if kind == FailCrash && !r.answered {
			kind = FailStart
		}
		return nil, &Failure{Kind: kind, Command: r.cfg.Command, Detail: detail}
	}
	for {
		select {
		case err := <-wrote:
			if err != nil {
				<-p.exited
				return fail(FailCrash, "writing the command: "+p.exitDetail())
			}
			wrote = nil
		case ans, ok := <-p.answers:
			if !ok {
				<-p.exited
				return fail(FailCrash, p.exitDetail())
			}
			if ans.err != nil {
				return fail(FailMalformed, ans.err.Error())
			}
			var resp Response
			if err := json.Unmarshal(ans.raw, &resp); err != nil {
				return fail(FailMalformed, fmt.Sprintf("answer is not the REPL's JSON (%v): %s", err, clip(string(ans.raw), 200)))
			}
			if resp.Env == nil && resp.Message == "" {
				return fail(FailMalformed, "answer has neither env nor message: "+clip(string(ans.raw), 200))
			}
			r.answered = true
			return &resp, nil
		case <-p.overMemory:
			return fail(FailMemory, fmt.Sprintf("resident memory over %d MiB", r.cfg.MaxMemoryMB))
		case <-timer.C:
			return fail(FailTimeout, fmt.Sprintf("no answer within %s", timeout))
		}
	}
}

// process is one running REPL.
type process struct {
	cmd        *exec.Cmd
	stdin      io.WriteCloser
	answers    chan answer   // closed at end of output
	exited     chan struct{} // closed when Wait returned
	overMemory chan struct{} // closed when over the memory limit
	stopWatch  chan struct{}
	stderr     *tail
	waitErr    error
}

type answer struct {
	raw []byte
	err error
}

func (r *REPL) startLocked() error {
	if strings.TrimSpace(r.cfg.Command) == "" {
		return &Failure{Kind: FailStart, Command: r.cfg.Command, Detail: "no command line given"}
	}
	if r.cfg.Dir != "" {
		if info, err := os.Stat(r.cfg.Dir); err != nil || !info.IsDir() {
			return &Failure{Kind: FailStart, Command: r.cfg.Command, Detail: fmt.Sprintf("project folder %s does not exist", r.cfg.Dir)}
		}
	}
	cmd := exec.Command("/bin/sh", "-c", "exec "+r.cfg.Command)
	cmd.Dir = r.cfg.Dir
	cmd.Env = append(os.Environ(), r.cfg.Env...)
	// Its own process group, so a kill reaches lake and the REPL below it.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return &Failure{Kind: FailStart, Command: r.cfg.Command, Detail: err.Error()}
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return &Failure{Kind: FailStart, Command: r.cfg.Command, Detail: err.Error()}
	}
	p := &process{
		cmd: cmd, stdin: stdin,
		answers:    make(chan answer, 1),
		exited:     make(chan struct{}),
		overMemory: make(chan struct{}),
		stopWatch:  make(chan struct{}),
		stderr:     &tail{max: 4096},
	}
	cmd.Stderr = p.stderr
	if err := cmd.Start(); err != nil {
		return &Failure{Kind: FailStart, Command: r.cfg.Command, Detail: err.Error()}
	}
	r.starts++
	r.answered = false
	r.headers = map[string]int{}
	go readAnswers(stdout, r.cfg.MaxOutput, p.answers)
	go func() {
		p.waitErr = cmd.Wait()
		close(p.exited)
	}()
	if r.cfg.MaxMemoryMB > 0 {
		go watchMemory(cmd.Process.Pid, int64(r.cfg.MaxMemoryMB)<<20, p.overMemory, p.stopWatch)
	}
	r.proc = p
	return nil
}

func (r *REPL) killLocked() {
	p := r.proc
	if p == nil {
		return
	}
	r.proc = nil
	r.headers = map[string]int{}
	close(p.stopWatch)
	_ = syscall.Kill(-p.cmd.Process.Pid, syscall.SIGKILL)
	_ = p.stdin.Close()
	select {
	case <-p.exited:
	case <-time.After(5 * time.Second):
	}
}

func (p *process) exitDetail() string {
	msg := "the REPL exited"
	if p.waitErr != nil {
		msg += " (" + p.waitErr.Error() + ")"
	}
	if s := strings.TrimSpace(p.stderr.String()); s != "" {
		msg += "; stderr: " + clip(s, 1000)
	}
	return msg
}

// readAnswers splits the REPL's output into answers: the lines up to a
// blank line. The REPL pretty-prints JSON over several lines but never
// writes a blank line inside one answer (newlines in strings are escaped).
func readAnswers(stdout io.Reader, max int, out chan<- answer) {
	defer close(out)
	br := bufio.NewReaderSize(stdout, 64<<10)
	var buf []byte
	for {
		line, err := br.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			// A long line: keep reading it.
			buf = append(buf, line...)
			if len(buf) > max {
				out <- answer{err: fmt.Errorf("answer over %d bytes", max)}
				_, _ = io.Copy(io.Discard, br)
				return
			}
			continue
		}
		if len(bytes.TrimSpace(line)) == 0 && len(bytes.TrimSpace(buf)) > 0 {
			out <- answer{raw: buf}
			buf = nil
		} else {
			buf = append(buf, line...)
			if len(buf) > max {
				out <- answer{err: fmt.Errorf("answer over %d bytes", max)}
				_, _ = io.Copy(io.Discard, br)
				return
			}
		}
		if err != nil {
			if len(bytes.TrimSpace(buf)) > 0 {
				out <- answer{raw: buf}
			}
			return
		}
	}
}

// watchMemory kills the process group of pid when the resident memory of
// its members goes over limit bytes.
func watchMemory(pid int, limit int64, over chan<- struct{}, stop <-chan struct{}) {
	tick := time.NewTicker(250 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-stop:
			return
		case <-tick.C:
			if groupRSS(pid) > limit {
				_ = syscall.Kill(-pid, syscall.SIGKILL)
				close(over)
				return
			}
		}
	}
}

// groupRSS sums the resident memory of the processes in process group pgid.
func groupRSS(pgid int) int64 {
	dirs, _ := filepath.Glob("/proc/[0-9]*/stat")
	page := int64(os.Getpagesize())
	var sum int64
	for _, d := range dirs {
		data, err := os.ReadFile(d)
		if err != nil {
			continue
		}
		// Fields after the command name (which may hold spaces) in ")".
		i := bytes.LastIndexByte(data, ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(string(data[i+1:]))
		// f[0] is state (field 3); pgrp is field 5, rss field 24.
		if len(f) < 22 {
			continue
		}
		if g, _ := strconv.Atoi(f[2]); g != pgid {
			continue
		}
		rss, _ := strconv.ParseInt(f[21], 10, 64)
		sum += rss * page
	}
	return sum
}

// tail keeps the last max bytes written to it.
type tail struct {
	mu  sync.Mutex
	max int
	b   []byte
}

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.b = append(t.b, p...)
	if len(t.b) > t.max {
		t.b = append([]byte(nil), t.b[len(t.b)-t.max:]...)
	}
	return len(p), nil
}

func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.b)
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}
