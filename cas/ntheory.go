package cas

import (
	"errors"
	"math/bits"
	"sort"
)

// PrimePower is p^k in an integer factorization.
type PrimePower struct {
	P uint64
	K int
}

// mulmod returns a*b mod m without overflow.
func mulmod(a, b, m uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	_, r := bits.Div64(hi%m, lo, m)
	return r
}

func powmod(a, e, m uint64) uint64 {
	r := uint64(1) % m
	a %= m
	for e > 0 {
		if e&1 == 1 {
			r = mulmod(r, a, m)
		}
		a = mulmod(a, a, m)
		e >>= 1
	}
	return r
}

// PowMod returns a^e mod m (m >= 1).
func PowMod(a, e, m uint64) uint64 { return powmod(a, e, m) }

// IsPrime is a deterministic Miller-Rabin test for 64-bit integers (the
// first twelve primes as bases are enough below 3.3e24).
func IsPrime(n uint64) bool {
	if n < 2 {
		return false
	}
	small := []uint64{2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37}
	for _, p := range small {
		if n%p == 0 {
			return n == p
		}
	}
	d, s := n-1, 0
	for d%2 == 0 {
		d /= 2
		s++
	}
	for _, a := range small {
		x := powmod(a, d, n)
		if x == 1 || x == n-1 {
			continue
		}
		comp := true
		for r := 1; r < s; r++ {
			x = mulmod(x, x, n)
			if x == n-1 {
				comp = false
				break
			}
		}
		if comp {
			return false
		}
	}
	return true
}

// pollard finds a nontrivial factor of the odd composite n (Brent's variant
// of Pollard's rho), trying successive constants.
func pollard(n uint64) uint64 {
	for c := uint64(1); ; c++ {
		f := func(x uint64) uint64 { return (mulmod(x, x, n) + c) % n }
		x, y, d := uint64(2), uint64(2), uint64(1)
		for d == 1 {
			x = f(x)
			y = f(f(y))
			diff := x - y
			if x < y {
				diff = y - x
			}
			d = gcd64(diff, n)
		}
		if d != n {
			return d
		}
	}
}

// FactorInt returns the prime factorization of n >= 1, primes ascending
// (trial division by small primes, then Miller-Rabin and Pollard's rho).
func FactorInt(n uint64) []PrimePower {
	m := map[uint64]int{}
	for _, p := range []uint64{2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47} {
		for n%p == 0 {
			m[p]++
			n /= p
		}
	}
	var rec func(n uint64)
	rec = func(n uint64) {
		if n == 1 {
			return
		}
		if IsPrime(n) {
			m[n]++
			return
		}
		d := pollard(n)
		rec(d)
		rec(n / d)
	}
	rec(n)
	out := make([]PrimePower, 0, len(m))
	for p, k := range m {
		out = append(out, PrimePower{p, k})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].P < out[j].P })
	return out
}

// Divisors returns the positive divisors of n >= 1, ascending.
func Divisors(n uint64) []uint64 {
	ds := []uint64{1}
	for _, pp := range FactorInt(n) {
		cur := len(ds)
		pk := uint64(1)
		for k := 1; k <= pp.K; k++ {
			pk *= pp.P
			for i := 0; i < cur; i++ {
				ds = append(ds, ds[i]*pk)
			}
		}
	}
	sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
	return ds
}

// Totient returns Euler's phi(n) from the factorization of n >= 1.
func Totient(n uint64) uint64 {
	r := n
	for _, pp := range FactorInt(n) {
		r = r / pp.P * (pp.P - 1)
	}
	return r
}

// GCDInt returns gcd(|a|, |b|).
func GCDInt(a, b int64) int64 { return int64(gcd64(abs64u(a), abs64u(b))) }

// LCMInt returns lcm(|a|, |b|) (0 when either is 0); ok is false on overflow.
func LCMInt(a, b int64) (int64, bool) {
	if a == 0 || b == 0 {
		return 0, true
	}
	g := GCDInt(a, b)
	return mul64(abs(a)/g, abs(b))
}

func abs(a int64) int64 {
	if a < 0 {
		return -a
	}
	return a
}

// EuclidStep is one division a = q b + r of the extended Euclidean algorithm.
type EuclidStep struct{ A, B, Q, R int64 }

// ExtEuclid returns g = gcd(a, b) >= 0 and x, y with a x + b y = g, and the
// division steps taken.
func ExtEuclid(a, b int64) (g, x, y int64, steps []EuclidStep) {
	r0, r1 := a, b
	s0, s1 := int64(1), int64(0)
	t0, t1 := int64(0), int64(1)
	for r1 != 0 {
		q := floorDiv(r0, r1)
		r := r0 - q*r1
		steps = append(steps, EuclidStep{r0, r1, q, r})
		r0, r1 = r1, r
		s0, s1 = s1, s0-q*s1
		t0, t1 = t1, t0-q*t1
	}
	if r0 < 0 {
		r0, s0, t0 = -r0, -s0, -t0
	}
	return r0, s0, t0, steps
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

// Mod returns a mod m in [0, m) for m > 0.
func Mod(a, m int64) int64 {
	r := a % m
	if r < 0 {
		r += m
	}
	return r
}

// ErrNoInverse reports a modular inverse that does not exist.
var ErrNoInverse = errors.New("cas: no modular inverse (gcd is not 1)")

// ModInverse returns x in [0, m) with a x = 1 mod m.
func ModInverse(a, m int64) (int64, error) {
	if m <= 1 {
		return 0, ErrNoInverse
	}
	g, x, _, _ := ExtEuclid(Mod(a, m), m)
	if g != 1 {
		return 0, ErrNoInverse
	}
	return Mod(x, m), nil
}

// ErrNoSolution reports a system of congruences or equation without solution.
var ErrNoSolution = errors.New("cas: no solution")

// CRT solves x = r[i] mod m[i] for pairwise arbitrary moduli: it returns x
// in [0, M) and M = lcm of the moduli, or ErrNoSolution. Products must fit
// in int64 (ErrLimit otherwise).
func CRT(r, m []int64) (x, mod int64, err error) {
	x, mod = 0, 1
	for i := range r {
		if m[i] <= 0 {
			return 0, 0, ErrNoSolution
		}
		g, p, _, _ := ExtEuclid(mod, m[i])
		diff := Mod(r[i]-x, m[i])
		if diff%g != 0 {
			return 0, 0, ErrNoSolution
		}
		l, ok := mul64(mod/g, m[i])
		if !ok {
			return 0, 0, ErrLimit
		}
		// x + mod * (diff/g * p mod m/g)
		mg := m[i] / g
		k := int64(mulmod(uint64(Mod(diff/g, mg)), uint64(Mod(p, mg)), uint64(mg)))
		step, ok := mul64(mod, k)
		if !ok {
			return 0, 0, ErrLimit
		}
		x = Mod(x+step, l)
		mod = l
	}
	return x, mod, nil
}

// Diophantine solves a x + b y = c over the integers: a particular solution
// (x0, y0) and the steps (dx, dy) = (b/g, -a/g) of the general solution
// (x0 + dx t, y0 + dy t). a and b must not both be 0.
func Diophantine(a, b, c int64) (x0, y0, dx, dy int64, err error) {
	g, x, y, _ := ExtEuclid(a, b)
	if g == 0 || c%g != 0 {
		return 0, 0, 0, 0, ErrNoSolution
	}
	k := c / g
	xx, ok1 := mul64(x, k)
	yy, ok2 := mul64(y, k)
	if !ok1 || !ok2 {
		return 0, 0, 0, 0, ErrLimit
	}
	return xx, yy, b / g, -a / g, nil
}
