package amps

import (
	"encoding/json"
	"strings"

	"github.com/matheval/matheval/cas"
)

// Ages: a chain of relations between characters' ages.

// ageRel says how character i's age follows from character j's.
type ageRel struct {
	op   byte // '+' older by k, '-' younger by k, '*' k times as old, '/' 1/k as old, 'f' in k years as old as j now, 'p' k years ago as old as j now, 's' ages add up to k
	i, j int
	k    int64
}

// of computes i's age from j's; false when it is not a sensible age.
func (r ageRel) of(aj int64) (int64, bool) {
	var v int64
	switch r.op {
	case '+', 'p':
		v = aj + r.k
	case '-', 'f':
		v = aj - r.k
	case '*':
		v = aj * r.k
	case '/':
		if aj%r.k != 0 {
			return 0, false
		}
		v = aj / r.k
	case 's':
		v = r.k - aj
	}
	return v, v >= 1 && v <= 99
}

// back computes j's age from i's (the relation solved for j).
func (r ageRel) back(ai int64) (int64, bool) {
	var v int64
	switch r.op {
	case '+', 'p':
		v = ai - r.k
	case '-', 'f':
		v = ai + r.k
	case '*':
		if ai%r.k != 0 {
			return 0, false
		}
		v = ai / r.k
	case '/':
		v = ai * r.k
	case 's':
		v = r.k - ai
	}
	return v, v >= 1 && v <= 99
}

// holds checks the relation as its sentence states it, on both ages: the
// second path of the ages module.
func (r ageRel) holds(ai, aj int64) bool {
	switch r.op {
	case '+':
		return ai-aj == r.k
	case '-':
		return aj-ai == r.k
	case '*':
		return ai == r.k*aj
	case '/':
		return r.k*ai == aj
	case 'f':
		return ai+r.k == aj
	case 'p':
		return ai-r.k == aj
	case 's':
		return ai+aj == r.k
	}
	return false
}

func years(k int64) string { return itoa(k) + pick2(k == 1, " year", " years") }

// sentence states the relation.
func (r ageRel) sentence(g *G, ps []wperson) string {
	I, J := ps[r.i].name, ps[r.j].name
	switch r.op {
	case '+':
		return I + " is " + years(r.k) + " older than " + J + "."
	case '-':
		return I + " is " + years(r.k) + " younger than " + J + "."
	case '*':
		return I + " is " + pick2(r.k == 2, "twice", numberWord(r.k)+" times") + " as old as " + J + "."
	case '/':
		return I + " is " + pick2(r.k == 2, "half", "a third") + " as old as " + J + "."
	case 'f':
		return "In " + years(r.k) + ", " + I + " will be as old as " + J + " is now."
	case 'p':
		return capital(numberWord(r.k)) + " years ago, " + I + " was as old as " + J + " is now."
	default:
		if g.Bool() {
			return "The ages of " + I + " and " + J + " add up to " + years(r.k) + "."
		}
		return "Together, " + I + " and " + J + " are " + years(r.k) + " old."
	}
}

// formula writes i's age from j's: aj + k, k - aj, ...
func (r ageRel) formula(aj int64) string {
	switch r.op {
	case '+', 'p':
		return itoa(aj) + " + " + itoa(r.k)
	case '-', 'f':
		return itoa(aj) + " - " + itoa(r.k)
	case '*':
		return itoa(r.k) + ` \cdot ` + itoa(aj)
	case '/':
		return itoa(aj) + ` \div ` + itoa(r.k)
	}
	return itoa(r.k) + " - " + itoa(aj)
}

// backFormula writes j's age from i's.
func (r ageRel) backFormula(ai int64) string {
	switch r.op {
	case '+', 'p':
		return itoa(ai) + " - " + itoa(r.k)
	case '-', 'f':
		return itoa(ai) + " + " + itoa(r.k)
	case '*':
		return itoa(ai) + ` \div ` + itoa(r.k)
	case '/':
		return itoa(r.k) + ` \cdot ` + itoa(ai)
	}
	return itoa(r.k) + " - " + itoa(ai)
}

func genWordAges(g *G) (*Problem, error) {
	ask := g.IntN(4)  // 0: an age, 1: a future age, 2: a difference, 3: the first age, backwards
	n := g.wordOps(2) // relations, one operation each
	if ask == 1 || ask == 2 {
		n-- // the question's own operation
	}
	ps := g.people(n + 1)
	ages := make([]int64, n+1)
	ages[0] = g.Int(4, 40)
	var rels []ageRel
	for i := 1; i <= n; i++ {
		j := i - 1
		if ask != 3 && i > 1 && g.IntN(3) == 0 {
			j = g.IntN(i - 1)
		}
		ok := false
		var r ageRel
		for try := 0; try < 50 && !ok; try++ {
			r = ageRel{op: "+-*/fps"[g.IntN(7)], i: i, j: j}
			switch r.op {
			case '+', '-':
				r.k = g.Int(1, 15)
			case 'f', 'p':
				r.k = g.Int(2, 10)
			case '*', '/':
				r.k = g.Int(2, 3)
			case 's':
				r.k = ages[j] + g.Int(1, 40)
			}
			ages[i], ok = r.of(ages[j])
		}
		if !ok {
			return nil, errf("no relation fits the age %d", ages[j])
		}
		rels = append(rels, r)
	}
	var sentences, steps []string
	if ask != 3 {
		sentences = append(sentences, ps[0].name+" is "+years(ages[0])+" old.")
	}
	for _, r := range rels {
		sentences = append(sentences, r.sentence(g, ps))
	}
	var question string
	var ans int64
	var who []int64
	switch ask {
	case 3:
		sentences = append(sentences, ps[n].name+" is "+years(ages[n])+" old.", "How old is "+ps[0].name+"?")
		for x := n - 1; x >= 0; x-- {
			r := rels[x]
			v, _ := r.back(ages[r.i])
			if v != ages[r.j] {
				return nil, errf("working back gives %d, not %d", v, ages[r.j])
			}
			steps = append(steps, "So "+ps[r.j].name+" is "+m(r.backFormula(ages[r.i])+" = "+itoa(v))+" "+pick2(v == 1, "year", "years")+" old.")
		}
		ans = ages[0]
		who = []int64{0}
	default:
		for _, r := range rels {
			steps = append(steps, ps[r.i].name+" is "+m(r.formula(ages[r.j])+" = "+itoa(ages[r.i]))+" "+pick2(ages[r.i] == 1, "year", "years")+" old.")
		}
		x := int64(n)
		if g.Bool() {
			x = g.Int(1, int64(n))
		}
		switch ask {
		case 0:
			question = "How old is " + ps[x].name + "?"
			ans, who = ages[x], []int64{x}
		case 1:
			k := g.Int(2, 20)
			question = "How old will " + ps[x].name + " be in " + years(k) + "?"
			ans, who = ages[x]+k, []int64{x, k}
			steps = append(steps, "In "+years(k)+", "+ps[x].name+" will be "+m(itoa(ages[x])+" + "+itoa(k)+" = "+itoa(ans))+" years old.")
		default:
			y := g.Int(0, int64(n)-1)
			if y >= x {
				y++
			}
			if y > int64(n) || ages[x] == ages[y] {
				return nil, errf("trivial: equal ages")
			}
			hi, lo := x, y
			if ages[lo] > ages[hi] {
				hi, lo = lo, hi
			}
			ans, who = ages[hi]-ages[lo], []int64{hi, lo}
			question = "How many years older is " + ps[hi].name + " than " + ps[lo].name + "?"
			steps = append(steps, "So "+ps[hi].name+" is "+m(itoa(ages[hi])+" - "+itoa(ages[lo])+" = "+itoa(ans))+" "+pick2(ans == 1, "year", "years")+" older than "+ps[lo].name+".")
		}
		sentences = append(sentences, question)
	}
	text := strings.Join(sentences, " ")
	if g.Bool() {
		// an irrelevant sentence before the question
		last := len(sentences) - 1
		d := wordDistractorAges(g, ps)
		text = strings.Join(append(append(append([]string{}, sentences[:last]...), d), sentences[last]), " ")
	}
	p := &Problem{Problem: text, Steps: steps}
	p.setNum(q(ans))
	var rj [][]any
	for _, r := range rels {
		rj = append(rj, []any{string(rune(r.op)), r.i, r.j, r.k})
	}
	b, _ := json.Marshal(rj)
	p.sym("rels", string(b))
	p.sym("ask", []string{"age", "future", "diff", "first"}[ask])
	p.sym("who", intsJSON(who))
	if ask == 3 {
		p.sym("given", intsJSON([]int64{int64(n), ages[n]}))
	} else {
		p.sym("given", intsJSON([]int64{0, ages[0]}))
	}
	p.Check = func() error {
		// every sentence holds of the ages found, and the ages follow
		// from the given one by the relations read forwards
		for _, r := range rels {
			if !r.holds(ages[r.i], ages[r.j]) {
				return errf("%q does not hold of %d and %d", r.sentence(g, ps), ages[r.i], ages[r.j])
			}
		}
		if ask == 3 {
			cur := ans
			for _, r := range rels {
				v, ok := r.of(cur)
				if !ok {
					return errf("the relations from %d leave the ages", ans)
				}
				cur = v
			}
			if cur != ages[n] {
				return errf("the first age %d leads to %d, not %d", ans, cur, ages[n])
			}
		}
		return nil
	}
	return p, nil
}

func wordDistractorAges(g *G, ps []wperson) string {
	p := ps[g.IntN(len(ps))]
	switch g.IntN(3) {
	case 0:
		return p.name + " has " + itoa(g.Int(2, 5)) + " pets."
	case 1:
		return p.name + " lives " + itoa(g.Int(2, 9)) + " blocks from the library."
	default:
		return p.name + "'s birthday is in " + numberWord(g.Int(2, 9)) + " weeks."
	}
}

// Rates: a journey of legs and breaks.

type travelMode struct {
	verb, noun string // "drives", "drive"
	lo, hi     int64  // speed range in the unit per hour
}

var travelModes = []travelMode{
	{"walks", "walk", 3, 6}, {"runs", "run", 8, 14}, {"cycles", "bike ride", 10, 24}, {"drives", "drive", 40, 100},
	{"takes a train", "train ride", 60, 150}, {"rides a scooter", "scooter ride", 12, 30}, {"rows a boat", "boat trip", 3, 8},
}

// leg is one event of a journey: a move (speed v for t minutes, d units)
// or a break of t minutes.
type leg struct {
	rest   bool
	byDist bool // told as a distance at a speed (time to find), else a speed for a time
	mode   travelMode
	v, t   int64
	d      int64
}

// minutesTeX writes a time in prose: 45 minutes, 2 hours, 1 hour and 30 minutes.
func minutesText(t int64) string {
	h, mm := t/60, t%60
	switch {
	case h == 0:
		return itoa(mm) + " minutes"
	case mm == 0:
		return pick2(h == 1, "1 hour", itoa(h)+" hours")
	}
	return pick2(h == 1, "1 hour", itoa(h)+" hours") + " and " + itoa(mm) + " minutes"
}

var legMinutes = []int64{10, 12, 15, 20, 24, 30, 36, 40, 45, 48, 50, 60, 75, 80, 90, 100, 105, 120, 135, 150, 180}

func genWordRates(g *G) (*Problem, error) {
	ask := g.IntN(3)  // 0: the distance, 1: the time in minutes, 2: the average speed
	n := g.wordOps(2) // legs and breaks, one operation each, and the question's sum
	if ask == 2 {
		n-- // the average takes the sums and the division
	}
	ps := g.people(1)
	p0 := ps[0]
	unit, units, speed := "km", "km", "km/h"
	if g.Bool() {
		unit, units, speed = "mile", "miles", "miles per hour"
	}
	// dist writes a distance with its unit (1 mile, 2 miles)
	dist := func(d int64) string { return pick2(d == 1, unit, units) }
	s := &story{g: g, ps: ps, lastSubject: -1}
	var legs []leg
	moves := 0
	for i := 0; i < n; i++ {
		var l leg
		if i > 0 && i < n-1 && !legs[i-1].rest && g.IntN(4) == 0 { // a break between two legs
			l = leg{rest: true, t: []int64{5, 10, 15, 20, 30, 45}[g.IntN(6)]}
		} else {
			l.mode = travelModes[g.IntN(len(travelModes))]
			if i > 0 && !legs[i-1].rest && legs[i-1].mode.verb == l.mode.verb {
				i-- // two legs in a row by the same means would read as one
				continue
			}
			l.t = legMinutes[g.IntN(len(legMinutes))]
			// the speed a multiple of 60/gcd(t, 60), so that the distance is whole
			step := 60 / gcd64(l.t, 60)
			lo, hi := (l.mode.lo+step-1)/step, l.mode.hi/step
			if lo > hi {
				i--
				continue
			}
			l.v = step * g.Int(lo, hi)
			l.d = l.v * l.t / 60
			l.byDist = g.Bool()
			moves++
		}
		legs = append(legs, l)
	}
	if moves < 2 && ask != 1 {
		return nil, errf("trivial: one moving leg")
	}
	var sentences, steps []string
	var dists, times []string
	var D, T int64
	for i, l := range legs {
		S := s.subj(0)
		then := ""
		if i > 0 && g.Bool() {
			then = "then "
		}
		if l.rest {
			sentences = append(sentences, pick2(g.Bool(), S+" "+then+"stops for a "+itoa(l.t)+"-minute break.", S+" "+then+"rests for "+itoa(l.t)+" minutes."))
			// each step says what the question needs of its event
			steps = append(steps, []string{"The break adds no distance.", "The break adds " + itoa(l.t) + " minutes.", "The break adds " + itoa(l.t) + " minutes and no distance."}[ask])
			times = append(times, itoa(l.t))
			T += l.t
			continue
		}
		verb := l.mode.verb
		if l.byDist {
			if strings.Contains(verb, " ") {
				verb += " for" // takes a train for 270 km, not takes a train 270 km
			}
			sentences = append(sentences, S+" "+then+verb+" "+itoa(l.d)+" "+dist(l.d)+" at "+itoa(l.v)+" "+speed+".")
			h := qf(l.d, l.v)
			if ask == 0 {
				steps = append(steps, "The "+l.mode.noun+" is "+itoa(l.d)+" "+dist(l.d)+" long.")
			} else {
				steps = append(steps, "The "+l.mode.noun+" takes "+m(chain(`\frac{`+itoa(l.d)+"}{"+itoa(l.v)+"}", h.TeX()))+" "+pick2(h.Equal(q(1)), "hour", "hours")+", that is "+itoa(l.t)+" minutes.")
			}
		} else {
			sentences = append(sentences, S+" "+then+verb+" at "+itoa(l.v)+" "+speed+" for "+minutesText(l.t)+".")
			if ask == 1 {
				steps = append(steps, "The "+l.mode.noun+" takes "+minutesText(l.t)+pick2(l.t >= 60, ", that is "+itoa(l.t)+" minutes", "")+".")
			} else {
				steps = append(steps, "The "+l.mode.noun+" covers "+m(itoa(l.v)+` \cdot `+qf(l.t, 60).TeX()+" = "+itoa(l.d))+" "+dist(l.d)+".")
			}
		}
		dists = append(dists, itoa(l.d))
		times = append(times, itoa(l.t))
		D += l.d
		T += l.t
	}
	var question string
	var ans cas.Q
	rests := 0
	for _, l := range legs {
		if l.rest {
			rests++
		}
	}
	sumD := "In all, " + p0.name + " travels " + m(strings.Join(dists, " + ")+" = "+itoa(D)) + " " + dist(D) + "."
	sumT := "The whole trip takes " + m(strings.Join(times, " + ")+" = "+itoa(T)) + " minutes."
	if len(dists) == 1 {
		sumD = "In all, " + p0.name + " travels " + itoa(D) + " " + dist(D) + "."
	}
	if len(times) == 1 {
		return nil, errf("trivial: one event")
	}
	switch ask {
	case 0:
		question = "How many " + units + " does " + p0.name + " travel in all?"
		steps = append(steps, sumD)
		ans = q(D)
	case 1:
		question = "How many minutes does the whole trip take" + pick2(rests > 0, ", breaks included?", "?")
		steps = append(steps, sumT)
		ans = q(T)
	default:
		question = "What is " + p0.name + "'s average speed over the whole trip" + pick2(rests > 0, ", breaks included,", "") + " in " + speed + "?"
		if strings.Join(dists, " + ") == strings.Join(times, " + ") {
			// every leg as many units as minutes: the sums would read as one formula twice
			return nil, errf("degenerate: the distances and the minutes are the same numbers")
		}
		ans = qf(D*60, T)
		steps = append(steps, "In all, "+p0.name+" travels "+m(strings.Join(dists, " + ")+" = "+itoa(D))+" "+dist(D)+" in "+m(strings.Join(times, " + ")+" = "+itoa(T))+" minutes.",
			"That is "+m(chain(`\frac{`+itoa(T)+"}{60}", qf(T, 60).TeX()))+" hours, so the average speed is "+m(chain(itoa(D)+` \div `+qf(T, 60).TeX(), ans.TeX()))+" "+speed+".")
	}
	sentences = append(sentences, question)
	text := s.withDistractorRates(sentences)
	p := &Problem{Problem: text, Steps: steps}
	p.setNum(ans)
	var lj [][]any
	for _, l := range legs {
		switch {
		case l.rest:
			lj = append(lj, []any{"rest", nil, l.t, nil})
		case l.byDist:
			lj = append(lj, []any{"dist", l.v, nil, l.d})
		default:
			lj = append(lj, []any{"time", l.v, l.t, nil})
		}
	}
	b, _ := json.Marshal(lj)
	p.sym("legs", string(b))
	p.sym("ask", []string{"distance", "minutes", "speed"}[ask])
	p.Check = func() error {
		// distances from speed times hours, times from distance over
		// speed, in exact rationals (the generator worked in whole minutes)
		dist, hours := q(0), q(0)
		for _, l := range legs {
			switch {
			case l.rest:
				hours = hours.Add(qf(l.t, 60))
			case l.byDist:
				dist = dist.Add(q(l.d))
				hours = hours.Add(qf(l.d, l.v))
			default:
				h := qf(l.t, 60)
				dist = dist.Add(h.MulInt(l.v))
				hours = hours.Add(h)
			}
		}
		var want cas.Q
		switch ask {
		case 0:
			want = dist
		case 1:
			want = hours.MulInt(60)
		default:
			want = dist.Div(hours)
		}
		if !want.Equal(ans) {
			return errf("the exact sums give %s, not %s", want.TeX(), ans.TeX())
		}
		return nil
	}
	return p, nil
}

// withDistractorRates adds an irrelevant sentence before the question half
// of the time.
func (s *story) withDistractorRates(sentences []string) string {
	g := s.g
	if g.Bool() {
		last := len(sentences) - 1
		p := s.ps[0]
		d := g.Pick(
			p.name+" sets off at "+itoa(g.Int(6, 10))+" in the morning.",
			p.name+"'s backpack weighs "+itoa(g.Int(3, 9))+" kilograms.",
			"The weather forecast says it will be "+itoa(g.Int(12, 28))+" degrees.",
		)
		sentences = append(append(append([]string{}, sentences[:last]...), d), sentences[last])
	}
	return strings.Join(sentences, " ")
}
