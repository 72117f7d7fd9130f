package amps

import (
	"math"
	"sort"
	"strings"

	"github.com/matheval/matheval/cas"
)

func init() {
	for _, m := range []*Module{
		{Name: "expectation_discrete", Area: "statistics", Steps: true, gen: genExpectation,
			Description: "Expected value of a discrete random variable given by its table",
			Extrapolate: "more values and finer probabilities"},
		{Name: "variance_discrete", Area: "statistics", Steps: true, gen: genVarianceDiscrete,
			Description: "Variance of a discrete random variable given by its table",
			Extrapolate: "more values and finer probabilities"},
		{Name: "expectation_function", Area: "statistics", gen: genExpectationFunction,
			Description: "Expected value of a quadratic function of a discrete random variable",
			Extrapolate: "more values and larger coefficients"},
		{Name: "sample_mean", Area: "statistics", gen: genSampleMean,
			Description: "Mean of a list of numbers",
			Extrapolate: "longer lists of larger numbers"},
		{Name: "sample_variance", Area: "statistics", Steps: true, gen: genSampleVariance,
			Description: "Sample variance (n - 1 in the denominator) of a list",
			Extrapolate: "longer lists of larger numbers"},
		{Name: "standard_deviation", Area: "statistics", Steps: true, gen: genStdDev,
			Description: "Population standard deviation of a list, exactly (a radical)",
			Extrapolate: "longer lists of larger numbers"},
		{Name: "geometric_mean", Area: "statistics", Steps: true, gen: genGeometricMean,
			Description: "Geometric mean of a list of positive integers, exactly (a radical)",
			Extrapolate: "longer lists of larger numbers"},
		{Name: "harmonic_mean", Area: "statistics", Steps: true, gen: genHarmonicMean,
			Description: "Harmonic mean of a list of positive numbers",
			Extrapolate: "longer lists of larger numbers"},
		{Name: "median", Area: "statistics", gen: genMedian,
			Description: "Median of a list of numbers",
			Extrapolate: "longer lists of larger numbers"},
		{Name: "kl_divergence", Form: FormExact, Area: "statistics", Steps: true, gen: genKL,
			Description: "Kullback-Leibler divergence of two discrete distributions, exactly in logarithms of primes",
			Extrapolate: "more outcomes and finer probabilities"},
		{Name: "entropy", Form: FormExact, Area: "statistics", Steps: true, gen: genEntropy,
			Description: "Shannon entropy (in nats) of a discrete distribution, exactly",
			Extrapolate: "more outcomes and finer probabilities"},
		{Name: "binomial_probability", Area: "statistics", Steps: true, gen: genBinomialProb,
			Description: "Probability of k successes in n independent trials",
			Extrapolate: "larger n"},
		{Name: "hypergeometric_probability", Area: "statistics", Steps: true, gen: genHypergeometric,
			Description: "Probability of drawing a given number of marked items without replacement",
			Extrapolate: "larger populations and draws"},
		{Name: "covariance_table", Area: "statistics", Steps: true, gen: genCovariance,
			Description: "Covariance of two discrete random variables from their joint table",
			Extrapolate: "three by three tables and finer probabilities"},
		{Name: "regression_slope", Area: "statistics", Steps: true, gen: genRegression,
			Description: "Slope of the least-squares line through points",
			Extrapolate: "more points with larger coordinates"},
		{Name: "conditional_probability", Area: "statistics", Steps: true, gen: genConditional,
			Description: "Conditional probability from a two-way table of counts",
			Extrapolate: "larger counts"},
		{Name: "dice_max_expectation", Area: "statistics", gen: genDiceMax,
			Description: "Expected value of the maximum of two fair dice with n faces",
			Extrapolate: "dice with more faces"},
		{Name: "poisson_probability", Form: FormExact, Area: "statistics", gen: genPoisson,
			Description: "Poisson probability P(X = k), exactly",
			Extrapolate: "larger rates and counts"},
	} {
		register(m)
	}
}

// distribution draws k probabilities with denominator d summing to 1.
func (g *G) distribution(k int, d int64) []cas.Q {
	for d < int64(k) {
		d *= 2
	}
	// k positive weights summing to d
	cuts := g.Distinct(k-1, 1, d-1)
	sort.Slice(cuts, func(i, j int) bool { return cuts[i] < cuts[j] })
	out := make([]cas.Q, k)
	prev := int64(0)
	for i, c := range append(cuts, d) {
		out[i] = qf(c-prev, d)
		prev = c
	}
	return out
}

func tableTeX(xs []int64, ps []cas.Q) string {
	var sb strings.Builder
	sb.WriteString(`\begin{array}{c|` + strings.Repeat("c", len(xs)) + `} x`)
	for _, x := range xs {
		sb.WriteString(" & " + itoa(x))
	}
	sb.WriteString(` \\ \hline P(X = x)`)
	for _, p := range ps {
		sb.WriteString(" & " + p.TeX())
	}
	sb.WriteString(`\end{array}`)
	return sb.String()
}

func pyQs(qs []cas.Q) string {
	s := make([]string, len(qs))
	for i, v := range qs {
		s[i] = pyQ(v)
	}
	return "[" + strings.Join(s, ", ") + "]"
}

func pyInts(xs []int64) string {
	s := make([]string, len(xs))
	for i, v := range xs {
		s[i] = itoa(v)
	}
	return "[" + strings.Join(s, ", ") + "]"
}

func (g *G) randTable() ([]int64, []cas.Q) {
	k := int(g.ByLevel(3, 3, 4, 4, 5, 6))
	d := []int64{4, 5, 6, 8, 10, 12, 20}[min(g.IntN(3)+g.Level-1, 6)]
	for int64(k) > d {
		d *= 2
	}
	xs := g.Distinct(k, -g.ByLevel(3, 5, 6, 8, 10), g.ByLevel(5, 6, 8, 10, 12))
	sortI(xs)
	return xs, g.distribution(k, d)
}

func qs(xs []int64) []cas.Q {
	out := make([]cas.Q, len(xs))
	for i, v := range xs {
		out[i] = q(v)
	}
	return out
}

func genExpectation(g *G) (*Problem, error) {
	xs, ps := g.randTable()
	ev := cas.Expectation(qs(xs), ps)
	p := &Problem{Problem: "A random variable " + m("X") + " has the distribution " + m(tableTeX(xs, ps)) + ". Find " + m("E[X]") + "."}
	var terms []string
	for i := range xs {
		terms = append(terms, paren(q(xs[i]))+`\cdot `+ps[i].TeX())
	}
	p.Steps = []string{m("E[X] = "+strings.Join(terms, " + ")+" = "+ev.TeX()) + "."}
	p.setNum(ev)
	p.sym("x", pyInts(xs))
	p.sym("p", pyQs(ps))
	p.Check = func() error {
		s, tot := 0.0, q(0)
		for i := range xs {
			s += float64(xs[i]) * ps[i].Float()
			tot = tot.Add(ps[i])
		}
		if !tot.IsOne() || !near(s, ev.Float()) {
			return errf("probabilities do not sum to 1 or the float sum differs")
		}
		return nil
	}
	return p, nil
}

func genVarianceDiscrete(g *G) (*Problem, error) {
	xs, ps := g.randTable()
	X := qs(xs)
	mu := cas.Expectation(X, ps)
	sq := make([]cas.Q, len(X))
	for i, x := range X {
		sq[i] = x.Mul(x)
	}
	ex2 := cas.Expectation(sq, ps)
	v := ex2.Sub(mu.Mul(mu))
	p := &Problem{Problem: "A random variable " + m("X") + " has the distribution " + m(tableTeX(xs, ps)) + ". Find " + m(`\operatorname{Var}(X)`) + "."}
	p.Steps = []string{
		m("E[X] = "+mu.TeX()) + " and " + m("E[X^{2}] = "+ex2.TeX()) + ".",
		m(`\operatorname{Var}(X) = E[X^{2}] - E[X]^{2} = `+ex2.TeX()+" - "+paren(mu)+"^{2} = "+v.TeX()) + ".",
	}
	p.setNum(v)
	p.sym("x", pyInts(xs))
	p.sym("p", pyQs(ps))
	p.Check = func() error {
		// the definition: sum p (x - mu)^2
		s := q(0)
		for i, x := range X {
			d := x.Sub(mu)
			s = s.Add(ps[i].Mul(d.Mul(d)))
		}
		if !s.Equal(v) {
			return errf("sum p (x - mu)^2 = %s", s)
		}
		return nil
	}
	return p, nil
}

func genExpectationFunction(g *G) (*Problem, error) {
	xs, ps := g.randTable()
	a, b, c := g.NZ(-4, 4), g.Int(-6, 6), g.Int(-9, 9)
	f := cas.PolyInts(c, b, a)
	X := qs(xs)
	vals := make([]cas.Q, len(X))
	for i, x := range X {
		vals[i] = f.Eval(x)
	}
	ev := cas.Expectation(vals, ps)
	p := &Problem{Problem: "A random variable " + m("X") + " has the distribution " + m(tableTeX(xs, ps)) + ". Find " + m("E["+tex(cas.FromPoly(f, "X"))+"]") + "."}
	p.setNum(ev)
	p.sym("x", pyInts(xs))
	p.sym("p", pyQs(ps))
	p.sym("f", ppy(f))
	p.Check = func() error {
		// linearity: a E[X^2] + b E[X] + c
		sq := make([]cas.Q, len(X))
		for i, x := range X {
			sq[i] = x.Mul(x)
		}
		lin := q(a).Mul(cas.Expectation(sq, ps)).Add(q(b).Mul(cas.Expectation(X, ps))).Add(q(c))
		if !lin.Equal(ev) {
			return errf("linearity gives %s", lin)
		}
		return nil
	}
	return p, nil
}

func (g *G) randList() []int64 {
	n := int(g.ByLevel(4, 5, 6, 7, 8, 10))
	hi := g.ByLevel(10, 15, 20, 30, 50)
	lo := int64(-5)
	if g.Level <= 2 {
		lo = 1
	}
	xs := make([]int64, n)
	for i := range xs {
		xs[i] = g.Int(lo, hi)
	}
	return xs
}

func listTeX(xs []int64) string {
	s := make([]string, len(xs))
	for i, v := range xs {
		s[i] = itoa(v)
	}
	return strings.Join(s, ", ")
}

func genSampleMean(g *G) (*Problem, error) {
	xs := g.randList()
	mu := cas.Mean(qs(xs))
	p := &Problem{Problem: "Find the mean of " + m(listTeX(xs)) + "."}
	p.setNum(mu)
	p.sym("x", pyInts(xs))
	p.Check = func() error {
		s := int64(0)
		for _, x := range xs {
			s += x
		}
		if !qf(s, int64(len(xs))).Equal(mu) {
			return errf("integer sum gives another mean")
		}
		return nil
	}
	return p, nil
}

func genSampleVariance(g *G) (*Problem, error) {
	xs := g.randList()
	X := qs(xs)
	mu := cas.Mean(X)
	v := cas.Variance(X, 1)
	ss := v.MulInt(int64(len(xs) - 1))
	p := &Problem{Problem: "Find the sample variance of " + m(listTeX(xs)) + "."}
	p.Steps = []string{
		"The mean is " + m(`\bar{x} = `+mu.TeX()) + ".",
		"The sum of squared deviations is " + m(`\sum\left(x_{i} - \bar{x}\right)^{2} = `+ss.TeX()) + ".",
		"Dividing by " + m("n - 1 = "+itoa(int64(len(xs)-1))) + " gives " + m(v.TeX()) + ".",
	}
	p.setNum(v)
	p.sym("x", pyInts(xs))
	p.Check = func() error {
		if w := cas.VarianceShortcut(X, 1); !w.Equal(v) {
			return errf("the shortcut formula gives %s", w)
		}
		return nil
	}
	return p, nil
}

func genStdDev(g *G) (*Problem, error) {
	xs := g.randList()
	X := qs(xs)
	v := cas.Variance(X, 0)
	sd := cas.Sqrt(cas.N(v))
	p := &Problem{Problem: "Find the population standard deviation of " + m(listTeX(xs)) + "."}
	p.Steps = []string{
		"The mean is " + m(cas.Mean(X).TeX()) + " and the population variance " + m(`\sigma^{2} = `+v.TeX()) + ".",
		"So " + m(`\sigma = `+chain(`\sqrt{`+v.TeX()+"}", tex(sd))) + ".",
	}
	p.setExpr(sd)
	p.sym("x", pyInts(xs))
	p.Check = func() error {
		m0 := 0.0
		for _, x := range xs {
			m0 += float64(x)
		}
		m0 /= float64(len(xs))
		s := 0.0
		for _, x := range xs {
			s += (float64(x) - m0) * (float64(x) - m0)
		}
		if !near(math.Sqrt(s/float64(len(xs))), val(sd)) {
			return errf("floating point gives %v", math.Sqrt(s/float64(len(xs))))
		}
		return nil
	}
	return p, nil
}

func genGeometricMean(g *G) (*Problem, error) {
	n := int(g.ByLevel(2, 2, 3, 3, 4, 5))
	xs := make([]int64, n)
	for i := range xs {
		xs[i] = g.Int(1, g.ByLevel(9, 12, 16, 25, 30))
	}
	X := qs(xs)
	gm := cas.GeometricMean(X)
	prod := q(1)
	for _, x := range X {
		prod = prod.Mul(x)
	}
	p := &Problem{Problem: "Find the geometric mean of " + m(listTeX(xs)) + "."}
	rt := `\sqrt[` + itoa(int64(n)) + "]{" + prod.String() + "}"
	if n == 2 {
		rt = `\sqrt{` + prod.String() + "}"
	}
	p.Steps = []string{"The product is " + m(prod.String()) + ", so the geometric mean is " + m(rt) + "."}
	if tex(gm) != rt {
		p.Steps[0] = "The product is " + m(prod.String()) + ", so the geometric mean is " + m(rt+" = "+tex(gm)) + "."
	}
	p.setExpr(gm)
	p.sym("x", pyInts(xs))
	p.Check = func() error {
		s := 0.0
		for _, x := range xs {
			s += math.Log(float64(x))
		}
		if !near(math.Exp(s/float64(n)), val(gm)) {
			return errf("exp(mean log) gives %v", math.Exp(s/float64(n)))
		}
		return nil
	}
	return p, nil
}

func genHarmonicMean(g *G) (*Problem, error) {
	xs := make([]int64, int(g.ByLevel(2, 3, 3, 4, 5, 6)))
	for i := range xs {
		xs[i] = g.Int(1, g.ByLevel(8, 10, 12, 20, 30))
	}
	X := qs(xs)
	hm := cas.HarmonicMean(X)
	s := q(0)
	var inv []string
	for _, x := range X {
		s = s.Add(x.Inv())
		inv = append(inv, x.Inv().TeX())
	}
	p := &Problem{Problem: "Find the harmonic mean of " + m(listTeX(xs)) + "."}
	p.Steps = []string{
		"The sum of the reciprocals is " + m(strings.Join(inv, " + ")+" = "+s.TeX()) + ".",
		"The harmonic mean is " + m(chain(overTeX(itoa(int64(len(xs))), s.TeX()), hm.TeX())) + ".",
	}
	p.setNum(hm)
	p.sym("x", pyInts(xs))
	p.Check = func() error {
		f := 0.0
		for _, x := range xs {
			f += 1 / float64(x)
		}
		if !near(float64(len(xs))/f, hm.Float()) {
			return errf("floating point gives %v", float64(len(xs))/f)
		}
		return nil
	}
	return p, nil
}

func genMedian(g *G) (*Problem, error) {
	xs := g.randList()
	md := cas.Median(qs(xs))
	p := &Problem{Problem: "Find the median of " + m(listTeX(xs)) + "."}
	p.setNum(md)
	p.sym("x", pyInts(xs))
	p.Check = func() error {
		// the median splits the list: at most half strictly below and above
		below, above := 0, 0
		for _, x := range xs {
			switch q(x).Cmp(md) {
			case -1:
				below++
			case 1:
				above++
			}
		}
		if 2*below > len(xs) || 2*above > len(xs) {
			return errf("the median does not split the list")
		}
		return nil
	}
	return p, nil
}

func distTeX(ps []cas.Q) string {
	s := make([]string, len(ps))
	for i, v := range ps {
		s[i] = v.TeX()
	}
	return `\left(` + strings.Join(s, ", ") + `\right)`
}

func genKL(g *G) (*Problem, error) {
	k := int(g.ByLevel(2, 2, 3, 3, 4, 5))
	d := []int64{4, 6, 8, 9, 10, 12}[min(g.Level+g.IntN(2), 5)]
	P := g.distribution(k, d)
	Qd := g.distribution(k, []int64{3, 4, 5, 6, 8, 10}[min(g.Level+g.IntN(2), 5)])
	kl := cas.KL(P, Qd)
	p := &Problem{Problem: "Find the Kullback-Leibler divergence " + m(`D_{\mathrm{KL}}(P \parallel Q)`) + " (in nats) of " +
		m("P = "+distTeX(P)) + " from " + m("Q = "+distTeX(Qd)) + ", as an exact expression in natural logarithms."}
	var terms []string
	for i := range P {
		terms = append(terms, P[i].TeX()+`\ln\frac{`+P[i].TeX()+"}{"+Qd[i].TeX()+"}")
	}
	p.Steps = []string{
		m(`D_{\mathrm{KL}} = \sum_{i} p_{i}\ln\frac{p_{i}}{q_{i}} = `+strings.Join(terms, " + ")) + ".",
		"Writing every logarithm in terms of logarithms of primes and collecting gives " + m(tex(kl)) + ".",
	}
	p.setExpr(kl)
	p.sym("p", pyQs(P))
	p.sym("q", pyQs(Qd))
	p.Check = func() error {
		s := 0.0
		for i := range P {
			s += P[i].Float() * math.Log(P[i].Float()/Qd[i].Float())
		}
		if !nearTol(s, val(kl), 1e-12) || s < -1e-12 {
			return errf("floating point gives %v", s)
		}
		return nil
	}
	return p, nil
}

func genEntropy(g *G) (*Problem, error) {
	k := int(g.ByLevel(2, 3, 3, 4, 5, 6))
	if g.Level == 1 && g.Bool() {
		k = 3
	}
	d := g.Int(int64(k)+1, 6+4*int64(g.Size))
	P := g.distribution(k, d)
	h := cas.Entropy(P)
	p := &Problem{Problem: "Find the Shannon entropy (in nats) of the distribution " + m(distTeX(P)) + ", as an exact expression in natural logarithms."}
	p.Steps = []string{
		m(`H = -\sum_{i} p_{i}\ln p_{i}`) + "; writing each " + m(`\ln p_{i}`) + " in logarithms of primes and collecting gives " + m(tex(h)) + ".",
	}
	p.setExpr(h)
	p.sym("p", pyQs(P))
	p.Check = func() error {
		s := 0.0
		for _, v := range P {
			s -= v.Float() * math.Log(v.Float())
		}
		if !nearTol(s, val(h), 1e-12) {
			return errf("floating point gives %v", s)
		}
		return nil
	}
	return p, nil
}

func genBinomialProb(g *G) (*Problem, error) {
	n := g.Int(2, g.ByLevel(5, 6, 8, 10, 12))
	k := g.Int(0, n)
	pp := []cas.Q{qf(1, 2), qf(1, 3), qf(2, 3), qf(1, 4), qf(3, 4), qf(1, 5), qf(2, 5), qf(1, 6)}[g.IntN(8)]
	pr := cas.BinomialPMF(n, k, pp)
	p := &Problem{Problem: "A trial succeeds with probability " + m(pp.TeX()) + ". In " + m(itoa(n)) +
		" independent trials, what is the probability of exactly " + m(itoa(k)) + map[bool]string{true: " success?", false: " successes?"}[k == 1]}
	p.Steps = []string{
		m(`P = \binom{`+itoa(n)+"}{"+itoa(k)+`}\left(`+pp.TeX()+`\right)`+sup(k)+`\left(`+q(1).Sub(pp).TeX()+`\right)`+sup(n-k)) + ".",
		m(`\binom{`+itoa(n)+"}{"+itoa(k)+"} = "+cas.Binomial(n, k).String()) + ", so " + m("P = "+pr.TeX()) + ".",
	}
	p.setNum(pr)
	p.sym("n", itoa(n))
	p.sym("k", itoa(k))
	p.sym("p", pyQ(pp))
	p.Check = func() error {
		// add the probabilities of the sequences with k successes (n <= 16)
		if n > 16 {
			return nil
		}
		s := q(0)
		for mask := 0; mask < 1<<n; mask++ {
			c := 0
			for b := 0; b < int(n); b++ {
				if mask>>b&1 == 1 {
					c++
				}
			}
			if int64(c) == k {
				s = s.Add(q(1))
			}
		}
		if !s.Mul(pp.PowInt(int(k))).Mul(q(1).Sub(pp).PowInt(int(n - k))).Equal(pr) {
			return errf("counting sequences gives another probability")
		}
		return nil
	}
	return p, nil
}

func genHypergeometric(g *G) (*Problem, error) {
	red := g.Int(2, g.ByLevel(5, 6, 8, 10, 12))
	blue := g.Int(2, g.ByLevel(5, 6, 8, 10, 12))
	draw := g.Int(2, min(red+blue-1, g.ByLevel(3, 3, 4, 5, 6)))
	k := g.Int(max(0, draw-blue), min(draw, red))
	pr := cas.Binomial(red, k).Mul(cas.Binomial(blue, draw-k)).Div(cas.Binomial(red+blue, draw))
	p := &Problem{Problem: "A bag holds " + m(itoa(red)) + " red and " + m(itoa(blue)) + " blue marbles. Taking " + m(itoa(draw)) +
		" of them at random, none put back, find the probability that exactly " + m(itoa(k)) + " of the marbles taken are red."}
	p.Steps = []string{
		"There are " + m(`\binom{`+itoa(red+blue)+"}{"+itoa(draw)+"} = "+cas.Binomial(red+blue, draw).String()) + " equally likely draws.",
		"Of these, " + m(`\binom{`+itoa(red)+"}{"+itoa(k)+`}\binom{`+itoa(blue)+"}{"+itoa(draw-k)+"} = "+cas.Binomial(red, k).Mul(cas.Binomial(blue, draw-k)).String()) + " have exactly " + m(itoa(k)) + " red marbles.",
		"So the probability is " + m(chain(`\frac{`+cas.Binomial(red, k).Mul(cas.Binomial(blue, draw-k)).String()+"}{"+cas.Binomial(red+blue, draw).String()+"}", pr.TeX())) + ".",
	}
	p.setNum(pr)
	p.sym("red", itoa(red))
	p.sym("blue", itoa(blue))
	p.sym("draw", itoa(draw))
	p.sym("k", itoa(k))
	p.Check = func() error {
		// drawing in order: C(draw, k) [red]_k [blue]_(draw-k) / [red+blue]_draw
		fall := func(n, k int64) cas.Q {
			r := q(1)
			for i := int64(0); i < k; i++ {
				r = r.MulInt(n - i)
			}
			return r
		}
		seq := cas.Binomial(draw, k).Mul(fall(red, k)).Mul(fall(blue, draw-k)).Div(fall(red+blue, draw))
		if !seq.Equal(pr) {
			return errf("sequential drawing gives %s", seq)
		}
		n := red + blue
		if n > 12 {
			return nil
		}
		// and by counting subsets (red marbles first) when small
		good, all := int64(0), int64(0)
		for mask := 0; mask < 1<<n; mask++ {
			c, r := 0, 0
			for b := 0; b < int(n); b++ {
				if mask>>b&1 == 1 {
					c++
					if int64(b) < red {
						r++
					}
				}
			}
			if int64(c) == draw {
				all++
				if int64(r) == k {
					good++
				}
			}
		}
		if !qf(good, all).Equal(pr) {
			return errf("counting subsets gives %d/%d", good, all)
		}
		return nil
	}
	return p, nil
}

func genCovariance(g *G) (*Problem, error) {
	nx, ny := 2, 2
	if g.Level >= 4 || g.Split == Extrapolate {
		nx, ny = 2+g.IntN(2), 2+g.IntN(2)
	}
	d := []int64{8, 10, 12, 16, 20}[min(g.Level-1+g.IntN(2), 4)]
	probs := g.distribution(nx*ny, d)
	xs := g.Distinct(nx, -3, 5)
	ys := g.Distinct(ny, -3, 5)
	sortI(xs)
	sortI(ys)
	var ex, ey, exy cas.Q = q(0), q(0), q(0)
	for i := 0; i < nx; i++ {
		for j := 0; j < ny; j++ {
			pr := probs[i*ny+j]
			ex = ex.Add(pr.MulInt(xs[i]))
			ey = ey.Add(pr.MulInt(ys[j]))
			exy = exy.Add(pr.MulInt(xs[i] * ys[j]))
		}
	}
	cov := exy.Sub(ex.Mul(ey))
	var sb strings.Builder
	sb.WriteString(`\begin{array}{c|` + strings.Repeat("c", ny) + `} & `)
	for j, yv := range ys {
		if j > 0 {
			sb.WriteString(" & ")
		}
		sb.WriteString("Y = " + itoa(yv))
	}
	sb.WriteString(` \\ \hline `)
	for i, xv := range xs {
		sb.WriteString("X = " + itoa(xv))
		for j := 0; j < ny; j++ {
			sb.WriteString(" & " + probs[i*ny+j].TeX())
		}
		if i < nx-1 {
			sb.WriteString(` \\ `)
		}
	}
	sb.WriteString(`\end{array}`)
	p := &Problem{Problem: "The joint distribution of " + m("X") + " and " + m("Y") + " is " + m(sb.String()) + ". Find " + m(`\operatorname{Cov}(X, Y)`) + "."}
	p.Steps = []string{
		m("E[X] = "+ex.TeX()) + ", " + m("E[Y] = "+ey.TeX()) + " and " + m("E[XY] = "+exy.TeX()) + ".",
		m(`\operatorname{Cov}(X, Y) = E[XY] - E[X]E[Y] = `+cov.TeX()) + ".",
	}
	p.setNum(cov)
	p.sym("x", pyInts(xs))
	p.sym("y", pyInts(ys))
	p.sym("p", pyQs(probs))
	p.Check = func() error {
		s := q(0)
		for i := 0; i < nx; i++ {
			for j := 0; j < ny; j++ {
				s = s.Add(probs[i*ny+j].Mul(q(xs[i]).Sub(ex)).Mul(q(ys[j]).Sub(ey)))
			}
		}
		if !s.Equal(cov) {
			return errf("E[(X - EX)(Y - EY)] = %s", s)
		}
		return nil
	}
	return p, nil
}

func genRegression(g *G) (*Problem, error) {
	n := int(g.ByLevel(3, 4, 4, 5, 6, 8))
	xs := g.Distinct(n, -g.ByLevel(3, 4, 5, 6, 8), g.ByLevel(4, 5, 6, 8, 10))
	sortI(xs)
	ys := make([]int64, n)
	for i := range ys {
		ys[i] = g.Int(-g.ByLevel(5, 8, 10, 12, 15), g.ByLevel(5, 8, 10, 12, 15))
	}
	X, Yv := qs(xs), qs(ys)
	mx, my := cas.Mean(X), cas.Mean(Yv)
	sxy, sxx := q(0), q(0)
	for i := range X {
		sxy = sxy.Add(X[i].Sub(mx).Mul(Yv[i].Sub(my)))
		sxx = sxx.Add(X[i].Sub(mx).Mul(X[i].Sub(mx)))
	}
	slope := sxy.Div(sxx)
	var pts []string
	for i := range xs {
		pts = append(pts, `\left(`+itoa(xs[i])+", "+itoa(ys[i])+`\right)`)
	}
	p := &Problem{Problem: "Find the slope of the least-squares regression line through the points " + m(strings.Join(pts, ", ")) + "."}
	p.Steps = []string{
		"The means are " + m(`\bar{x} = `+mx.TeX()) + " and " + m(`\bar{y} = `+my.TeX()) + ".",
		m(`S_{xy} = \sum\left(x_{i} - \bar{x}\right)\left(y_{i} - \bar{y}\right) = `+sxy.TeX()) + " and " + m(`S_{xx} = `+sxx.TeX()) + ", so the slope is " + m(`\frac{S_{xy}}{S_{xx}} = `+slope.TeX()) + ".",
	}
	p.setNum(slope)
	p.sym("x", pyInts(xs))
	p.sym("y", pyInts(ys))
	p.Check = func() error {
		// the normal equations [n sx; sx sxx'] (b, m) = (sy, sxy'), solved by inverse
		sx, sy, sx2, sxyr := q(0), q(0), q(0), q(0)
		for i := range X {
			sx, sy = sx.Add(X[i]), sy.Add(Yv[i])
			sx2, sxyr = sx2.Add(X[i].Mul(X[i])), sxyr.Add(X[i].Mul(Yv[i]))
		}
		A := cas.NewMat([][]cas.Q{{q(int64(n)), sx}, {sx, sx2}})
		inv, _, err := A.Inverse()
		if err != nil {
			return err
		}
		sol := inv.MulVec([]cas.Q{sy, sxyr})
		if !sol[1].Equal(slope) {
			return errf("the normal equations give slope %s", sol[1])
		}
		return nil
	}
	return p, nil
}

func genConditional(g *G) (*Problem, error) {
	hi := g.ByLevel(20, 30, 40, 60, 90)
	a, b, c, d := g.Int(1, hi), g.Int(1, hi), g.Int(1, hi), g.Int(1, hi)
	// each population with the two kinds of its members that make sense for it
	groups := [][4]string{
		{"students", "take chemistry", "juniors", "seniors"},
		{"students", "take chemistry", "commuters", "residents"},
		{"patients", "test positive", "vaccinated patients", "unvaccinated patients"},
		{"patients", "test positive", "adults", "children"},
		{"voters", "favour the proposal", "women", "men"},
		{"voters", "favour the proposal", "city residents", "rural residents"},
	}[g.IntN(6)]
	rowA, rowB := groups[2], groups[3]
	if g.Bool() {
		rowA, rowB = rowB, rowA
	}
	pr := qf(a, a+c)
	p := &Problem{Problem: "Among some " + groups[0] + ", the counts are: " + rowA + " who " + groups[1] + ": " + m(itoa(a)) + "; " + rowA + " who do not: " + m(itoa(b)) +
		"; " + rowB + " who " + groups[1] + ": " + m(itoa(c)) + "; " + rowB + " who do not: " + m(itoa(d)) + ". One of those who " + groups[1] +
		" is chosen at random. What is the probability that they are one of the " + rowA + "?"}
	p.Steps = []string{
		m(itoa(a)+" + "+itoa(c)+" = "+itoa(a+c)) + " of them " + groups[1] + ", and " + m(itoa(a)) + " of those are " + rowA + ".",
		"By the definition of conditional probability, over all " + m(itoa(a+b+c+d)) + " of them, the probability is " +
			m(chain(`\frac{P(\text{`+rowA+` and `+groups[1]+`})}{P(\text{`+groups[1]+`})}`, `\frac{`+itoa(a)+"/"+itoa(a+b+c+d)+"}{"+itoa(a+c)+"/"+itoa(a+b+c+d)+"}", `\frac{`+itoa(a)+"}{"+itoa(a+c)+"}", pr.TeX())) + ".",
	}
	p.setNum(pr)
	p.sym("counts", pyInts([]int64{a, b, c, d}))
	p.Check = func() error {
		// P(A and E) / P(E) over the whole table
		n := a + b + c + d
		if !qf(a, n).Div(qf(a+c, n)).Equal(pr) {
			return errf("the definition of conditional probability gives another value")
		}
		return nil
	}
	return p, nil
}

func genDiceMax(g *G) (*Problem, error) {
	n := g.Int(2, g.ByLevel(6, 12, 20, 36, 60))
	dice := g.Int(2, 3)
	wantMax := g.Bool()
	// E[max] = sum_k k (k^d - (k-1)^d)/n^d; the minimum is n + 1 - the maximum of n + 1 - X
	nd := cas.FromBigInt(bigPow(n, dice))
	s := q(0)
	for k := int64(1); k <= n; k++ {
		w := cas.FromBigInt(bigPow(k, dice)).Sub(cas.FromBigInt(bigPow(k-1, dice)))
		s = s.Add(w.MulInt(k).Div(nd))
	}
	which := "larger"
	if dice == 3 {
		which = "largest"
	}
	if !wantMax {
		s = q(n + 1).Sub(s)
		which = map[bool]string{true: "smaller", false: "smallest"}[dice == 2]
	}
	p := &Problem{Problem: m(itoa(dice)) + " fair dice with " + m(itoa(n)) + " faces numbered " + m("1") + " to " + m(itoa(n)) + " are rolled. What is the expected value of the " + which + " of the numbers?"}
	// The steps: the distribution of the maximum M, P(M <= k) = (k/n)^d,
	// and the sum of k P(M = k); the minimum by symmetry.
	dn := itoa(dice)
	maxE := s
	if !wantMax {
		maxE = q(n + 1).Sub(s)
	}
	p.Steps = []string{"For the maximum " + m("M") + ", " + m(`P(M \le k) = \left(\frac{k}{`+itoa(n)+`}\right)^{`+dn+`}`) + ", so " +
		m(`P(M = k) = \frac{k^{`+dn+`} - (k - 1)^{`+dn+`}}{`+cas.FromBigInt(bigPow(n, dice)).TeX()+`}`) + " and " +
		m(`E[M] = \sum_{k=1}^{`+itoa(n)+`} k \cdot \frac{k^{`+dn+`} - (k - 1)^{`+dn+`}}{`+cas.FromBigInt(bigPow(n, dice)).TeX()+`} = `+maxE.TeX()) + "."}
	if !wantMax {
		p.Steps = append(p.Steps, "The minimum of the numbers is "+m(itoa(n+1))+" minus the maximum of "+m(itoa(n+1))+" minus each, which are again uniform on "+m("1")+" to "+m(itoa(n))+": "+
			m(chain(itoa(n+1)+" - "+maxE.TeX(), s.TeX()))+".")
	}
	p.setNum(s)
	p.sym("n", itoa(n))
	p.sym("dice", itoa(dice))
	p.sym("what", map[bool]string{true: "max", false: "min"}[wantMax])
	p.Check = func() error {
		t, cnt := int64(0), int64(0)
		var rec func(k int64, best int64)
		rec = func(k int64, best int64) {
			if k == dice {
				t += best
				cnt++
				return
			}
			for f := int64(1); f <= n; f++ {
				b := best
				if k == 0 || (wantMax && f > b) || (!wantMax && f < b) {
					b = f
				}
				rec(k+1, b)
			}
		}
		rec(0, 0)
		if !qf(t, cnt).Equal(s) {
			return errf("enumeration gives %d/%d", t, cnt)
		}
		return nil
	}
	return p, nil
}

func genPoisson(g *G) (*Problem, error) {
	lam := g.Int(1, g.ByLevel(3, 6, 10, 15, 20))
	k := g.Int(0, g.ByLevel(2, 4, 6, 9, 12))
	cum := g.Bool()
	c := cas.FromBigInt(bigPow(lam, k)).Div(cas.Factorial(k))
	if cum {
		c = q(0)
		for i := int64(0); i <= k; i++ {
			c = c.Add(cas.FromBigInt(bigPow(lam, i)).Div(cas.Factorial(i)))
		}
	}
	ans := cas.Product(cas.N(c), cas.Call("exp", e(-lam)))
	what := "P(X = " + itoa(k) + ")"
	if cum {
		what = `P(X \le ` + itoa(k) + ")"
	}
	p := &Problem{Problem: "A random variable " + m("X") + " has a Poisson distribution with mean " + m(itoa(lam)) + ". Find " + m(what) + " exactly."}
	term := func(i int64) string {
		num := itoa(lam) + sup(i)
		if lam == 1 || i == 0 {
			num = "1"
		}
		return `\frac{` + num + `}{` + itoa(i) + `!}`
	}
	if cum {
		var ts []string
		for i := int64(0); i <= k; i++ {
			ts = append(ts, term(i))
		}
		p.Steps = []string{m(`P(X = i) = \frac{\lambda^{i} e^{-\lambda}}{i!}`) + " with " + m(`\lambda = `+itoa(lam)) + ", summed over " + m(`i = 0, \ldots, `+itoa(k)) + ": " +
			m(`e^{-`+itoa(lam)+`}\left(`+strings.Join(ts, " + ")+`\right) = `+tex(ans)) + "."}
	} else {
		p.Steps = []string{m(`P(X = i) = \frac{\lambda^{i} e^{-\lambda}}{i!}`) + " with " + m(`\lambda = `+itoa(lam)) + " and " + m(`i = `+itoa(k)) + ": " +
			m(term(k)+` e^{-`+itoa(lam)+`} = `+tex(ans)) + "."}
	}
	p.setExpr(ans)
	p.sym("lam", itoa(lam))
	p.sym("k", itoa(k))
	p.sym("cum", map[bool]string{true: "yes", false: "no"}[cum])
	p.Check = func() error {
		// the recurrence P(k) = P(k-1) lambda / k from P(0) = e^{-lambda}
		v, s := math.Exp(-float64(lam)), math.Exp(-float64(lam))
		for i := int64(1); i <= k; i++ {
			v *= float64(lam) / float64(i)
			s += v
		}
		if cum {
			v = s
		}
		if !near(v, val(ans)) {
			return errf("the recurrence gives %v", v)
		}
		return nil
	}
	return p, nil
}
