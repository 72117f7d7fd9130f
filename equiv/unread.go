package equiv

import (
	"strings"

	"github.com/matheval/matheval/expr"
)

// Symbols that were not read.
//
// The parser keeps a command it has no rule for as an opaque symbol (\zzz,
// \cancel, \int_0, \lim_{x\to0}), and a decoration over anything but
// letters as one too (\dot{3}, \overline{3}), so that both sides can still
// be seen to hold the same thing. Such a symbol has no known meaning: an
// answer that holds one can be Equal only as the same text or the same
// tree in the written order, never by a canonical form or the reordering
// of a product, which would treat it as a variable (0.\dot{3} read as 0
// times a symbol would equal 0.\dot{6}, and \int_0^1 x\,dx, a product of
// symbols, would equal x\int_0^1 dx).

// readCmds are the commands whose symbols have a meaning: letters and
// letterlike constants.
var readCmds = map[string]bool{"alpha": true, "beta": true, "gamma": true, "delta": true, "epsilon": true,
	"varepsilon": true, "zeta": true, "eta": true, "theta": true, "vartheta": true, "iota": true, "kappa": true,
	"lambda": true, "mu": true, "nu": true, "xi": true, "rho": true, "varrho": true, "varpi": true, "sigma": true, "varsigma": true,
	"tau": true, "upsilon": true, "phi": true, "varphi": true, "chi": true, "psi": true, "omega": true,
	"Gamma": true, "Delta": true, "Theta": true, "Lambda": true, "Xi": true, "Pi": true, "Sigma": true,
	"Upsilon": true, "Phi": true, "Psi": true, "Omega": true, "ell": true, "imath": true, "jmath": true, "hbar": true, "aleph": true,
	"pi": true, "infty": true, "dots": true, "mathbb": true}

// namingDecor are decorations that, over letters alone, make a name: a
// vector, a mean, a segment or an arc (\vec{v}, \bar{x}, \overline{AB}).
var namingDecor = map[string]bool{"vec": true, "hat": true, "bar": true, "tilde": true, "widehat": true,
	"widetilde": true, "overrightarrow": true, "overleftrightarrow": true, "overline": true, "overarc": true,
	"arc": true, "wideparen": true}

// unreadSym reports whether a symbol's name is a command with no known
// meaning.
func unreadSym(name string) bool {
	if strings.HasPrefix(name, `\frac{d`) {
		// a Leibniz derivative the parser read (\frac{dy}{dx}): a
		// quantity, which identities hold for like any variable
		return false
	}
	if !strings.HasPrefix(name, "\\") {
		return strings.Contains(name, "\\")
	}
	cmd := name[1:]
	arg := ""
	if i := strings.IndexByte(cmd, '{'); i >= 0 {
		cmd, arg = cmd[:i], cmd[i:]
		if !strings.HasSuffix(arg, "}") {
			return true
		}
		arg = arg[1 : len(arg)-1]
	}
	sub := ""
	if i := strings.IndexByte(cmd, '_'); i >= 0 {
		cmd, sub = cmd[:i], cmd[i+1:]
	}
	if strings.Contains(sub, "\\") && !readCmds[strings.TrimPrefix(strings.Trim(sub, "{}"), "\\")] {
		return true
	}
	switch {
	case arg == "":
		return !readCmds[cmd]
	case cmd == "mathbb":
		return false
	case namingDecor[cmd]:
		for _, r := range arg {
			if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
				return true
			}
		}
		return false
	}
	return true
}

// scanTree reports whether n holds a sum or product and whether it holds a
// symbol that was not read, in one walk.
func scanTree(n expr.Node) (binder, unread bool) {
	expr.Walk(n, func(m expr.Node) bool {
		switch t := m.(type) {
		case *expr.Sym:
			if !unread && unreadSym(t.Name) {
				unread = true
			}
		case *expr.Call:
			if t.Fn == "sum" || t.Fn == "prod" {
				binder = true
			}
		}
		return true
	})
	return binder, unread
}

// firstUnread returns the first symbol of n that was not read, or "".
func firstUnread(n expr.Node) string {
	out := ""
	expr.Walk(n, func(m expr.Node) bool {
		if s, ok := m.(*expr.Sym); ok && unreadSym(s.Name) {
			out = s.Name
		}
		return out == ""
	})
	return out
}

// unreadGuard turns an Equal that rests on more than the identity of the
// two trees as written into Undecided when either side holds a symbol that
// was not read. (c.unread, set once per comparison, says whether the whole
// answers hold one: most hold none, and then no subtree is walked.)
func (c *comparer) unreadGuard(r Result, g, x expr.Node) Result {
	if r.Outcome != Equal || !c.unread {
		return r
	}
	if proofOf(r) == "identical text" {
		return r
	}
	s := firstUnread(g)
	if s == "" {
		s = firstUnread(x)
	}
	if s == "" || g.String() == x.String() {
		return r
	}
	return undec("%s has no meaning the grader reads: the answers are equal only if written alike (%s)", s, r.Reason)
}

// unreadName returns the first of the names that is a symbol that was not
// read, or "". Probing such a symbol with a value would treat it as a
// variable (\lim_{x\to0}, read as a symbol, is no factor), so its
// refutation would prove nothing either.
func unreadName(names []string) string {
	for _, n := range names {
		if unreadSym(n) {
			return n
		}
	}
	return ""
}
