package amps

import (
	"encoding/json"
	"fmt"
	"strings"
)

// The story grammar of the word-problem modules (mod_word.go). Issue 33's
// audit found AMPS's word problems to be fill-in templates: one fixed
// sentence with drawn numbers. Here a problem is composed: characters,
// objects and units drawn from lexicons, a chain of events (gain, lose,
// give to another character, buy packs or items at a price, share equally,
// double, ...), each written by one of several sentence frames, an
// optional irrelevant sentence, and a question about any quantity of the
// story. The solution has one paragraph per operation (an event, or the
// question's own arithmetic), so the modules' difficulty proxy is that
// count (stepsProxy).
//
// Amounts are int64 counts (objects) or cents (money), bounded far below
// overflow by the caps of each module's draw (wordCap): every product of
// the chain stays under a few hundred thousand.

// wperson is a character: a name and the pronouns it takes.
type wperson struct {
	name string
	she  bool
}

func (p wperson) pron() string { return pick2(p.she, "she", "he") }
func (p wperson) poss() string { return pick2(p.she, "her", "his") }
func (p wperson) obj() string  { return pick2(p.she, "her", "him") }
func (p wperson) refl() string { return pick2(p.she, "herself", "himself") }

func pick2(c bool, a, b string) string {
	if c {
		return a
	}
	return b
}

// capital upper-cases a sentence's first letter.
func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// wordPeople: names that start with a capital letter, so that no article
// rule of the lint can read them as a noun after "a" or "an".
var wordPeople = []wperson{
	{"Ava", true}, {"Ben", false}, {"Chloe", true}, {"Diego", false}, {"Emma", true}, {"Farid", false},
	{"Grace", true}, {"Hiro", false}, {"Isla", true}, {"Jamal", false}, {"Keiko", true}, {"Liam", false},
	{"Maya", true}, {"Noah", false}, {"Olivia", true}, {"Pablo", false}, {"Priya", true}, {"Quentin", false},
	{"Rosa", true}, {"Sam", false}, {"Tara", true}, {"Umar", false}, {"Vera", true}, {"Wei", false},
	{"Yara", true}, {"Zane", false}, {"Nadia", true}, {"Omar", false}, {"Lucia", true}, {"Mateo", false},
	{"Sofia", true}, {"Kofi", false}, {"Hana", true}, {"Ravi", false}, {"Elena", true}, {"Tomas", false},
}

// people draws k distinct characters.
func (g *G) people(k int) []wperson {
	idx := g.Perm(len(wordPeople))[:k]
	out := make([]wperson, k)
	for i, j := range idx {
		out[i] = wordPeople[j]
	}
	return out
}

// thing is a countable object: singular and plural, and whether it can be
// eaten (which frames fit it).
type thing struct {
	one, many string
	edible    bool
}

var wordThings = []thing{
	{"sticker", "stickers", false}, {"marble", "marbles", false}, {"seashell", "seashells", false},
	{"baseball card", "baseball cards", false}, {"pencil", "pencils", false}, {"stamp", "stamps", false},
	{"bead", "beads", false}, {"toy car", "toy cars", false}, {"comic book", "comic books", false},
	{"postcard", "postcards", false}, {"crayon", "crayons", false}, {"button", "buttons", false},
	{"balloon", "balloons", false}, {"trading card", "trading cards", false}, {"pebble", "pebbles", false},
	{"feather", "feathers", false}, {"apple", "apples", true}, {"cookie", "cookies", true},
	{"strawberry", "strawberries", true}, {"cupcake", "cupcakes", true}, {"muffin", "muffins", true},
	{"orange", "oranges", true}, {"plum", "plums", true}, {"walnut", "walnuts", true}, {"cherry", "cherries", true},
	{"pretzel", "pretzels", true},
}

// noun is the object's noun for a count (1 sticker, 2 stickers).
func (t thing) noun(k int64) string { return pick2(k == 1, t.one, t.many) }

// wunit writes the amounts of a story: counts of a thing, or money in
// cents.
type wunit struct {
	t     thing
	money bool
}

// cents writes an amount of cents as dollars with two decimals.
func cents(c int64) string { return fmt.Sprintf("%d.%02d", c/100, c%100) }

// phrase writes an amount in prose: "5 stickers", "$\$3.25$".
func (u wunit) phrase(k int64) string {
	if u.money {
		return m(`\$` + cents(k))
	}
	return itoa(k) + " " + u.t.noun(k)
}

// more writes "5 more stickers".
func (u wunit) more(k int64) string {
	if u.money {
		return m(`\$`+cents(k)) + " more"
	}
	return itoa(k) + " more " + u.t.noun(k)
}

// num writes an amount inside a formula.
func (u wunit) num(k int64) string {
	if u.money {
		return `\$` + cents(k)
	}
	return itoa(k)
}

// tail is what follows a formula whose result is k: the noun for objects,
// nothing for money (the formula shows the dollar sign).
func (u wunit) tail(k int64) string {
	if u.money {
		return ""
	}
	return " " + u.t.noun(k)
}

// numberWords for small counts in prose (two friends, three equal piles).
var numberWords = []string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"}

func numberWord(k int64) string {
	if k >= 0 && int(k) < len(numberWords) {
		return numberWords[k]
	}
	return itoa(k)
}

// Event operations.
const (
	evGain  = '+' // who += k
	evLose  = '-' // who -= k
	evGive  = 'g' // who -= k, to += k (both tracked)
	evTimes = '*' // who *= k
	evShare = '/' // who /= k (keeps one of k equal shares)
	evPacks = 'p' // who += k*m (k packs of m)
	evBuy   = 'b' // who -= k*m (k items at m cents each)
)

// wev is one event of a story, with the sentence that tells it and the
// phrase the steps use after "After" and "Before".
type wev struct {
	op      byte
	who, to int
	k, m    int64
	text    string
	when    string
	item    wItem // evBuy's item
	hidden  bool  // evBuy with its price unknown (the question asks it)
	subject int   // the character the sentence is about
}

// apply runs an event forwards on the amounts; false when it would make a
// count negative or a share inexact.
func (e wev) apply(a []int64) bool {
	switch e.op {
	case evGain:
		a[e.who] += e.k
	case evLose:
		if a[e.who] < e.k {
			return false
		}
		a[e.who] -= e.k
	case evGive:
		if a[e.who] < e.k {
			return false
		}
		a[e.who] -= e.k
		a[e.to] += e.k
	case evTimes:
		a[e.who] *= e.k
	case evShare:
		if e.k < 2 || a[e.who]%e.k != 0 {
			return false
		}
		a[e.who] /= e.k
	case evPacks:
		a[e.who] += e.k * e.m
	case evBuy:
		if a[e.who] < e.k*e.m {
			return false
		}
		a[e.who] -= e.k * e.m
	default:
		return false
	}
	return true
}

// undo runs an event backwards: the amounts before it from those after;
// false when no amounts before could have given these (an inexact
// division, a negative count).
func (e wev) undo(a []int64) bool {
	switch e.op {
	case evGain:
		if a[e.who] < e.k {
			return false
		}
		a[e.who] -= e.k
	case evLose:
		a[e.who] += e.k
	case evGive:
		if a[e.to] < e.k {
			return false
		}
		a[e.who] += e.k
		a[e.to] -= e.k
	case evTimes:
		if e.k < 2 || a[e.who]%e.k != 0 {
			return false
		}
		a[e.who] /= e.k
	case evShare:
		a[e.who] *= e.k
	case evPacks:
		if a[e.who] < e.k*e.m {
			return false
		}
		a[e.who] -= e.k * e.m
	case evBuy:
		a[e.who] += e.k * e.m
	default:
		return false
	}
	return true
}

// forwardStep is the paragraph of an event run forwards: before, the
// amounts before it.
func (e wev) forwardStep(u wunit, ps []wperson, before []int64) string {
	a := before[e.who]
	var f string
	var r int64
	switch e.op {
	case evGain:
		r = a + e.k
		f = u.num(a) + " + " + u.num(e.k)
	case evLose:
		r = a - e.k
		f = u.num(a) + " - " + u.num(e.k)
	case evGive:
		r = a - e.k
		b := before[e.to]
		return "After " + e.when + ", " + ps[e.who].name + " has " + m(u.num(a)+" - "+u.num(e.k)+" = "+u.num(r)) + u.tail(r) +
			" and " + ps[e.to].name + " has " + m(u.num(b)+" + "+u.num(e.k)+" = "+u.num(b+e.k)) + "."
	case evTimes:
		r = a * e.k
		f = u.num(a) + ` \cdot ` + itoa(e.k)
	case evShare:
		r = a / e.k
		f = u.num(a) + ` \div ` + itoa(e.k)
	case evPacks:
		r = a + e.k*e.m
		f = u.num(a) + " + " + itoa(e.k) + ` \cdot ` + u.num(e.m)
	case evBuy:
		r = a - e.k*e.m
		f = u.num(a) + " - " + itoa(e.k) + ` \cdot ` + u.num(e.m)
	}
	return "After " + e.when + ", " + ps[e.who].name + " has " + m(f+" = "+u.num(r)) + u.tail(r) + "."
}

// backwardStep is the paragraph of an event undone: after, the amount of
// who after it.
func (e wev) backwardStep(u wunit, ps []wperson, after int64) string {
	var f string
	var r int64
	switch e.op {
	case evGain:
		r, f = after-e.k, u.num(after)+" - "+u.num(e.k)
	case evLose, evGive:
		r, f = after+e.k, u.num(after)+" + "+u.num(e.k)
	case evTimes:
		r, f = after/e.k, u.num(after)+` \div `+itoa(e.k)
	case evShare:
		r, f = after*e.k, u.num(after)+` \cdot `+itoa(e.k)
	case evPacks:
		r, f = after-e.k*e.m, u.num(after)+" - "+itoa(e.k)+` \cdot `+u.num(e.m)
	case evBuy:
		r, f = after+e.k*e.m, u.num(after)+" + "+itoa(e.k)+` \cdot `+u.num(e.m)
	}
	return "Before " + e.when + ", " + ps[e.who].name + " had " + m(f+" = "+u.num(r)) + u.tail(r) + "."
}

// wItem is something bought: singular and plural.
type wItem struct{ one, many string }

var wordItems = []wItem{
	{"notebook", "notebooks"}, {"pen", "pens"}, {"comic book", "comic books"}, {"bus ticket", "bus tickets"},
	{"bottle of juice", "bottles of juice"}, {"postcard", "postcards"}, {"sandwich", "sandwiches"},
	{"packet of seeds", "packets of seeds"}, {"bag of popcorn", "bags of popcorn"}, {"keychain", "keychains"},
	{"paintbrush", "paintbrushes"}, {"tennis ball", "tennis balls"}, {"muffin", "muffins"}, {"candle", "candles"},
}

// wordSinglePurchases: what a character spends an amount on ("spends ... on
// a ..."); every one starts with a consonant sound, for the article.
var wordSinglePurchases = []string{"sandwich", "book", "movie ticket", "T-shirt", "board game", "backpack", "pizza", "kite", "puzzle", "water bottle", "scarf", "baseball cap"}

// wordGivers: untracked people an object comes from or goes to, written
// with the subject's possessive ("her grandmother").
var wordGivers = []string{"%s grandmother", "%s uncle", "%s aunt", "%s cousin", "%s neighbour", "%s teacher", "%s older sister", "%s best friend"}

// story draws and renders a chain of events.
type story struct {
	g      *G
	u      wunit
	ps     []wperson
	events []wev
	// lastSubject is the character the previous sentence was about (-1:
	// none), for pronouns.
	lastSubject int
	// must, when hasMust, is a character every event involves.
	must    int
	hasMust bool
}

// subj is the subject that opens a sentence about character i: a pronoun
// when the previous sentence was about i and no other character of the
// story takes the same pronoun, else the name.
func (s *story) subj(i int) string {
	defer func() { s.lastSubject = i }()
	if s.lastSubject == i && s.g.Bool() {
		ambiguous := false
		for j, p := range s.ps {
			if j != i && p.she == s.ps[i].she {
				ambiguous = true
			}
		}
		if !ambiguous {
			return capital(s.ps[i].pron())
		}
	}
	return s.ps[i].name
}

// giver is an untracked person related to character i.
func (s *story) giver(i int) string {
	return fmt.Sprintf(wordGivers[s.g.IntN(len(wordGivers))], s.ps[i].poss())
}

// render writes an event's sentence and its "after" phrase.
func (s *story) render(e *wev) {
	g, u := s.g, s.u
	p := s.ps[e.who]
	S := s.subj(e.who)
	N := u.phrase(e.k)
	pl := u.t.many
	switch {
	case e.op == evGain && u.money:
		switch g.IntN(4) {
		case 0:
			e.text, e.when = S+" earns "+N+" mowing lawns.", "earning "+N
		case 1:
			o := s.giver(e.who)
			e.text, e.when = S+" gets "+N+" from "+o+".", "getting "+N+" from "+o
		case 2:
			e.text, e.when = S+" receives "+N+" in birthday money.", "receiving "+N+" in birthday money"
		default:
			e.text, e.when = S+" is paid "+N+" for babysitting.", "being paid "+N+" for babysitting"
		}
	case e.op == evGain:
		switch g.IntN(5) {
		case 0:
			e.text, e.when = S+" finds "+N+".", "finding "+N
		case 1:
			o := s.giver(e.who)
			e.text, e.when = S+" gets "+N+" from "+o+".", "getting "+N+" from "+o
		case 2:
			e.text, e.when = S+" wins "+N+" at the school fair.", "winning "+N+" at the school fair"
		case 3:
			e.text, e.when = S+" buys "+u.more(e.k)+".", "buying "+u.more(e.k)
		default:
			e.text, e.when = S+" is given "+N+" as a present.", "receiving "+N+" as a present"
		}
	case e.op == evLose && u.money:
		switch g.IntN(4) {
		case 0:
			it := wordSinglePurchases[g.IntN(len(wordSinglePurchases))]
			e.text, e.when = S+" spends "+N+" on a "+it+".", "buying the "+it
		case 1:
			it := wordSinglePurchases[g.IntN(len(wordSinglePurchases))]
			e.text, e.when = S+" pays "+N+" for a "+it+".", "paying for the "+it
		case 2:
			o := s.giver(e.who)
			e.text, e.when = S+" lends "+N+" to "+o+".", "lending "+N+" to "+o
		default:
			e.text, e.when = S+" puts "+N+" into a piggy bank.", "putting "+N+" into the piggy bank"
		}
	case e.op == evLose:
		switch g.IntN(5) {
		case 0:
			e.text, e.when = S+" loses "+N+".", "losing "+N
		case 1:
			o := s.giver(e.who)
			e.text, e.when = S+" gives "+N+" to "+o+".", "giving "+N+" to "+o
		case 2:
			e.text, e.when = S+" trades away "+N+".", "trading away "+N
		case 3:
			if u.t.edible {
				e.text, e.when = S+" eats "+N+".", "eating "+N
			} else {
				e.text, e.when = S+" uses "+N+" for an art project.", "using "+N+" for the art project"
			}
		default:
			e.text, e.when = S+" sells "+N+" at a yard sale.", "selling "+N+" at the yard sale"
		}
	case e.op == evGive:
		t := s.ps[e.to].name
		if g.Bool() {
			e.text, e.when = S+" gives "+N+" to "+t+".", "giving "+N+" to "+t
		} else {
			e.text, e.when = S+" hands "+t+" "+N+".", "handing "+t+" "+N
		}
	case e.op == evTimes:
		times := pick2(e.k == 2, "twice", numberWord(e.k)+" times")
		verb := pick2(e.k == 2, "doubles", "triples")
		if u.money {
			e.text, e.when = S+" invests in a lemonade stand and ends up with "+times+" as much money as before.", "the lemonade stand"
		} else if g.Bool() {
			e.text, e.when = S+" "+verb+" the number of "+pl+" "+p.pron()+" has.", pick2(e.k == 2, "doubling", "tripling")+" "+p.poss()+" "+pl
		} else {
			e.text, e.when = S+" trades with a friend and ends up with "+times+" as many "+pl+" as before.", "trading with the friend"
		}
	case e.op == evShare:
		what := pick2(u.money, "money", pl)
		if e.k == 2 && g.Bool() {
			if u.money {
				e.text, e.when = S+" puts half of "+p.poss()+" money into a savings account.", "saving half of "+p.poss()+" money"
			} else {
				e.text, e.when = S+" gives away half of "+p.poss()+" "+pl+".", "giving away half of "+p.poss()+" "+pl
			}
		} else if g.Bool() || u.money {
			friends := pick2(e.k == 2, "a friend", numberWord(e.k-1)+" friends")
			e.text = S + " shares " + p.poss() + " " + what + " equally among " + p.refl() + " and " + friends + " and keeps one share."
			e.when = "sharing " + p.poss() + " " + what + " equally among " + numberWord(e.k) + " people"
		} else {
			e.text = S + " sorts " + p.poss() + " " + pl + " into " + numberWord(e.k) + " equal piles and keeps one pile."
			e.when = "keeping one of " + numberWord(e.k) + " equal piles"
		}
	case e.op == evPacks:
		box := []string{"packs", "boxes", "bags"}[g.IntN(3)]
		if g.Bool() {
			e.text = S + " buys " + itoa(e.k) + " " + box + " of " + itoa(e.m) + " " + pl + "."
		} else {
			e.text = S + " buys " + itoa(e.k) + " " + box + " with " + itoa(e.m) + " " + pl + " in each."
		}
		e.when = "buying " + itoa(e.k) + " " + box + " of " + itoa(e.m)
	case e.op == evBuy:
		if e.hidden {
			e.text = S + " buys " + itoa(e.k) + " " + e.item.many + ", all at the same price."
		} else if g.Bool() {
			e.text = S + " buys " + itoa(e.k) + " " + e.item.many + " at " + N2(u, e.m) + " each."
		} else {
			e.text = S + " buys " + itoa(e.k) + " " + e.item.many + " that cost " + N2(u, e.m) + " each."
		}
		e.when = "buying the " + e.item.many
	}
	e.subject = e.who
}

// N2 writes a price.
func N2(u wunit, c int64) string { return u.phrase(c) }

// distractor is a sentence with a number the question does not need.
func (s *story) distractor() string {
	g := s.g
	i := g.IntN(len(s.ps))
	p := s.ps[i]
	var other wperson
	for {
		other = wordPeople[g.IntN(len(wordPeople))]
		ok := true
		for _, q := range s.ps {
			ok = ok && q.name != other.name
		}
		if ok {
			break
		}
	}
	s.lastSubject = -1
	switch g.IntN(5) {
	case 0:
		return other.name + " is " + itoa(g.Int(6, 14)) + " years old."
	case 1:
		return p.name + " lives " + itoa(g.Int(2, 9)) + " blocks from the park."
	case 2:
		var t thing
		for t = wordThings[g.IntN(len(wordThings))]; t.one == s.u.t.one; t = wordThings[g.IntN(len(wordThings))] {
		}
		k := g.Int(2, 30)
		return other.name + " has " + itoa(k) + " " + t.noun(k) + "."
	case 3:
		return "The walk to school takes " + p.name + " " + itoa(g.Int(5, 25)) + " minutes."
	default:
		return p.name + " has " + itoa(g.Int(2, 4)) + " younger cousins."
	}
}

// joinStory joins the story's sentences, an optional distractor inserted
// at a random place after the first sentence and before the last (the
// question).
func joinStory(g *G, sentences []string, distractor string) string {
	// Not before a sentence that opens with a pronoun: the distractor
	// names another character, and the pronoun would seem to be about them.
	var at []int
	for i := 1; i < len(sentences); i++ {
		if !strings.HasPrefix(sentences[i], "He ") && !strings.HasPrefix(sentences[i], "She ") {
			at = append(at, i)
		}
	}
	if distractor != "" && len(at) > 0 {
		i := at[g.IntN(len(at))]
		sentences = append(sentences[:i:i], append([]string{distractor}, sentences[i:]...)...)
	}
	return strings.Join(sentences, " ")
}

// stepsProxy is the word modules' difficulty proxy: the operations of the
// solution, one paragraph each (the events, then the question's own
// arithmetic), counted from the record's text.
func stepsProxy(r Record) float64 {
	sol := r.Solution
	if i := strings.LastIndex(sol, "\n\nThe answer is"); i >= 0 {
		return float64(len(strings.Split(sol[:i], "\n\n")))
	}
	return 0
}

// eventsJSON is the chain for the sympy data: [op, who, to, k, m] (m null
// for a hidden price).
func eventsJSON(es []wev) string {
	var rows [][]any
	for _, e := range es {
		var mv any = e.m
		if e.hidden {
			mv = nil
		}
		rows = append(rows, []any{string(rune(e.op)), e.who, e.to, e.k, mv})
	}
	b, _ := json.Marshal(rows)
	return string(b)
}

func intsJSON(v []int64) string {
	b, _ := json.Marshal(v)
	return string(b)
}
