package hollight

import (
	"fmt"
	"strconv"
	"strings"
)

// A candidate proof for HOL Light is OCaml text, and OCaml can do anything
// (Obj.magic forges a theorem; Sys.command runs a program). So a candidate
// is never sent to HOL Light as written: it is parsed here into a small
// tactic language, and only the parse tree, printed back with full
// parentheses, reaches the toplevel. The language is what HOL Light proofs
// are written in:
//
//	expr   = "fun" pattern+ "->" expr | infix
//	infix  = app { OP app }            (OP: THEN THENL ORELSE THENC ORELSEC
//	                                    THEN_TCL ORELSE_TCL F_F o; one
//	                                    level, left-associative)
//	app    = simple { simple }
//	simple = NAME | INT | "string" | `term` | `:type`
//	       | "(" expr { "," expr } ")" | "[" [ expr { ";" expr } [";"] ] "]"
//	pattern = name | "_" | "(" pattern { "," pattern } ")"
//
// Names: a capitalised name (REWRITE_TAC, ADD_SYM, ...) is any tactic,
// tactical, conversion, rule or theorem HOL Light defines: none of them can
// do harm, since theorems are an abstract type (the only way to make one
// from nothing is new_axiom, which the checker sees in axioms()); a few that
// are not proof steps are refused by name. Lower-case names are OCaml's and
// HOL Light's general functions: only those bound by "fun" and a short list
// of pure term and list functions are accepted. There are no module paths
// (no "."), no references, no sequencing, no "let": nothing but the
// application of proof functions to terms, theorems and each other.
// Comments are dropped. Term quotations must not hold a backquote; they
// reach HOL Light's parser as strings (pa_j's quotation expander escapes
// them), so they can only be terms.

// Node is a node of a parsed tactic expression.
type Node struct {
	Kind  NodeKind
	Text  string  // Name, Int, String, Quote (without the backquotes), Infix operator
	Kids  []*Node // App: function then arguments; Infix: left, right; List, Tuple: elements; Fun: body
	Param []*Node // Fun: the patterns
	Pos   int     // byte offset in the candidate text
}

// NodeKind says what a Node is.
type NodeKind int

const (
	Name NodeKind = iota
	Int
	String
	Quote
	App
	Infix
	List
	Tuple
	Fun
	Wild // "_" in a pattern
)

// infixes are the infix operators of HOL Light's tactic language (pa_j
// makes THEN and its kin infix, "o" is composition).
var infixes = map[string]bool{
	"THEN": true, "THENL": true, "ORELSE": true, "THENC": true, "ORELSEC": true,
	"THEN_TCL": true, "ORELSE_TCL": true, "F_F": true, "o": true,
}

// Refused capitalised names: they exist in HOL Light but are not proof
// steps. (CHEAT_TAC is not here: it is a tactic that adds an axiom, and the
// checker rejects any proof that grows axioms().)
var refused = map[string]string{
	"Obj": "OCaml's Obj module can forge theorems", "Sys": "system access", "Unix": "system access",
	"Stdlib": "OCaml's standard library", "Printf": "printing", "Format": "printing",
	"Hashtbl": "mutable state", "Array": "mutable state", "Lazy": "lazy values", "Printexc": "exceptions",
	"Failure": "exceptions", "Not_found": "exceptions", "Exit": "exceptions",
}

// lowerAllowed are the lower-case functions a candidate may call: pure
// functions on terms, types, theorems and lists, as used inside tactics
// ("fun th -> MP_TAC (SPEC (rand (concl th)) LEMMA)").
var lowerAllowed = map[string]bool{
	// terms and types
	"concl": true, "hyp": true, "lhs": true, "rhs": true, "lhand": true, "rand": true, "rator": true,
	"body": true, "bndvar": true, "dest_comb": true, "dest_abs": true, "dest_var": true, "dest_const": true,
	"dest_eq": true, "dest_conj": true, "dest_disj": true, "dest_imp": true, "dest_neg": true,
	"dest_forall": true, "dest_exists": true, "dest_pair": true, "dest_numeral": true,
	"dest_small_numeral": true, "strip_forall": true, "strip_exists": true, "strip_comb": true,
	"conjuncts": true, "disjuncts": true, "frees": true, "type_of": true, "mk_comb": true,
	"mk_eq": true, "mk_var": true, "mk_conj": true, "mk_disj": true, "mk_imp": true, "mk_neg": true,
	"mk_forall": true, "mk_exists": true, "mk_abs": true, "mk_small_numeral": true, "list_mk_comb": true,
	"list_mk_conj": true, "list_mk_forall": true, "list_mk_exists": true, "vsubst": true, "subst": true,
	"inst": true, "is_var": true, "is_const": true, "is_comb": true, "is_abs": true, "is_eq": true,
	"is_conj": true, "is_imp": true, "is_neg": true, "is_forall": true, "is_exists": true,
	"variant": true, "genvar": true, "aconv": true, "term_match": true, "find_term": true,
	"find_terms": true, "bool_ty": true, "aty": true, "bty": true,
	"parse_term": true, "parse_type": true, "string_of_term": true,
	// lists and combinators
	"map": true, "rev": true, "hd": true, "tl": true, "el": true, "last": true, "butlast": true,
	"fst": true, "snd": true, "filter": true, "itlist": true, "rev_itlist": true, "end_itlist": true,
	"zip": true, "length": true, "mem": true, "assoc": true, "rev_assoc": true, "map2": true,
	"exists": true, "forall": true, "partition": true, "chop_list": true, "setify": true,
	"union": true, "subtract": true, "insert": true, "can": true, "check": true, "repeat": true,
	"curry": true, "uncurry": true, "funpow": true,
	"num_of_int": true, "string_of_int": true,
}

// Limits of a candidate: text length and parse-tree size and depth.
const (
	MaxTacticBytes = 64 << 10
	maxNodes       = 20000
	maxDepth       = 200
)

// ParseError is a candidate the tactic language does not accept.
type ParseError struct {
	Pos int
	Msg string
}

func (e *ParseError) Error() string { return fmt.Sprintf("at byte %d: %s", e.Pos, e.Msg) }

type token struct {
	kind byte // 'n' name, 'i' int, 's' string, 'q' quote, 'p' punctuation, 'k' keyword, 'o' infix
	text string
	pos  int
}

// lex splits a candidate into tokens, dropping comments.
func lex(src string) ([]token, error) {
	var out []token
	i := 0
	for i < len(src) {
		c := src[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f':
			i++
		case c == '(' && i+1 < len(src) && src[i+1] == '*':
			depth, j := 1, i+2
			for j < len(src) && depth > 0 {
				switch {
				case strings.HasPrefix(src[j:], "(*"):
					depth++
					j += 2
				case strings.HasPrefix(src[j:], "*)"):
					depth--
					j += 2
				default:
					j++
				}
			}
			if depth > 0 {
				return nil, &ParseError{i, "comment not closed"}
			}
			i = j
		case c == '`':
			j := strings.IndexByte(src[i+1:], '`')
			if j < 0 {
				return nil, &ParseError{i, "term quotation not closed by a backquote"}
			}
			q := src[i+1 : i+1+j]
			if q == "" {
				return nil, &ParseError{i, "empty term quotation"}
			}
			for k := 0; k < len(q); k++ {
				if b := q[k]; b < 0x20 && b != '\n' && b != '\t' && b != '\r' || b >= 0x7f {
					return nil, &ParseError{i + 1 + k, fmt.Sprintf("byte 0x%02x in a term quotation (printable ASCII only)", b)}
				}
			}
			if q[0] == ';' {
				return nil, &ParseError{i, "a quotation starting with ';' is not a term"}
			}
			if strings.Contains(q, "(*") || strings.Contains(q, "*)") {
				// OCaml's lexer might read them as a comment's ends
				// (write "( * )" for the operator).
				return nil, &ParseError{i, "\"(*\" or \"*)\" in a term quotation"}
			}
			out = append(out, token{'q', q, i})
			i += j + 2
		case c == '"':
			j := i + 1
			for j < len(src) && src[j] != '"' {
				b := src[j]
				if !(b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || strings.IndexByte(" _-.'", b) >= 0) {
					return nil, &ParseError{j, fmt.Sprintf("character %q in a string (letters, digits, space, _ - . ' only)", b)}
				}
				j++
			}
			if j >= len(src) {
				return nil, &ParseError{i, "string not closed"}
			}
			out = append(out, token{'s', src[i+1 : j], i})
			i = j + 1
		case c >= '0' && c <= '9':
			j := i
			for j < len(src) && src[j] >= '0' && src[j] <= '9' {
				j++
			}
			if j-i > 9 {
				return nil, &ParseError{i, "integer too large"}
			}
			out = append(out, token{'i', src[i:j], i})
			i = j
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_':
			j := i
			for j < len(src) && (src[j] >= 'a' && src[j] <= 'z' || src[j] >= 'A' && src[j] <= 'Z' ||
				src[j] >= '0' && src[j] <= '9' || src[j] == '_' || src[j] == '\'') {
				j++
			}
			w := src[i:j]
			if j < len(src) && src[j] == '.' {
				return nil, &ParseError{i, fmt.Sprintf("module paths (%s.) are not part of the tactic language", clip(w, 40))}
			}
			switch {
			case infixes[w]:
				out = append(out, token{'o', w, i})
			case w == "fun":
				out = append(out, token{'k', w, i})
			case w == "let" || w == "in" || w == "match" || w == "function" || w == "try" || w == "with" ||
				w == "open" || w == "module" || w == "external" || w == "begin" || w == "end" ||
				w == "while" || w == "for" || w == "do" || w == "done" || w == "if" || w == "then" || w == "else" ||
				w == "ref" || w == "lazy" || w == "assert" || w == "new" || w == "object" || w == "method" ||
				w == "class" || w == "type" || w == "exception" || w == "raise" || w == "include" || w == "mutable" ||
				w == "struct" || w == "sig" || w == "functor" || w == "val" || w == "rec" || w == "and" || w == "or":
				return nil, &ParseError{i, fmt.Sprintf("OCaml keyword %q is not part of the tactic language", w)}
			default:
				out = append(out, token{'n', w, i})
			}
			i = j
		case c == '-' && i+1 < len(src) && src[i+1] == '>':
			out = append(out, token{'p', "->", i})
			i += 2
		case strings.IndexByte("()[];,", c) >= 0:
			out = append(out, token{'p', string(c), i})
			i++
		default:
			return nil, &ParseError{i, fmt.Sprintf("character %q is not part of the tactic language", c)}
		}
	}
	return out, nil
}

type tparser struct {
	toks  []token
	i     int
	nodes int
	depth int
	bound []string // names bound by enclosing "fun"
	end   int
}

func (p *tparser) peek() *token {
	if p.i < len(p.toks) {
		return &p.toks[p.i]
	}
	return nil
}

func (p *tparser) errf(format string, args ...any) error {
	pos := p.end
	if t := p.peek(); t != nil {
		pos = t.pos
	}
	return &ParseError{pos, fmt.Sprintf(format, args...)}
}

func (p *tparser) node(n *Node) (*Node, error) {
	p.nodes++
	if p.nodes > maxNodes {
		return nil, p.errf("tactic has more than %d parts", maxNodes)
	}
	return n, nil
}

func (p *tparser) isPunct(s string) bool {
	t := p.peek()
	return t != nil && t.kind == 'p' && t.text == s
}

func (p *tparser) expect(s string) error {
	if !p.isPunct(s) {
		if t := p.peek(); t != nil {
			return p.errf("expected %q, found %q", s, t.text)
		}
		return p.errf("expected %q at the end", s)
	}
	p.i++
	return nil
}

func (p *tparser) expr() (*Node, error) {
	p.depth++
	defer func() { p.depth-- }()
	if p.depth > maxDepth {
		return nil, p.errf("tactic nested more than %d deep", maxDepth)
	}
	if t := p.peek(); t != nil && t.kind == 'k' && t.text == "fun" {
		return p.fun()
	}
	left, err := p.app()
	if err != nil {
		return nil, err
	}
	for {
		t := p.peek()
		if t == nil || t.kind != 'o' {
			return left, nil
		}
		p.i++
		var right *Node
		if n := p.peek(); n != nil && n.kind == 'k' && n.text == "fun" {
			right, err = p.fun()
		} else {
			right, err = p.app()
		}
		if err != nil {
			return nil, err
		}
		if left, err = p.node(&Node{Kind: Infix, Text: t.text, Kids: []*Node{left, right}, Pos: t.pos}); err != nil {
			return nil, err
		}
	}
}

// tuple reads a list element: expressions separated by commas, as in
// INST_TYPE [`:real`,`:A`].
func (p *tparser) tuple() (*Node, error) {
	first, err := p.expr()
	if err != nil || !p.isPunct(",") {
		return first, err
	}
	kids := []*Node{first}
	for p.isPunct(",") {
		p.i++
		e, err := p.expr()
		if err != nil {
			return nil, err
		}
		kids = append(kids, e)
	}
	return p.node(&Node{Kind: Tuple, Kids: kids, Pos: first.Pos})
}

func (p *tparser) fun() (*Node, error) {
	start := p.peek().pos
	p.i++
	var params []*Node
	for !p.isPunct("->") {
		if p.peek() == nil {
			return nil, p.errf("\"fun\" without \"->\"")
		}
		pat, err := p.pattern()
		if err != nil {
			return nil, err
		}
		params = append(params, pat)
	}
	if len(params) == 0 {
		return nil, p.errf("\"fun\" without a parameter")
	}
	p.i++
	saved := len(p.bound)
	for _, pat := range params {
		p.bind(pat)
	}
	body, err := p.expr()
	p.bound = p.bound[:saved]
	if err != nil {
		return nil, err
	}
	return p.node(&Node{Kind: Fun, Param: params, Kids: []*Node{body}, Pos: start})
}

func (p *tparser) bind(pat *Node) {
	switch pat.Kind {
	case Name:
		p.bound = append(p.bound, pat.Text)
	case Tuple:
		for _, k := range pat.Kids {
			p.bind(k)
		}
	}
}

// parenthesised reads the rest of a parenthesised group opened by t (the
// "(" already consumed): elements read by elem, separated by commas, up to
// ")". One element is itself; several make a Tuple. Patterns and
// expressions share it.
func (p *tparser) parenthesised(t *token, elem func() (*Node, error)) (*Node, error) {
	var kids []*Node
	for {
		k, err := elem()
		if err != nil {
			return nil, err
		}
		kids = append(kids, k)
		if p.isPunct(",") {
			p.i++
			continue
		}
		if err := p.expect(")"); err != nil {
			return nil, err
		}
		break
	}
	if len(kids) == 1 {
		return kids[0], nil
	}
	return p.node(&Node{Kind: Tuple, Kids: kids, Pos: t.pos})
}

func (p *tparser) pattern() (*Node, error) {
	t := p.peek()
	switch {
	case t.kind == 'n' && t.text == "_":
		p.i++
		return p.node(&Node{Kind: Wild, Text: "_", Pos: t.pos})
	case t.kind == 'n' && isLower(t.text):
		p.i++
		return p.node(&Node{Kind: Name, Text: t.text, Pos: t.pos})
	case t.kind == 'p' && t.text == "(":
		p.i++
		return p.parenthesised(t, func() (*Node, error) {
			if p.peek() == nil {
				return nil, p.errf("pattern not closed")
			}
			return p.pattern()
		})
	}
	return nil, p.errf("%q cannot be a parameter of \"fun\" (lower-case names, _ and tuples only)", t.text)
}

func isLower(s string) bool { return s != "" && (s[0] >= 'a' && s[0] <= 'z' || s[0] == '_') }

func (p *tparser) startsSimple() bool {
	t := p.peek()
	if t == nil {
		return false
	}
	switch t.kind {
	case 'n', 'i', 's', 'q':
		return true
	case 'p':
		return t.text == "(" || t.text == "["
	}
	return false
}

func (p *tparser) app() (*Node, error) {
	if !p.startsSimple() {
		if t := p.peek(); t != nil {
			return nil, p.errf("unexpected %q", t.text)
		}
		return nil, p.errf("tactic ends too early")
	}
	f, err := p.simple()
	if err != nil {
		return nil, err
	}
	var args []*Node
	for p.startsSimple() {
		a, err := p.simple()
		if err != nil {
			return nil, err
		}
		args = append(args, a)
	}
	if len(args) == 0 {
		return f, nil
	}
	return p.node(&Node{Kind: App, Kids: append([]*Node{f}, args...), Pos: f.Pos})
}

func (p *tparser) simple() (*Node, error) {
	t := p.peek()
	p.i++
	switch t.kind {
	case 'n':
		if err := p.checkName(t); err != nil {
			return nil, err
		}
		return p.node(&Node{Kind: Name, Text: t.text, Pos: t.pos})
	case 'i':
		return p.node(&Node{Kind: Int, Text: t.text, Pos: t.pos})
	case 's':
		return p.node(&Node{Kind: String, Text: t.text, Pos: t.pos})
	case 'q':
		return p.node(&Node{Kind: Quote, Text: t.text, Pos: t.pos})
	}
	switch t.text {
	case "(":
		if p.isPunct(")") {
			return nil, &ParseError{t.pos, "() is not part of the tactic language"}
		}
		return p.parenthesised(t, p.expr)
	case "[":
		var kids []*Node
		for !p.isPunct("]") {
			e, err := p.tuple()
			if err != nil {
				return nil, err
			}
			kids = append(kids, e)
			if p.isPunct(";") {
				p.i++
				continue
			}
			if !p.isPunct("]") {
				return nil, p.errf("expected \";\" or \"]\" in a list")
			}
		}
		p.i++
		return p.node(&Node{Kind: List, Kids: kids, Pos: t.pos})
	}
	return nil, &ParseError{t.pos, fmt.Sprintf("unexpected %q", t.text)}
}

func (p *tparser) checkName(t *token) error {
	name := t.text
	if why, ok := refused[name]; ok {
		return &ParseError{t.pos, fmt.Sprintf("%s is not allowed in a proof (%s)", name, why)}
	}
	if !isLower(name) {
		return nil
	}
	for _, b := range p.bound {
		if b == name {
			return nil
		}
	}
	if lowerAllowed[name] {
		return nil
	}
	switch name {
	case "new_axiom", "mk_thm", "new_basic_definition", "new_definition", "new_specification",
		"new_type", "new_basic_type_definition", "new_type_definition", "new_constant", "define",
		"new_recursive_definition", "new_inductive_definition", "prove_inductive_relations_exist":
		return &ParseError{t.pos, fmt.Sprintf("%s is not allowed in a proof: it extends the logic (axioms, constants, definitions)", name)}
	case "prove":
		return &ParseError{t.pos, "prove is not allowed inside a tactic (give the tactic, or prove(`goal`, TACTIC) as the whole proof)"}
	}
	return &ParseError{t.pos, fmt.Sprintf("%s is not part of the tactic language (lower-case names: those bound by fun, and pure term and list functions such as concl, lhs, rand, map)", name)}
}

// Tactic is a parsed candidate proof.
type Tactic struct {
	Root *Node
	// Goal is the goal the candidate states itself (prove(`goal`, TAC)),
	// "" when it gives only the tactic. The checker compares it with the
	// official goal.
	Goal string
}

// ParseTactic parses a candidate: a tactic expression, or the whole
// "prove(`goal`, TACTIC)" (optionally "let NAME = ...;;"). A trailing ";;"
// is dropped.
func ParseTactic(src string) (*Tactic, error) {
	if len(src) > MaxTacticBytes {
		return nil, &ParseError{0, fmt.Sprintf("candidate is %d bytes, over the limit of %d", len(src), MaxTacticBytes)}
	}
	toks, err := lex(stripSemis(src))
	if err != nil {
		return nil, err
	}
	if len(toks) == 0 {
		return nil, &ParseError{0, "no tactic"}
	}
	tac := &Tactic{}
	p := &tparser{toks: toks, end: len(src)}
	if toks[0].kind == 'n' && toks[0].text == "prove" {
		p.i++
		if err := p.expect("("); err != nil {
			return nil, err
		}
		q := p.peek()
		if q == nil || q.kind != 'q' {
			return nil, p.errf("prove( must be followed by the goal in backquotes")
		}
		tac.Goal = q.text
		p.i++
		if err := p.expect(","); err != nil {
			return nil, err
		}
		if tac.Root, err = p.expr(); err != nil {
			return nil, err
		}
		if err := p.expect(")"); err != nil {
			return nil, err
		}
	} else if tac.Root, err = p.expr(); err != nil {
		return nil, err
	}
	if t := p.peek(); t != nil {
		return nil, p.errf("unexpected %q after the tactic", t.text)
	}
	return tac, nil
}

// stripSemis drops the ";;" ending a toplevel phrase and a leading
// "let NAME =" (the name as the statement files write it, hyphens
// included).
func stripSemis(src string) string {
	s := strings.TrimSpace(src)
	s = strings.TrimSpace(strings.TrimSuffix(s, ";;"))
	if strings.HasPrefix(s, "let ") {
		if i := strings.Index(s, "="); i > 0 {
			name := strings.TrimSpace(s[4:i])
			if name != "" && !strings.ContainsAny(name, " \t\n()`\"") {
				s = strings.TrimSpace(s[i+1:])
			}
		}
	}
	return s
}

// OCaml prints the tactic as the OCaml expression sent to HOL Light: every
// application, operator, list and tuple in parentheses, so that the
// toplevel reads exactly the tree that was checked here.
func (t *Tactic) OCaml() string {
	var b strings.Builder
	writeNode(&b, t.Root)
	return b.String()
}

func writeNode(b *strings.Builder, n *Node) {
	switch n.Kind {
	case Name, Wild:
		b.WriteString(n.Text)
	case Int:
		b.WriteString(n.Text)
	case String:
		b.WriteString(strconv.Quote(n.Text))
	case Quote:
		b.WriteByte('`')
		b.WriteString(n.Text)
		b.WriteByte('`')
	case App:
		b.WriteByte('(')
		for i, k := range n.Kids {
			if i > 0 {
				b.WriteByte(' ')
			}
			writeNode(b, k)
		}
		b.WriteByte(')')
	case Infix:
		b.WriteByte('(')
		writeNode(b, n.Kids[0])
		b.WriteString(" " + n.Text + " ")
		writeNode(b, n.Kids[1])
		b.WriteByte(')')
	case List:
		b.WriteByte('[')
		for i, k := range n.Kids {
			if i > 0 {
				b.WriteString("; ")
			}
			writeNode(b, k)
		}
		b.WriteByte(']')
	case Tuple:
		b.WriteByte('(')
		for i, k := range n.Kids {
			if i > 0 {
				b.WriteString(", ")
			}
			writeNode(b, k)
		}
		b.WriteByte(')')
	case Fun:
		b.WriteString("(fun")
		for _, p := range n.Param {
			b.WriteByte(' ')
			writeNode(b, p)
		}
		b.WriteString(" -> ")
		writeNode(b, n.Kids[0])
		b.WriteByte(')')
	}
}

// Steps is the length of a proof: the tactics joined by THEN, THENL and
// ORELSE (the leaves of that tree, THENL's lists included).
func (t *Tactic) Steps() int { return steps(t.Root) }

func steps(n *Node) int {
	switch {
	case n.Kind == Infix && (n.Text == "THEN" || n.Text == "ORELSE"):
		return steps(n.Kids[0]) + steps(n.Kids[1])
	case n.Kind == Infix && n.Text == "THENL":
		s := steps(n.Kids[0])
		if r := n.Kids[1]; r.Kind == List {
			for _, k := range r.Kids {
				s += steps(k)
			}
			return s
		}
		return s + steps(n.Kids[1])
	}
	return 1
}
