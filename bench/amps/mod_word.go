package amps

import (
	"slices"
	"strings"
)

// The compositional word-problem modules: stories composed by the grammar
// of word.go, with a level proxy that counts the solution's operations
// (stepsProxy). Each module's operations are its size plus a constant
// (wordOps), whatever the question: a question that needs arithmetic of
// its own (a difference, a total) takes its operations from the events,
// so that every question is asked at every level and the size alone
// decides the band.
func init() {
	for _, m := range []*Module{
		{Name: "word_story_arithmetic", Area: "k12", Steps: true, gen: genWordStory, Proxy: stepsProxy,
			Description: "A story of one or two characters whose objects change through a chain of events (gain, lose, give, double, share, buy packs); the question asks a final amount, a difference or a total",
			Extrapolate: "longer chains: 7-12 events (train: 2-7)"},
		{Name: "word_work_backwards", Area: "k12", Steps: true, gen: genWordBackwards, Proxy: stepsProxy,
			Description: "A chain of events and the amount at the end; find the amount at the start by undoing the events",
			Extrapolate: "longer chains: 7-11 events (train: 2-6)"},
		{Name: "word_money_change", Area: "k12", Steps: true, gen: genWordMoney, Proxy: stepsProxy,
			Description: "A character's money through earnings, purchases at unit prices, lending and saving; the question asks the money left, the money at the start or the unit price of a purchase",
			Extrapolate: "longer chains: 7-11 events (train: 2-6) and larger amounts"},
		{Name: "word_ratio_share", Area: "k12", Steps: true, gen: genWordRatio, Proxy: stepsProxy,
			Description: "Two or three characters share objects in a ratio, then trade; the question asks an amount, a difference, or the total shared by working backwards",
			Extrapolate: "longer chains: 6-11 trades after the share (train: 1-6)"},
		{Name: "word_ages", Area: "k12", Steps: true, gen: genWordAges, Proxy: stepsProxy,
			Description: "Ages of characters related to one another (older, younger, times as old, in or years ago, a sum); the question asks an age, a future age, a difference, or the first age by working backwards",
			Extrapolate: "longer chains: 7-12 relations (train: 2-7)"},
		{Name: "word_rates", Area: "k12", Steps: true, gen: genWordRates, Proxy: stepsProxy,
			Description: "A journey of legs at given speeds and times or distances, with breaks; the question asks the total distance, the total time or the average speed",
			Extrapolate: "longer journeys: 7-12 legs and breaks (train: 2-7)"},
	} {
		register(m)
	}
}

// wordOps is the number of operations (solution paragraphs) at the
// current size: size + c, at least 2 + c.
func (g *G) wordOps(c int) int { return g.Size + c }

// chain draws n events forwards on the amounts a (changed in place), with
// operations from ops, by characters from tracked; scale bounds the
// numbers drawn and capv every amount. Each event is rendered as drawn, so
// that pronouns follow the story.
func (s *story) chain(a []int64, n int, ops string, tracked []int, scale, capv int64) error {
	g := s.g
	for len(s.events) < n {
		var e wev
		ok := false
		for try := 0; try < 60 && !ok; try++ {
			e = wev{op: ops[g.IntN(len(ops))], who: tracked[g.IntN(len(tracked))]}
			cur := a[e.who]
			switch e.op {
			case evGain:
				if s.u.money {
					e.k = 25 * g.Int(2, 20*scale)
				} else {
					e.k = g.Int(2, scale)
				}
				ok = cur+e.k <= capv
			case evLose, evGive:
				if e.op == evGive {
					if len(tracked) < 2 {
						continue
					}
					for e.to = e.who; e.to == e.who; e.to = tracked[g.IntN(len(tracked))] {
					}
				}
				if s.u.money {
					if cur < 50 {
						continue
					}
					e.k = 5 * g.Int(1, min(cur/5-1, 100*scale))
				} else {
					if cur < 2 {
						continue
					}
					e.k = g.Int(1, min(cur-1, scale))
				}
				ok = e.op != evGive || a[e.to]+e.k <= capv
			case evTimes:
				e.k = 2
				if !s.u.money && g.Bool() {
					e.k = 3
				}
				ok = cur >= 2 && cur*e.k <= capv
			case evShare:
				var ds []int64
				for d := int64(2); d <= 5; d++ {
					if cur%d == 0 && cur/d >= 2 && (!s.u.money || d == 2) {
						ds = append(ds, d)
					}
				}
				if len(ds) > 0 {
					e.k, ok = ds[g.IntN(len(ds))], true
				}
			case evPacks:
				e.k, e.m = g.Int(2, 5), g.Int(2, 12)
				ok = cur+e.k*e.m <= capv
			case evBuy:
				e.k = g.Int(2, 6)
				if cur/e.k < 50 {
					continue
				}
				e.m = 5 * g.Int(5, min(cur/e.k/5, 40*scale))
				e.item = wordItems[g.IntN(len(wordItems))]
				ok = true
			}
			if ok && s.hasMust && e.who != s.must && !(e.op == evGive && e.to == s.must) {
				ok = false // an event that leaves the told character out
			}
		}
		if !ok {
			return errf("no event fits the amounts %v", a)
		}
		if !e.apply(a) {
			return errf("event %c does not apply to %v", e.op, a)
		}
		s.render(&e)
		s.events = append(s.events, e)
	}
	return nil
}

// replayUndo undoes the events on a copy of the final amounts: the second
// path of the forward modules (it must give back the stated start).
func replayUndo(es []wev, final []int64) ([]int64, error) {
	a := slices.Clone(final)
	for i := len(es) - 1; i >= 0; i-- {
		if !es[i].undo(a) {
			return nil, errf("event %d cannot be undone from %v", i+1, a)
		}
	}
	return a, nil
}

// replayApply runs the events on a copy of the start: the second path of
// the backward modules (it must give the stated end).
func replayApply(es []wev, start []int64) ([]int64, error) {
	a := slices.Clone(start)
	for i, e := range es {
		if !e.apply(a) {
			return nil, errf("event %d cannot run on %v", i+1, a)
		}
	}
	return a, nil
}

func randThing(g *G) thing { return wordThings[g.IntN(len(wordThings))] }

// withDistractor adds an irrelevant sentence half of the time.
func (s *story) withDistractor(sentences []string) string {
	d := ""
	if s.g.Bool() {
		d = s.distractor()
	}
	return joinStory(s.g, sentences, d)
}

func (s *story) texts() []string {
	var out []string
	for _, e := range s.events {
		out = append(out, e.text)
	}
	return out
}

func genWordStory(g *G) (*Problem, error) {
	ask := g.IntN(3)                // 0: a final amount, 1: a difference, 2: a total
	n := g.wordOps(2) - min(ask, 1) // 3-7 operations at sizes 1-5
	k := 1
	if ask > 0 || g.Bool() {
		k = 2
	}
	ps := g.people(k)
	u := wunit{t: randThing(g)}
	scale := int64(8 + 4*g.Size)
	capv := int64(100 * g.Size * g.Size)
	start := make([]int64, k)
	for i := range start {
		start[i] = g.Int(4, 3*scale)
	}
	s := &story{g: g, u: u, ps: ps, lastSubject: -1}
	var first string
	if k == 1 {
		first = s.subj(0) + " has " + u.phrase(start[0]) + "."
	} else if g.Bool() {
		first = ps[0].name + " has " + u.phrase(start[0]) + ", and " + ps[1].name + " has " + u.phrase(start[1]) + "."
		s.lastSubject = -1
	} else {
		first = ps[0].name + " and " + ps[1].name + " have " + itoa(start[0]) + " and " + itoa(start[1]) + " " + u.t.many + ", respectively."
	}
	ops := "+-*/p"
	tracked := []int{0}
	if k == 2 {
		ops, tracked = "+-gg*/p", []int{0, 1}
	}
	a := slices.Clone(start)
	if err := s.chain(a, n, ops, tracked, scale, capv); err != nil {
		return nil, err
	}
	var steps []string
	cur := slices.Clone(start)
	for _, e := range s.events {
		steps = append(steps, e.forwardStep(u, ps, cur))
		e.apply(cur)
	}
	var question string
	var ans int64
	who := []int{g.IntN(k)}
	switch ask {
	case 0:
		p := ps[who[0]]
		question = g.Pick("How many "+u.t.many+" does "+p.name+" have now?", "How many "+u.t.many+" does "+p.name+" end up with?", "How many "+u.t.many+" does "+p.name+" have at the end?")
		ans = a[who[0]]
	case 1:
		if a[0] == a[1] {
			return nil, errf("trivial: the two end with the same amount")
		}
		hi, lo := 0, 1
		if a[1] > a[0] {
			hi, lo = 1, 0
		}
		who = []int{hi, lo}
		ans = a[hi] - a[lo]
		question = "How many more " + u.t.many + " does " + ps[hi].name + " have than " + ps[lo].name + " at the end?"
		steps = append(steps, "So "+ps[hi].name+" has "+m(itoa(a[hi])+" - "+itoa(a[lo])+" = "+itoa(ans))+" more "+u.t.noun(ans)+" than "+ps[lo].name+".")
	default:
		who = []int{0, 1}
		ans = a[0] + a[1]
		question = g.Pick("How many "+u.t.many+" do "+ps[0].name+" and "+ps[1].name+" have altogether at the end?", "How many "+u.t.many+" do the two of them have together at the end?")
		steps = append(steps, "Together they have "+m(itoa(a[0])+" + "+itoa(a[1])+" = "+itoa(ans))+" "+u.t.noun(ans)+".")
	}
	p := &Problem{Problem: s.withDistractor(append(append([]string{first}, s.texts()...), question)), Steps: steps}
	p.setNum(q(ans))
	p.sym("start", intsJSON(start))
	p.sym("events", eventsJSON(s.events))
	p.sym("ask", []string{"final", "diff", "total"}[ask])
	p.sym("who", intsJSON(toInt64s(who)))
	p.Check = func() error {
		back, err := replayUndo(s.events, a)
		if err != nil {
			return err
		}
		if !slices.Equal(back, start) {
			return errf("undoing the events from %v gives %v, not the start %v", a, back, start)
		}
		var want int64
		switch ask {
		case 0:
			want = a[who[0]]
		case 1:
			want = max(a[0], a[1]) - min(a[0], a[1])
		default:
			want = a[0] + a[1]
		}
		if want != ans {
			return errf("the end amounts give %d, not %d", want, ans)
		}
		return nil
	}
	return p, nil
}

func toInt64s(v []int) []int64 {
	out := make([]int64, len(v))
	for i, x := range v {
		out[i] = int64(x)
	}
	return out
}

func genWordBackwards(g *G) (*Problem, error) {
	n := g.wordOps(1)
	ps := g.people(1)
	u := wunit{t: randThing(g)}
	scale := int64(8 + 4*g.Size)
	capv := int64(100 * g.Size * g.Size)
	start := []int64{g.Int(4, 3*scale)}
	s := &story{g: g, u: u, ps: ps, lastSubject: -1}
	first := s.subj(0) + g.Pick(" has some ", " starts the week with some ", " has a few ") + u.t.many + "."
	a := slices.Clone(start)
	if err := s.chain(a, n, "+-*/p", []int{0}, scale, capv); err != nil {
		return nil, err
	}
	end := a[0]
	last := s.subj(0) + g.Pick(" now has "+u.phrase(end)+" left.", " ends up with "+u.phrase(end)+".", " has "+u.phrase(end)+" at the end.")
	question := g.Pick("How many "+u.t.many+" did "+ps[0].name+" have at first?", "How many "+u.t.many+" did "+ps[0].name+" start with?", "How many "+u.t.many+" did "+ps[0].name+" have at the beginning?")
	var steps []string
	cur := slices.Clone(a)
	for i := len(s.events) - 1; i >= 0; i-- {
		e := s.events[i]
		steps = append(steps, e.backwardStep(u, ps, cur[0]))
		if !e.undo(cur) {
			return nil, errf("event %d cannot be undone", i+1)
		}
	}
	if cur[0] != start[0] {
		return nil, errf("undoing gives %d, not the start %d", cur[0], start[0])
	}
	found := cur[0]
	p := &Problem{Problem: s.withDistractor(append(append([]string{first}, s.texts()...), last, question)), Steps: steps}
	p.setNum(q(found))
	p.sym("start", "[null]")
	p.sym("events", eventsJSON(s.events))
	p.sym("ask", "start")
	p.sym("who", "[0]")
	p.sym("final", itoa(end))
	p.Check = func() error {
		fwd, err := replayApply(s.events, []int64{found})
		if err != nil {
			return err
		}
		if fwd[0] != end {
			return errf("running the events from %d ends at %d, not %d", found, fwd[0], end)
		}
		return nil
	}
	return p, nil
}

func genWordMoney(g *G) (*Problem, error) {
	n := g.wordOps(1) // the price question's last operation is the hidden purchase
	ask := g.IntN(3)  // 0: money left, 1: money at the start, 2: a unit price
	ps := g.people(1)
	u := wunit{money: true}
	scale := int64(2 + g.Size)
	capv := int64(20000 * g.Size)
	start := []int64{100 * g.Int(10, 20*scale)}
	if g.Bool() {
		start[0] += 5 * g.Int(1, 19)
	}
	s := &story{g: g, u: u, ps: ps, lastSubject: -1}
	a := slices.Clone(start)
	hide := -1
	if ask == 2 {
		// one purchase's price is the unknown: draw the chain with a
		// purchase at a random place
		hide = g.IntN(n)
		if err := s.chain(a, hide, "+-b/", []int{0}, scale, capv); err != nil {
			return nil, err
		}
		if err := s.chain(a, hide+1, "b", []int{0}, scale, capv); err != nil {
			return nil, err
		}
		e := &s.events[hide]
		e.hidden = true
		s.lastSubject = -1
		s.render(e)
		if err := s.chain(a, n, "+-b/", []int{0}, scale, capv); err != nil {
			return nil, err
		}
	} else if err := s.chain(a, n, "+-b/", []int{0}, scale, capv); err != nil {
		return nil, err
	}
	end := a[0]
	name := ps[0].name
	var first, last, question string
	var steps []string
	var ans int64
	switch ask {
	case 0:
		first = name + " has " + u.phrase(start[0]) + "."
		question = g.Pick("How much money does "+name+" have left?", "How much money does "+name+" have at the end?")
		cur := slices.Clone(start)
		for _, e := range s.events {
			steps = append(steps, e.forwardStep(u, ps, cur))
			e.apply(cur)
		}
		ans = end
	case 1:
		first = name + " has some money."
		last = name + " now has " + u.phrase(end) + " left."
		question = "How much money did " + name + " have at the start?"
		cur := []int64{end}
		for i := len(s.events) - 1; i >= 0; i-- {
			steps = append(steps, s.events[i].backwardStep(u, ps, cur[0]))
			s.events[i].undo(cur)
		}
		ans = cur[0]
	default:
		e := s.events[hide]
		first = name + " has " + u.phrase(start[0]) + "."
		last = name + " now has " + u.phrase(end) + " left."
		question = "How much did one " + e.item.one + " cost?"
		cur := slices.Clone(start)
		for _, ev := range s.events[:hide] {
			steps = append(steps, ev.forwardStep(u, ps, cur))
			ev.apply(cur)
		}
		before := cur[0]
		back := []int64{end}
		var bsteps []string
		for i := len(s.events) - 1; i > hide; i-- {
			bsteps = append(bsteps, s.events[i].backwardStep(u, ps, back[0]))
			s.events[i].undo(back)
		}
		after := back[0]
		steps = append(steps, bsteps...)
		spent := before - after
		if spent%e.k != 0 || spent/e.k != e.m {
			return nil, errf("the purchase's price %d does not come back from %d - %d", e.m, before, after)
		}
		ans = spent / e.k
		steps = append(steps, "So the "+itoa(e.k)+" "+e.item.many+" cost "+m(u.num(before)+" - "+u.num(after)+" = "+u.num(spent))+" together, and one costs "+m(u.num(spent)+` \div `+itoa(e.k)+" = "+u.num(ans))+".")
	}
	sentences := append([]string{first}, s.texts()...)
	if last != "" {
		sentences = append(sentences, last)
	}
	p := &Problem{Problem: s.withDistractor(append(sentences, question)), Steps: steps}
	p.Answer = cents(ans)
	p.Reprint = numNode(qf(ans, 100))
	p.sym("answer", pyQ(qf(ans, 100)))
	p.sym("scale", "100")
	p.sym("who", "[0]")
	p.sym("events", eventsJSON(s.events))
	switch ask {
	case 0:
		p.sym("start", intsJSON(start))
		p.sym("ask", "final")
	case 1:
		p.sym("start", "[null]")
		p.sym("ask", "start")
		p.sym("final", itoa(end))
	default:
		p.sym("start", intsJSON(start))
		p.sym("ask", "price")
		p.sym("final", itoa(end))
	}
	p.Check = func() error {
		st := slices.Clone(start)
		es := slices.Clone(s.events)
		switch ask {
		case 0:
			back, err := replayUndo(es, []int64{end})
			if err != nil {
				return err
			}
			if back[0] != start[0] || ans != end {
				return errf("undoing from %d gives %d, not the start %d", end, back[0], start[0])
			}
			return nil
		case 1:
			st = []int64{ans}
		default:
			es[hide].m = ans
		}
		fwd, err := replayApply(es, st)
		if err != nil {
			return err
		}
		if fwd[0] != end {
			return errf("the events run with the answer %d end at %d, not %d", ans, fwd[0], end)
		}
		return nil
	}
	return p, nil
}

// ratioTeX writes a ratio 2 : 3 : 4.
func ratioTeX(r []int64) string {
	parts := make([]string, len(r))
	for i, v := range r {
		parts[i] = itoa(v)
	}
	return m(strings.Join(parts, " : "))
}

func gcd64(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return abs64(a)
}

func genWordRatio(g *G) (*Problem, error) {
	k := 2 + g.IntN(2)
	ps := g.people(k)
	u := wunit{t: randThing(g)}
	ratio := make([]int64, k)
	gg := int64(0)
	R := int64(0)
	for i := range ratio {
		ratio[i] = g.Int(1, 6)
		gg = gcd64(gg, ratio[i])
		R += ratio[i]
	}
	if gg != 1 {
		return nil, errf("the ratio is not in lowest terms")
	}
	unit := g.Int(2, int64(4+3*g.Size))
	total := unit * R
	shares := make([]int64, k)
	for i := range shares {
		shares[i] = ratio[i] * unit
	}
	names := make([]string, k)
	for i, p := range ps {
		names[i] = p.name
	}
	ask := g.IntN(3) // 0: an amount, 1: a difference, 2: the total by working backwards
	who := g.IntN(k)
	other := (who + 1 + g.IntN(k-1)) % k
	s := &story{g: g, u: u, ps: ps, lastSubject: -1}
	var first string
	if ask == 2 {
		first = andList(names) + " share some " + u.t.many + " in the ratio " + ratioTeX(ratio) + "."
	} else {
		first = andList(names) + g.Pick(" share ", " divide ") + u.phrase(total) + " in the ratio " + ratioTeX(ratio) + "."
	}
	tracked := make([]int, k)
	for i := range tracked {
		tracked[i] = i
	}
	// the share takes two operations, a difference one
	n := g.wordOps(3) - 2
	if ask == 1 {
		n--
	}
	if ask == 2 {
		// every trade involves the character whose end amount is told,
		// so that each one is a step of the way back
		s.must, s.hasMust = who, true
	}
	a := slices.Clone(shares)
	if err := s.chain(a, n, "+-ggg", tracked, int64(4+2*g.Size), int64(200*g.Size)); err != nil {
		return nil, err
	}
	var steps []string
	var question string
	var ans int64
	parts := make([]string, k)
	for i := range ratio {
		parts[i] = itoa(ratio[i])
	}
	if ask == 2 {
		end := a[who]
		last := s.subj(who) + " now has " + u.phrase(end) + "."
		question = "How many " + u.t.many + " were shared at the start?"
		cur := slices.Clone(a)
		for i := len(s.events) - 1; i >= 0; i-- {
			e := s.events[i]
			if e.op == evGive && e.to == who {
				steps = append(steps, "Before "+e.when+", "+ps[who].name+" had "+m(itoa(cur[who])+" - "+itoa(e.k)+" = "+itoa(cur[who]-e.k))+" "+u.t.noun(cur[who]-e.k)+".")
			} else {
				steps = append(steps, e.backwardStep(u, ps, cur[who]))
			}
			e.undo(cur)
		}
		if cur[who] != shares[who] {
			return nil, errf("undoing gives the share %d, not %d", cur[who], shares[who])
		}
		steps = append(steps,
			ps[who].name+"'s share is "+m(itoa(ratio[who]))+" of the "+m(strings.Join(parts, " + ")+" = "+itoa(R))+" parts, so one part is "+m(itoa(shares[who])+` \div `+itoa(ratio[who])+" = "+itoa(unit))+" "+u.t.noun(unit)+".",
			"They shared "+m(itoa(R)+` \cdot `+itoa(unit)+" = "+itoa(total))+" "+u.t.noun(total)+".")
		ans = total
		p := &Problem{Problem: s.withDistractor(append(append([]string{first}, s.texts()...), last, question)), Steps: steps}
		return wordRatioFinish(p, ratio, "null", s.events, "shared", []int64{int64(who)}, end, ans, func() error {
			fwd, err := replayApply(s.events, shares)
			if err != nil {
				return err
			}
			if fwd[who] != end || total%R != 0 || total/R*ratio[who] != shares[who] {
				return errf("sharing %d and running the events does not end at %d", total, end)
			}
			return nil
		}), nil
	}
	gets := make([]string, k)
	for i := range ratio {
		gets[i] = ps[i].name + " gets " + m(itoa(ratio[i])+` \cdot `+itoa(unit)+" = "+itoa(shares[i]))
		if ratio[i] == 1 {
			gets[i] = ps[i].name + " gets " + itoa(unit) // one part
		}
		if slices.Contains(ratio[:i], ratio[i]) {
			gets[i] = ps[i].name + " also gets " + itoa(shares[i]) // not the same product twice
		}
	}
	steps = append(steps,
		"There are "+m(strings.Join(parts, " + ")+" = "+itoa(R))+" parts, so one part is "+m(itoa(total)+` \div `+itoa(R)+" = "+itoa(unit))+" "+u.t.noun(unit)+".",
		"So "+andList(gets)+".")
	cur := slices.Clone(shares)
	for _, e := range s.events {
		steps = append(steps, e.forwardStep(u, ps, cur))
		e.apply(cur)
	}
	var whoList []int64
	if ask == 0 {
		question = "How many " + u.t.many + " does " + ps[who].name + " have at the end?"
		ans = a[who]
		whoList = []int64{int64(who)}
	} else {
		hi, lo := who, other
		if a[hi] == a[lo] {
			return nil, errf("trivial: equal amounts")
		}
		if a[lo] > a[hi] {
			hi, lo = lo, hi
		}
		ans = a[hi] - a[lo]
		question = "How many more " + u.t.many + " does " + ps[hi].name + " have than " + ps[lo].name + " at the end?"
		steps = append(steps, "So "+ps[hi].name+" has "+m(itoa(a[hi])+" - "+itoa(a[lo])+" = "+itoa(ans))+" more "+u.t.noun(ans)+" than "+ps[lo].name+".")
		whoList = []int64{int64(hi), int64(lo)}
	}
	p := &Problem{Problem: s.withDistractor(append(append([]string{first}, s.texts()...), question)), Steps: steps}
	return wordRatioFinish(p, ratio, itoa(total), s.events, []string{"final", "diff"}[ask], whoList, 0, ans, func() error {
		back, err := replayUndo(s.events, a)
		if err != nil {
			return err
		}
		sum := int64(0)
		for i := range back {
			sum += back[i]
			if back[i]*R != ratio[i]*total {
				return errf("undoing the trades gives %v, not in the ratio %v", back, ratio)
			}
		}
		want := a[whoList[0]]
		if len(whoList) == 2 {
			want -= a[whoList[1]]
		}
		if sum != total || want != ans {
			return errf("undoing the trades gives %v (sum %d), answer %d", back, sum, want)
		}
		return nil
	}), nil
}

func wordRatioFinish(p *Problem, ratio []int64, total string, es []wev, ask string, who []int64, final, ans int64, check func() error) *Problem {
	p.setNum(q(ans))
	p.sym("ratio", intsJSON(ratio))
	p.sym("total", total)
	p.sym("events", eventsJSON(es))
	p.sym("ask", ask)
	p.sym("who", intsJSON(who))
	p.sym("final", itoa(final))
	p.Check = check
	return p
}
