package amps

import (
	"math"
	"sort"

	"github.com/matheval/matheval/cas"
)

// Trigonometry: exact values, conversions, identities with Pythagorean
// triples (so that every answer is exact and rational or a multiple of pi),
// inverse functions and equations on [0, 2pi). The exact values come from
// cas (its table at multiples of pi/6 and pi/4); the second paths are
// floating-point evaluations and, for equations, a scan for sign changes.

func init() {
	for _, m := range []*Module{
		{Name: "trig_exact_value", Area: "trigonometry", Steps: true, gen: genTrigExact,
			Description: "Exact value of sin, cos, tan, sec, csc or cot at a multiple of 30 or 45 degrees",
			Extrapolate: "angles far outside one turn, in radians"},
		{Name: "trig_degrees_to_radians", Area: "trigonometry", Steps: true, gen: genDegToRad,
			Description: "Convert an angle in degrees to radians, as a multiple of pi",
			Extrapolate: "larger angles"},
		{Name: "trig_radians_to_degrees", Area: "trigonometry", Steps: true, gen: genRadToDeg,
			Description: "Convert an angle given as a rational multiple of pi to degrees",
			Extrapolate: "larger multiples and denominators"},
		{Name: "trig_coterminal_angle", Area: "trigonometry", Steps: true, gen: genCoterminal,
			Description: "The angle in [0, 360) degrees coterminal with a given angle",
			Extrapolate: "angles of many turns"},
		{Name: "trig_reference_angle", Area: "trigonometry", Steps: true, gen: genReferenceAngle,
			Description: "The reference angle of an angle in degrees",
			Extrapolate: "angles of many turns"},
		{Name: "trig_inverse_value", Area: "trigonometry", Steps: true, gen: genTrigInverse,
			Description: "Principal value of arcsin, arccos or arctan at a standard value, in radians",
			Extrapolate: "compositions such as arcsin(sin t) with t outside the principal range"},
		{Name: "trig_pythagorean", Area: "trigonometry", Steps: true, gen: genTrigPythagorean,
			Description: "From one trigonometric ratio and the quadrant, find another (Pythagorean identity)",
			Extrapolate: "larger Pythagorean triples"},
		{Name: "trig_double_angle", Area: "trigonometry", Steps: true, gen: genTrigDouble,
			Description: "sin 2t, cos 2t or tan 2t from sin t or cos t and the quadrant",
			Extrapolate: "larger Pythagorean triples"},
		{Name: "trig_angle_sum", Area: "trigonometry", Steps: true, gen: genTrigSum,
			Description: "sin or cos of a sum or difference of two angles given by ratios and quadrants",
			Extrapolate: "larger Pythagorean triples"},
		{Name: "trig_equation", Area: "trigonometry", Steps: true, gen: genTrigEquation,
			Description: "All solutions in [0, 2pi) of a sin(kx) = b, a cos(kx) = b or a tan(kx) = b",
			Extrapolate: "larger frequencies k (more solutions)"},
		{Name: "trig_period_amplitude", Area: "trigonometry", Steps: true, gen: genTrigPeriod,
			Description: "Period, amplitude or maximum of y = A sin(Bx + C) + D",
			Extrapolate: "larger coefficients"},
		{Name: "trig_sector", Area: "trigonometry", Steps: true, gen: genTrigSector,
			Description: "Arc length or area of a circular sector with its central angle in degrees",
			Extrapolate: "larger radii and angles"},
	} {
		register(m)
	}
}

// trigFns are the six functions, by their LaTeX names; cas evaluates sin,
// cos, tan and sec, and csc, cot are reciprocals.
var trigFns = []string{"sin", "cos", "tan", "sec", "csc", "cot"}

// trigAt is the exact value of fn at t (a cas angle), or false where fn is
// undefined there.
func trigAt(fn string, t cas.Expr) (cas.Expr, bool) {
	s, c := cas.Call("sin", t), cas.Call("cos", t)
	zero := func(v cas.Expr) bool { return cas.Equal(v, e(0)) }
	switch fn {
	case "sin":
		return s, true
	case "cos":
		return c, true
	case "tan", "sec":
		if zero(c) {
			return nil, false
		}
		if fn == "sec" {
			return cas.Quot(e(1), c), true
		}
		return cas.Quot(s, c), true
	}
	if zero(s) {
		return nil, false
	}
	if fn == "csc" {
		return cas.Quot(e(1), s), true
	}
	return cas.Quot(c, s), true
}

func trigFloat(fn string, t float64) float64 {
	switch fn {
	case "sin":
		return math.Sin(t)
	case "cos":
		return math.Cos(t)
	case "tan":
		return math.Tan(t)
	case "sec":
		return 1 / math.Cos(t)
	case "csc":
		return 1 / math.Sin(t)
	}
	return 1 / math.Tan(t)
}

// quadrantOf is the quadrant (1-4) of an angle of deg degrees, 0 on an axis.
func quadrantOf(deg int64) int64 {
	d := cas.Mod(deg, 360)
	if d%90 == 0 {
		return 0
	}
	return d/90 + 1
}

func genTrigExact(g *G) (*Problem, error) {
	fn := trigFns[g.IntN(min(6, 2+g.Size))]
	step := []int64{30, 45}[g.IntN(2)]
	turns := g.ByLevel(1, 1, 2, 3, 4)
	deg := step * g.Int(0, turns*360/step)
	if g.Level >= 3 && g.Bool() {
		deg = -deg
	}
	t := cas.Product(cas.N(qf(deg, 180)), cas.Pi)
	v, ok := trigAt(fn, t)
	if !ok {
		return nil, errf("undefined: %s at %d degrees", fn, deg)
	}
	angle := itoa(deg) + `^{\circ}`
	if g.Size >= 3 && g.Bool() {
		angle = tex(t)
	}
	p := &Problem{Problem: "Find the exact value of " + m(`\`+fn+`\left(`+angle+`\right)`) + "."}
	d := cas.Mod(deg, 360)
	ref := d % 180
	if ref > 90 {
		ref = 180 - ref
	}
	if d != deg {
		p.Steps = append(p.Steps, "Adding a multiple of "+m(`360^{\circ}`)+" does not change the value: "+m(`\`+fn+`\left(`+itoa(deg)+`^{\circ}\right) = \`+fn+`\left(`+itoa(d)+`^{\circ}\right)`)+".")
	}
	if qd := quadrantOf(d); qd > 0 {
		p.Steps = append(p.Steps, "The angle "+m(itoa(d)+`^{\circ}`)+" lies in quadrant "+itoa(qd)+" with reference angle "+m(itoa(ref)+`^{\circ}`)+", where "+m(`\`+fn)+" is "+
			map[bool]string{true: "positive", false: "negative"}[val(v) > 0]+".")
	} else {
		p.Steps = append(p.Steps, "The angle "+m(itoa(d)+`^{\circ}`)+" lies on an axis, where the point on the unit circle is "+
			m(`\left(`+tex(cas.Call("cos", t))+", "+tex(cas.Call("sin", t))+`\right)`)+".")
	}
	p.setExpr(v)
	p.sym("fn", "'"+fn+"'")
	p.sym("angle", py(t))
	p.Check = func() error {
		if f := trigFloat(fn, float64(deg)*math.Pi/180); !nearTol(f, val(v), 1e-9) {
			return errf("%s(%d degrees) is %v, not %s", fn, deg, f, tex(v))
		}
		return nil
	}
	return p, nil
}

func genDegToRad(g *G) (*Problem, error) {
	hi := g.ByLevel(360, 720, 1080, 1800, 3600)
	deg := g.NZ(-hi, hi)
	if g.Level <= 2 {
		deg = g.Int(1, hi)
	}
	r := qf(deg, 180)
	p := &Problem{Problem: "Convert " + m(itoa(deg)+`^{\circ}`) + " to radians."}
	p.Steps = []string{"Multiply by " + m(`\frac{\pi}{180^{\circ}}`) + ": " + m(chain(itoa(deg)+`\cdot\frac{\pi}{180}`, `\frac{`+itoa(deg)+`\pi}{180}`, piTeX(r))) + "."}
	if deg == 1 {
		p.Steps[0] = "Multiply by " + m(`\frac{\pi}{180^{\circ}}`) + ": one degree is " + m(piTeX(r)) + "."
	}
	ans := cas.Product(cas.N(r), cas.Pi)
	p.setExpr(ans)
	p.sym("deg", itoa(deg))
	p.Check = func() error {
		if !near(float64(deg)*math.Pi/180, val(ans)) {
			return errf("the conversion differs numerically")
		}
		return nil
	}
	return p, nil
}

func genRadToDeg(g *G) (*Problem, error) {
	den := g.Int(2, g.ByLevel(6, 9, 12, 18, 36))
	num := g.NZ(-g.ByLevel(6, 12, 24, 48, 96), g.ByLevel(6, 12, 24, 48, 96))
	r := qf(num, den)
	if r.IsInt() && g.Level > 1 {
		return nil, errf("trivial: an integer multiple of pi")
	}
	deg := r.MulInt(180)
	p := &Problem{Problem: "Convert " + m(piTeX(r)) + " radians to degrees."}
	p.Steps = []string{"Multiply by " + m(`\frac{180^{\circ}}{\pi}`) + ": " + m(chain(r.TeX()+`\cdot 180`, deg.TeX())) + " degrees."}
	p.setNum(deg)
	p.sym("angle", py(cas.Product(cas.N(r), cas.Pi)))
	p.Check = func() error {
		if !near(r.Float()*math.Pi*180/math.Pi, deg.Float()) {
			return errf("the conversion differs numerically")
		}
		return nil
	}
	return p, nil
}

func genCoterminal(g *G) (*Problem, error) {
	hi := g.ByLevel(720, 1440, 3600, 7200, 36000)
	deg := g.NZ(-hi, hi)
	if deg >= 0 && deg < 360 {
		deg += 360 * g.Int(1, 3)
	}
	ans := cas.Mod(deg, 360)
	k := (deg - ans) / 360
	p := &Problem{Problem: "Find the angle in " + m(`[0^{\circ}, 360^{\circ})`) + " that is coterminal with " + m(itoa(deg)+`^{\circ}`) + "."}
	verb := "Subtract"
	if k < 0 {
		verb = "Add"
	}
	p.Steps = []string{verb + " " + m(itoa(abs64(k))+`\cdot 360^{\circ} = `+itoa(abs64(k)*360)+`^{\circ}`) + ": " + m(itoa(deg)+map[bool]string{true: " - ", false: " + "}[k > 0]+itoa(abs64(k)*360)+" = "+itoa(ans)) + "."}
	p.setNum(q(ans))
	p.sym("deg", itoa(deg))
	p.Check = func() error {
		if ans < 0 || ans >= 360 || (deg-ans)%360 != 0 {
			return errf("%d is not coterminal in range", ans)
		}
		return nil
	}
	return p, nil
}

func genReferenceAngle(g *G) (*Problem, error) {
	hi := g.ByLevel(360, 720, 1440, 3600, 7200)
	deg := g.Int(91, hi)
	if g.Level >= 3 && g.Bool() {
		deg = -deg
	}
	d := cas.Mod(deg, 360)
	if d%90 == 0 {
		return nil, errf("on an axis")
	}
	var ref int64
	var why string
	switch quadrantOf(d) {
	case 1:
		ref, why = d, "it is in quadrant 1, so it is its own reference angle"
	case 2:
		ref, why = 180-d, "it is in quadrant 2, so the reference angle is "+m("180^{\\circ} - "+itoa(d)+`^{\circ}`)
	case 3:
		ref, why = d-180, "it is in quadrant 3, so the reference angle is "+m(itoa(d)+`^{\circ} - 180^{\circ}`)
	default:
		ref, why = 360-d, "it is in quadrant 4, so the reference angle is "+m("360^{\\circ} - "+itoa(d)+`^{\circ}`)
	}
	p := &Problem{Problem: "Find the reference angle of " + m(itoa(deg)+`^{\circ}`) + ", in degrees."}
	if d != deg {
		p.Steps = append(p.Steps, "The coterminal angle in "+m(`[0^{\circ}, 360^{\circ})`)+" is "+m(itoa(d)+`^{\circ}`)+".")
	}
	p.Steps = append(p.Steps, "The angle "+m(itoa(d)+`^{\circ}`)+" is not on an axis; "+why+", which is "+m(itoa(ref)+`^{\circ}`)+".")
	p.setNum(q(ref))
	p.sym("deg", itoa(deg))
	p.Check = func() error {
		// the reference angle has the same |sin| and |cos|
		t, r := float64(deg)*math.Pi/180, float64(ref)*math.Pi/180
		if !nearTol(math.Abs(math.Sin(t)), math.Sin(r), 1e-9) || !nearTol(math.Abs(math.Cos(t)), math.Cos(r), 1e-9) || ref <= 0 || ref >= 90 {
			return errf("%d is not the reference angle", ref)
		}
		return nil
	}
	return p, nil
}

// standardValues are the values of sin and cos at the standard angles.
func standardValues() []cas.Expr {
	h := func(n int64) cas.Expr { return cas.Quot(cas.Sqrt(e(n)), e(2)) }
	return []cas.Expr{e(0), cas.F(1, 2), h(2), h(3), e(1)}
}

func genTrigInverse(g *G) (*Problem, error) {
	fn := g.Pick("arcsin", "arccos", "arctan")
	// the principal value, a multiple of pi/6 or pi/4 in the function's range
	var cands []cas.Q
	for _, d := range []int64{-90, -60, -45, -30, 0, 30, 45, 60, 90, 120, 135, 150, 180} {
		ok := false
		switch fn {
		case "arcsin":
			ok = d >= -90 && d <= 90
		case "arccos":
			ok = d >= 0 && d <= 180
		default:
			ok = d > -90 && d < 90
		}
		if ok {
			cands = append(cands, qf(d, 180))
		}
	}
	th := cands[g.IntN(len(cands))]
	t := cas.Product(cas.N(th), cas.Pi)
	base := map[string]string{"arcsin": "sin", "arccos": "cos", "arctan": "tan"}[fn]
	v, _ := trigAt(base, t)
	arg := tex(v)
	p := &Problem{}
	inner := ""
	if g.Size >= 2 && g.Bool() {
		// arcsin(sin s) with s outside the range: s = th + 2 pi k, or for
		// arcsin pi - th, for arccos -th
		kmax := g.ByLevel(1, 1, 3, 8, 20)
		k := g.NZ(-kmax, kmax)
		s := th.Add(q(2 * k))
		if fn == "arcsin" && g.Bool() {
			s = q(1).Sub(th).Add(q(2 * k))
		}
		if fn == "arccos" && g.Bool() {
			s = th.Neg().Add(q(2 * k))
		}
		if fn == "arctan" && g.Bool() {
			s = th.Add(q(k))
		}
		inner = piTeX(s)
		arg = `\` + base + `\left(` + inner + `\right)`
		if vv, _ := trigAt(base, cas.Product(cas.N(s), cas.Pi)); !cas.Equal(vv, v) {
			return nil, errf("inverse: the composed argument changed value")
		}
	}
	p.Problem = "Find " + m(`\`+fn+`\left(`+arg+`\right)`) + " in radians."
	if inner != "" {
		p.Steps = append(p.Steps, "First, "+m(chain(`\`+base+`\left(`+inner+`\right)`, tex(v)))+".")
	}
	rng := map[string]string{"arcsin": `\left[-\frac{\pi}{2}, \frac{\pi}{2}\right]`, "arccos": `\left[0, \pi\right]`, "arctan": `\left(-\frac{\pi}{2}, \frac{\pi}{2}\right)`}[fn]
	p.Steps = append(p.Steps, "The angle in "+m(rng)+" whose "+base+" is "+m(tex(v))+" is "+m(tex(t))+", since "+m(`\`+base+`\left(`+tex(t)+`\right) = `+tex(v))+".")
	p.setExpr(t)
	p.sym("fn", "'"+fn+"'")
	p.sym("arg", py(v))
	p.Check = func() error {
		x := val(v)
		var got float64
		switch fn {
		case "arcsin":
			got = math.Asin(x)
		case "arccos":
			got = math.Acos(x)
		default:
			got = math.Atan(x)
		}
		if !nearTol(got, val(t), 1e-9) {
			return errf("%s(%v) is %v", fn, x, got)
		}
		return nil
	}
	return p, nil
}

// triples are primitive Pythagorean triples, smallest first.
var triples = [][3]int64{{3, 4, 5}, {5, 12, 13}, {8, 15, 17}, {7, 24, 25}, {20, 21, 29}, {12, 35, 37}, {9, 40, 41}, {28, 45, 53},
	{11, 60, 61}, {16, 63, 65}, {33, 56, 65}, {48, 55, 73}, {13, 84, 85}, {36, 77, 85}, {39, 80, 89}, {65, 72, 97}}

// angleByTriple draws sin and cos of an angle from a triple and a quadrant.
func (g *G) angleByTriple() (s, c cas.Q, quad int64) {
	t := triples[g.IntN(min(len(triples), int(g.ByLevel(2, 4, 6, 10, 16))))]
	a, b := t[0], t[1]
	if g.Bool() {
		a, b = b, a
	}
	quad = g.Int(1, 4)
	s, c = qf(a, t[2]), qf(b, t[2])
	if quad == 3 || quad == 4 {
		s = s.Neg()
	}
	if quad == 2 || quad == 3 {
		c = c.Neg()
	}
	return s, c, quad
}

func quadText(quad int64) string {
	return map[int64]string{1: `0 < \theta < \frac{\pi}{2}`, 2: `\frac{\pi}{2} < \theta < \pi`, 3: `\pi < \theta < \frac{3\pi}{2}`, 4: `\frac{3\pi}{2} < \theta < 2\pi`}[quad]
}

func ratio(fn string, s, c cas.Q) cas.Q {
	switch fn {
	case "sin":
		return s
	case "cos":
		return c
	case "tan":
		return s.Div(c)
	case "sec":
		return c.Inv()
	case "csc":
		return s.Inv()
	}
	return c.Div(s)
}

func genTrigPythagorean(g *G) (*Problem, error) {
	s, c, quad := g.angleByTriple()
	given := g.Pick("sin", "cos")
	if g.Level >= 3 && g.Bool() {
		given = "tan"
	}
	asked := trigFns[g.IntN(min(6, 2+g.Size))]
	if asked == given {
		return nil, errf("asked the given ratio")
	}
	gv, ans := ratio(given, s, c), ratio(asked, s, c)
	p := &Problem{Problem: "If " + m(`\`+given+`\theta = `+gv.TeX()) + " and " + m(quadText(quad)) + ", find " + m(`\`+asked+`\theta`) + "."}
	switch given {
	case "sin":
		p.Steps = append(p.Steps, "From "+m(`\sin^{2}\theta + \cos^{2}\theta = 1`)+", "+m(`\cos^{2}\theta = 1 - `+s.Mul(s).TeX()+" = "+c.Mul(c).TeX())+
			"; in this quadrant the cosine is "+map[bool]string{true: "positive", false: "negative"}[c.Sign() > 0]+", so "+m(`\cos\theta = `+c.TeX())+".")
	case "cos":
		p.Steps = append(p.Steps, "From "+m(`\sin^{2}\theta + \cos^{2}\theta = 1`)+", "+m(`\sin^{2}\theta = 1 - `+c.Mul(c).TeX()+" = "+s.Mul(s).TeX())+
			"; in this quadrant the sine is "+map[bool]string{true: "positive", false: "negative"}[s.Sign() > 0]+", so "+m(`\sin\theta = `+s.TeX())+".")
	default:
		t := s.Div(c)
		p.Steps = append(p.Steps, "From "+m(`1 + \tan^{2}\theta = \sec^{2}\theta`)+", "+m(`\sec^{2}\theta = 1 + `+t.Mul(t).TeX()+" = "+c.Mul(c).Inv().TeX())+
			"; in this quadrant the cosine is "+map[bool]string{true: "positive", false: "negative"}[c.Sign() > 0]+", so "+m(`\cos\theta = `+c.TeX())+" and "+m(`\sin\theta = \tan\theta\cos\theta = `+s.TeX())+".")
	}
	if asked != "sin" && asked != "cos" {
		p.Steps = append(p.Steps, "So "+m(`\`+asked+`\theta = `+ans.TeX())+".")
	}
	p.setNum(ans)
	p.sym("given", "'"+given+"'")
	p.sym("value", pyQ(gv))
	p.sym("quad", itoa(quad))
	p.sym("asked", "'"+asked+"'")
	p.Check = func() error {
		th := math.Atan2(s.Float(), c.Float())
		if !nearTol(trigFloat(asked, th), ans.Float(), 1e-9) || !s.Mul(s).Add(c.Mul(c)).IsOne() {
			return errf("the angle from atan2 gives another %s", asked)
		}
		return nil
	}
	return p, nil
}

func genTrigDouble(g *G) (*Problem, error) {
	s, c, quad := g.angleByTriple()
	given := g.Pick("sin", "cos")
	asked := g.Pick("sin", "cos", "tan")
	gv := ratio(given, s, c)
	s2, c2 := s.Mul(c).MulInt(2), c.Mul(c).Sub(s.Mul(s))
	var ans cas.Q
	p := &Problem{Problem: "If " + m(`\`+given+`\theta = `+gv.TeX()) + " and " + m(quadText(quad)) + ", find " + m(`\`+asked+` 2\theta`) + "."}
	other, ov := "cos", c
	if given == "cos" {
		other, ov = "sin", s
	}
	p.Steps = []string{"By the Pythagorean identity and the quadrant, " + m(`\`+other+`\theta = `+ov.TeX()) + "."}
	switch asked {
	case "sin":
		ans = s2
		p.Steps = append(p.Steps, m(`\sin 2\theta = 2\sin\theta\cos\theta = 2\cdot `+paren(s)+`\cdot `+paren(c)+" = "+ans.TeX())+".")
	case "cos":
		ans = c2
		p.Steps = append(p.Steps, m(`\cos 2\theta = \cos^{2}\theta - \sin^{2}\theta = `+c.Mul(c).TeX()+" - "+s.Mul(s).TeX()+" = "+ans.TeX())+".")
	default:
		if c2.IsZero() {
			return nil, errf("tan 2t undefined")
		}
		ans = s2.Div(c2)
		p.Steps = append(p.Steps, m(`\sin 2\theta = 2\sin\theta\cos\theta = `+s2.TeX())+" and "+m(`\cos 2\theta = \cos^{2}\theta - \sin^{2}\theta = `+c2.TeX())+
			", so "+m(`\tan 2\theta = `+ans.TeX())+".")
	}
	p.setNum(ans)
	p.sym("given", "'"+given+"'")
	p.sym("value", pyQ(gv))
	p.sym("quad", itoa(quad))
	p.sym("asked", "'"+asked+"'")
	p.Check = func() error {
		th := math.Atan2(s.Float(), c.Float())
		if !nearTol(trigFloat(asked, 2*th), ans.Float(), 1e-9) {
			return errf("the doubled angle from atan2 gives another %s", asked)
		}
		return nil
	}
	return p, nil
}

func genTrigSum(g *G) (*Problem, error) {
	s1, c1, q1 := g.angleByTriple()
	s2, c2, q2 := g.angleByTriple()
	asked := g.Pick("sin", "cos")
	plus := g.Bool()
	op, sg := "+", q(1)
	if !plus {
		op, sg = "-", q(-1)
	}
	var ans cas.Q
	g1, g2 := g.Pick("sin", "cos"), g.Pick("sin", "cos")
	qt := func(quad int64, v string) string {
		t := quadText(quad)
		return replaceTheta(t, v)
	}
	p := &Problem{Problem: "Let " + m(`\`+g1+`\alpha = `+ratio(g1, s1, c1).TeX()) + " with " + m(qt(q1, `\alpha`)) + ", and " + m(`\`+g2+`\beta = `+ratio(g2, s2, c2).TeX()) +
		" with " + m(qt(q2, `\beta`)) + ". Find " + m(`\`+asked+`\left(\alpha `+op+` \beta\right)`) + "."}
	p.Steps = []string{"By the Pythagorean identity and the quadrants, " + m(`\sin\alpha = `+s1.TeX()) + ", " + m(`\cos\alpha = `+c1.TeX()) + ", " +
		m(`\sin\beta = `+s2.TeX()) + " and " + m(`\cos\beta = `+c2.TeX()) + "."}
	if asked == "sin" {
		ans = s1.Mul(c2).Add(sg.Mul(c1).Mul(s2))
		p.Steps = append(p.Steps, m(`\sin\left(\alpha `+op+` \beta\right) = \sin\alpha\cos\beta `+op+` \cos\alpha\sin\beta = `+s1.Mul(c2).TeX()+" "+op+" "+paren(c1.Mul(s2))+" = "+ans.TeX())+".")
	} else {
		ans = c1.Mul(c2).Sub(sg.Mul(s1).Mul(s2))
		nop := map[bool]string{true: "-", false: "+"}[plus]
		p.Steps = append(p.Steps, m(`\cos\left(\alpha `+op+` \beta\right) = \cos\alpha\cos\beta `+nop+` \sin\alpha\sin\beta = `+c1.Mul(c2).TeX()+" "+nop+" "+paren(s1.Mul(s2))+" = "+ans.TeX())+".")
	}
	p.setNum(ans)
	p.sym("a", "["+pyQ(s1)+", "+pyQ(c1)+"]")
	p.sym("b", "["+pyQ(s2)+", "+pyQ(c2)+"]")
	p.sym("op", "'"+op+"'")
	p.sym("asked", "'"+asked+"'")
	p.Check = func() error {
		a, b := math.Atan2(s1.Float(), c1.Float()), math.Atan2(s2.Float(), c2.Float())
		if !plus {
			b = -b
		}
		if !nearTol(trigFloat(asked, a+b), ans.Float(), 1e-9) {
			return errf("the summed angle gives another %s", asked)
		}
		return nil
	}
	return p, nil
}

func replaceTheta(s, v string) string {
	out := ""
	for {
		i := indexOf(s, `\theta`)
		if i < 0 {
			return out + s
		}
		out += s[:i] + v
		s = s[i+len(`\theta`):]
	}
}

func indexOf(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return i
		}
	}
	return -1
}

func genTrigEquation(g *G) (*Problem, error) {
	fn := g.Pick("sin", "cos", "tan")
	k := g.Int(1, g.ByLevel(1, 2, 3, 4, 6))
	// the right side: a standard value
	var vals []cas.Expr
	for _, v := range standardValues() {
		vals = append(vals, v, cas.Neg(v))
	}
	if fn == "tan" {
		vals = []cas.Expr{e(0), e(1), e(-1), cas.Sqrt(e(3)), cas.Neg(cas.Sqrt(e(3))), cas.Quot(cas.Sqrt(e(3)), e(3)), cas.Neg(cas.Quot(cas.Sqrt(e(3)), e(3)))}
	}
	v := vals[g.IntN(len(vals))]
	if g.Level == 1 && k == 1 && cas.Equal(v, e(0)) {
		return nil, errf("trivial")
	}
	// solutions: angles u = kx in [0, 2 pi k) in twelfths-of-pi steps
	var sols []cas.Q
	for tw := int64(0); tw < 24*k; tw++ {
		u := cas.Product(cas.N(qf(tw, 12)), cas.Pi)
		fu, ok := trigAt(fn, u)
		if ok && cas.Equal(fu, v) {
			sols = append(sols, qf(tw, 12*k))
		}
	}
	if len(sols) == 0 {
		return nil, errf("no solutions")
	}
	sort.Slice(sols, func(i, j int) bool { return sols[i].Cmp(sols[j]) < 0 })
	// a = 2 for the halves and sqrt3/2, written as 2 sin(kx) = sqrt 3
	lhsCoef, rhs := e(1), v
	if d := cas.Product(e(2), v); !cas.Equal(d, e(0)) && g.Level >= 2 {
		if _, isNum := cas.IsNum(v); !isNum || !cas.Equal(cas.Call("abs", v), e(1)) {
			lhsCoef, rhs = e(2), cas.Expand(d)
		}
	}
	arg := "x"
	if k > 1 {
		arg = itoa(k) + "x"
	}
	lhs := `\` + fn + `\left(` + arg + `\right)`
	if !cas.Equal(lhsCoef, e(1)) {
		lhs = tex(lhsCoef) + lhs
	}
	p := &Problem{Problem: "Find all solutions of " + m(lhs+" = "+tex(rhs)) + " with " + m(`0 \le x < 2\pi`) + "."}
	var us []cas.Expr
	for _, s := range sols {
		us = append(us, cas.Product(cas.N(s.MulInt(k)), cas.Pi))
	}
	if !cas.Equal(lhsCoef, e(1)) {
		p.Steps = append(p.Steps, "Divide by "+m(tex(lhsCoef))+": "+m(`\`+fn+`\left(`+arg+`\right) = `+tex(v))+".")
	}
	if k > 1 {
		p.Steps = append(p.Steps, "With "+m("u = "+arg)+", "+m(`0 \le u < `+itoa(2*k)+`\pi`)+", and "+m(`\`+fn+" u = "+tex(v))+" there at "+m("u = ")+joinTeX(us)+".",
			"Dividing by "+m(itoa(k))+" gives the solutions in "+m("x")+".")
	} else {
		p.Steps = append(p.Steps, m(`\`+fn+" x = "+tex(v))+" on "+m(`\left[0, 2\pi\right)`)+" at the angles with that value on the unit circle.")
	}
	var xs []cas.Expr
	for _, s := range sols {
		xs = append(xs, cas.Product(cas.N(s), cas.Pi))
	}
	p.setList(xs...)
	p.sym("fn", "'"+fn+"'")
	p.sym("k", itoa(k))
	p.sym("v", py(v))
	p.Check = func() error {
		// count the solutions by a fine scan of fn(kx) - v for sign changes
		// and touches, and check each exactly
		for _, x := range xs {
			fu, ok := trigAt(fn, cas.Expand(cas.Product(e(k), x)))
			if !ok || !cas.Equal(fu, v) {
				return errf("%s is not a solution", tex(x))
			}
		}
		vf := val(v)
		n := 0
		const steps = 20000
		for i := 0; i < steps; i++ {
			x := 2 * math.Pi * (float64(i) + 0.5) / steps
			near := false
			for _, s := range xs {
				if math.Abs(val(s)-x) < 2*math.Pi/steps {
					near = true
				}
			}
			if !near && math.Abs(trigFloat(fn, float64(k)*x)-vf) < 1e-7 {
				n++
			}
		}
		if n > 0 {
			return errf("the scan finds solutions not listed")
		}
		return nil
	}
	return p, nil
}

func genTrigPeriod(g *G) (*Problem, error) {
	b := g.ByLevel(3, 5, 8, 12, 20)
	A := g.NZ(-b, b)
	B := qf(g.NZ(-b, b), g.Int(1, g.ByLevel(1, 2, 3, 4, 6)))
	C := qf(g.Int(-b, b), g.Int(1, 4))
	D := g.Int(-b, b)
	fn := g.Pick("sin", "cos")
	arg := cas.Sum(cas.Product(cas.N(B), X), cas.Product(cas.N(C), cas.Pi))
	y := cas.Sum(cas.Product(e(A), cas.Call(fn, arg)), e(D))
	what := g.Pick("period", "amplitude", "maximum value")
	p := &Problem{Problem: "Find the " + what + " of " + m("y = "+tex(y)) + "."}
	var ans cas.Expr
	switch what {
	case "period":
		ans = cas.Product(cas.N(qf(2, 1).Div(B.Abs())), cas.Pi)
		p.Steps = []string{"The period of " + m(`\`+fn+`\left(Bx + C\right)`) + " is " + m(`\frac{2\pi}{\left|B\right|}`) + "; here " + m("B = "+B.TeX()) + ", so it is " + m(tex(ans)) + "."}
	case "amplitude":
		ans = e(abs64(A))
		p.Steps = []string{"The amplitude of " + m(`A\`+fn+`\left(Bx + C\right) + D`) + " is " + m(`\left|A\right|`) + "; here " + m("A = "+itoa(A)) + "."}
	default:
		ans = e(abs64(A) + D)
		p.Steps = []string{"The " + m(`\`+fn) + " term ranges over " + m(`\left[-`+itoa(abs64(A))+", "+itoa(abs64(A))+`\right]`) + ", so the maximum is " + m(chain(itoa(abs64(A))+" + "+paren(q(D)), itoa(abs64(A)+D))) + "."}
	}
	p.setExpr(ans)
	p.sym("y", py(y))
	p.sym("what", "'"+what+"'")
	p.Check = func() error {
		switch what {
		case "period":
			T := val(ans)
			for _, x := range []float64{0.3, 1.1, 2.7} {
				if !nearTol(at(y, x), at(y, x+T), 1e-9) || nearTol(at(y, x+0.3), at(y, x+0.3+T/2), 1e-12) && nearTol(at(y, x), at(y, x+T/2), 1e-12) {
					return errf("%v is not the least period", T)
				}
			}
		default:
			mx, mn := math.Inf(-1), math.Inf(1)
			for i := 0; i < 20000; i++ {
				v := at(y, float64(i)*0.001)
				mx, mn = math.Max(mx, v), math.Min(mn, v)
			}
			want := (mx - mn) / 2
			if what != "amplitude" {
				want = mx
			}
			if !nearTol(want, val(ans), 1e-4) {
				return errf("sampling gives %v", want)
			}
		}
		return nil
	}
	return p, nil
}

func genTrigSector(g *G) (*Problem, error) {
	r := g.Int(2, g.ByLevel(6, 10, 15, 24, 40))
	deg := g.Int(1, g.ByLevel(12, 24, 36, 72, 360)) * 5
	if deg >= 360 {
		deg = 355
	}
	arc := g.Bool()
	th := qf(deg, 180)
	var ans cas.Q
	p := &Problem{}
	if arc {
		ans = th.MulInt(r)
		p.Problem = "A circle has radius " + m(itoa(r)) + ". Find the length of the arc cut off by a central angle of " + m(itoa(deg)+`^{\circ}`) + "."
		p.Steps = []string{"In radians the angle is " + m(piTeX(th)) + ".", "The arc length is " + m(`r\theta = `+itoa(r)+`\cdot `+piTeX(th)+" = "+piTeX(ans)) + "."}
	} else {
		ans = th.MulInt(r * r).Div(q(2))
		p.Problem = "A circle has radius " + m(itoa(r)) + ". Find the area of the sector with central angle " + m(itoa(deg)+`^{\circ}`) + "."
		p.Steps = []string{"In radians the angle is " + m(piTeX(th)) + ".", "The sector's area is " + m(`\frac{1}{2}r^{2}\theta = \frac{1}{2}\cdot `+itoa(r*r)+`\cdot `+piTeX(th)+" = "+piTeX(ans)) + "."}
	}
	v := cas.Product(cas.N(ans), cas.Pi)
	p.setExpr(v)
	p.sym("r", itoa(r))
	p.sym("deg", itoa(deg))
	p.sym("what", map[bool]string{true: "'arc'", false: "'area'"}[arc])
	p.Check = func() error {
		// the fraction deg/360 of the circumference or of the area
		want := float64(deg) / 360 * 2 * math.Pi * float64(r)
		if !arc {
			want = float64(deg) / 360 * math.Pi * float64(r*r)
		}
		if !near(want, val(v)) {
			return errf("the fraction of the circle gives %v", want)
		}
		return nil
	}
	return p, nil
}
