// Package cas is the exact computer algebra behind the generated exercises
// of bench/amps: rational numbers with a fast small-number path, polynomials
// over Q (GCD, square-free and full factorization for the degrees the
// generators use), rational functions and partial fractions, an expression
// tree of elementary functions with simplification, derivatives and a
// documented class of integrals, exact linear algebra over Q (with
// rational and quadratic eigenvalues), number theory, exact probability and
// statistics (logarithms kept as combinations of logarithms of primes),
// exact geometry with radicals, and Gaussian rationals.
//
// It sits beside expr: its values convert to expr trees (ToExpr), so that the
// grader and the evaluator of latex/expr read exactly what cas computed, but
// its representations are built for constructing exercises and printing them
// the way a textbook does (3x^{2} - \frac{1}{2}x rather than expr's
// canonical keys). Every routine that can grow (factorization, elimination,
// powers) has a size limit and returns ErrLimit past it.
package cas

import (
	"errors"
	"math"
	"math/big"
	"math/bits"
	"strconv"
	"strings"
)

// ErrLimit reports a computation that went past the package's size limits.
var ErrLimit = errors.New("cas: size limit reached")

// MaxBits bounds the numerator and denominator of every rational a cas
// routine produces; beyond it an operation panics with ErrLimit (recovered by
// Guard). Generated exercises stay far below it; the bound keeps a bad
// parameter from turning into a long computation.
const MaxBits = 4096

// Q is an exact rational number. The zero value is 0. Values are immutable:
// operations return new values. Small values (numerator and denominator in
// int64) are kept unboxed; others in a big.Rat.
type Q struct {
	n, d int64    // n/d with d > 0 and gcd(|n|, d) = 1, when b == nil; d == 0 means 0 for the zero value
	b    *big.Rat // when the value does not fit
}

// Int returns the integer v as a rational.
func Int(v int64) Q { return Q{n: v, d: 1} }

// Frac returns n/d reduced. d must not be 0.
func Frac(n, d int64) Q {
	if d == 0 {
		panic("cas: zero denominator")
	}
	return mkQ(n, d)
}

// FromBig returns r as a rational (r is copied).
func FromBig(r *big.Rat) Q {
	return normBig(new(big.Rat).Set(r))
}

// FromBigInt returns the integer v as a rational.
func FromBigInt(v *big.Int) Q {
	if v.IsInt64() {
		return Int(v.Int64())
	}
	return normBig(new(big.Rat).SetInt(v))
}

func mkQ(n, d int64) Q {
	if d < 0 {
		if n == math.MinInt64 || d == math.MinInt64 {
			return normBig(new(big.Rat).SetFrac(big.NewInt(n), big.NewInt(d)))
		}
		n, d = -n, -d
	}
	if n == 0 {
		return Q{n: 0, d: 1}
	}
	g := gcd64(abs64u(n), uint64(d))
	if g > 1 {
		n /= int64(g)
		d /= int64(g)
	}
	return Q{n: n, d: d}
}

// normBig stores r unboxed when it fits, and enforces MaxBits.
func normBig(r *big.Rat) Q {
	if r.Num().IsInt64() && r.Denom().IsInt64() {
		n, d := r.Num().Int64(), r.Denom().Int64()
		if n != math.MinInt64 && d != math.MinInt64 {
			return Q{n: n, d: d}
		}
	}
	if r.Num().BitLen() > MaxBits || r.Denom().BitLen() > MaxBits {
		panic(ErrLimit)
	}
	return Q{b: r}
}

func abs64u(x int64) uint64 {
	if x < 0 {
		return uint64(-x)
	}
	return uint64(x)
}

func gcd64(a, b uint64) uint64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// Big returns q as a new big.Rat.
func (q Q) Big() *big.Rat {
	if q.b != nil {
		return new(big.Rat).Set(q.b)
	}
	if q.d == 0 {
		return new(big.Rat)
	}
	return big.NewRat(q.n, q.d)
}

func (q Q) small() (n, d int64, ok bool) {
	if q.b != nil {
		return 0, 0, false
	}
	if q.d == 0 {
		return 0, 1, true
	}
	return q.n, q.d, true
}

// mul64 multiplies without overflow or reports false.
func mul64(a, b int64) (int64, bool) {
	if a == 0 || b == 0 {
		return 0, true
	}
	hi, lo := bits.Mul64(abs64u(a), abs64u(b))
	if hi != 0 || lo > math.MaxInt64 {
		return 0, false
	}
	if (a < 0) != (b < 0) {
		return -int64(lo), true
	}
	return int64(lo), true
}

func add64(a, b int64) (int64, bool) {
	c := a + b
	if (c > a) != (b > 0) {
		return 0, false
	}
	return c, true
}

// Add returns q + r.
func (q Q) Add(r Q) Q {
	if qn, qd, ok := q.small(); ok {
		if rn, rd, ok := r.small(); ok {
			if qd == rd {
				if s, ok := add64(qn, rn); ok {
					return mkQ(s, qd)
				}
			} else {
				g := int64(gcd64(uint64(qd), uint64(rd)))
				a, ok1 := mul64(qn, rd/g)
				b, ok2 := mul64(rn, qd/g)
				d, ok3 := mul64(qd, rd/g)
				if ok1 && ok2 && ok3 {
					if s, ok := add64(a, b); ok {
						return mkQ(s, d)
					}
				}
			}
		}
	}
	return normBig(new(big.Rat).Add(q.Big(), r.Big()))
}

// Neg returns -q.
func (q Q) Neg() Q {
	if n, d, ok := q.small(); ok && n != math.MinInt64 {
		return Q{n: -n, d: d}
	}
	return normBig(new(big.Rat).Neg(q.Big()))
}

// Sub returns q - r.
func (q Q) Sub(r Q) Q { return q.Add(r.Neg()) }

// Mul returns q * r.
func (q Q) Mul(r Q) Q {
	if qn, qd, ok := q.small(); ok {
		if rn, rd, ok := r.small(); ok {
			if qn == 0 || rn == 0 {
				return Q{n: 0, d: 1}
			}
			// cross-reduce first so that products stay small
			g1 := int64(gcd64(abs64u(qn), uint64(rd)))
			g2 := int64(gcd64(abs64u(rn), uint64(qd)))
			n, ok1 := mul64(qn/g1, rn/g2)
			d, ok2 := mul64(qd/g2, rd/g1)
			if ok1 && ok2 {
				return Q{n: n, d: d}
			}
		}
	}
	return normBig(new(big.Rat).Mul(q.Big(), r.Big()))
}

// Inv returns 1/q; q must not be 0.
func (q Q) Inv() Q {
	if q.IsZero() {
		panic("cas: division by zero")
	}
	if n, d, ok := q.small(); ok {
		if n < 0 {
			if n != math.MinInt64 {
				return Q{n: -d, d: -n}
			}
		} else {
			return Q{n: d, d: n}
		}
	}
	return normBig(new(big.Rat).Inv(q.Big()))
}

// Div returns q / r; r must not be 0.
func (q Q) Div(r Q) Q { return q.Mul(r.Inv()) }

// MulInt returns q * k.
func (q Q) MulInt(k int64) Q { return q.Mul(Int(k)) }

// Sign returns -1, 0 or 1.
func (q Q) Sign() int {
	if q.b != nil {
		return q.b.Sign()
	}
	switch {
	case q.n < 0:
		return -1
	case q.n > 0:
		return 1
	}
	return 0
}

// IsZero reports q == 0.
func (q Q) IsZero() bool { return q.Sign() == 0 }

// IsOne reports q == 1.
func (q Q) IsOne() bool { return q.b == nil && q.n == 1 && q.d == 1 }

// IsInt reports whether q is an integer.
func (q Q) IsInt() bool {
	if q.b != nil {
		return q.b.IsInt()
	}
	return q.d <= 1
}

// Cmp compares q and r: -1, 0 or 1.
func (q Q) Cmp(r Q) int { return q.Sub(r).Sign() }

// Equal reports q == r.
func (q Q) Equal(r Q) bool {
	qn, qd, ok1 := q.small()
	rn, rd, ok2 := r.small()
	if ok1 && ok2 {
		return qn == rn && qd == rd
	}
	return q.Big().Cmp(r.Big()) == 0
}

// Abs returns |q|.
func (q Q) Abs() Q {
	if q.Sign() < 0 {
		return q.Neg()
	}
	return q
}

// Int64 returns q as an int64 when it is an integer that fits.
func (q Q) Int64() (int64, bool) {
	if n, d, ok := q.small(); ok && d == 1 {
		return n, true
	}
	if q.b != nil && q.b.IsInt() && q.b.Num().IsInt64() {
		return q.b.Num().Int64(), true
	}
	return 0, false
}

// Num returns the numerator (sign included).
func (q Q) Num() *big.Int {
	if n, _, ok := q.small(); ok {
		return big.NewInt(n)
	}
	return new(big.Int).Set(q.b.Num())
}

// Den returns the denominator (positive).
func (q Q) Den() *big.Int {
	if _, d, ok := q.small(); ok {
		return big.NewInt(d)
	}
	return new(big.Int).Set(q.b.Denom())
}

// NumDen64 returns the numerator and denominator when both fit in int64.
func (q Q) NumDen64() (n, d int64, ok bool) { return q.small() }

// Float returns the nearest float64.
func (q Q) Float() float64 {
	if n, d, ok := q.small(); ok {
		if abs64u(n) < 1<<53 && d < 1<<53 {
			return float64(n) / float64(d)
		}
	}
	f, _ := q.Big().Float64()
	return f
}

// Floor returns the greatest integer <= q.
func (q Q) Floor() Q {
	if n, d, ok := q.small(); ok {
		f := n / d
		if n%d != 0 && n < 0 {
			f--
		}
		return Int(f)
	}
	z := new(big.Int)
	z.Div(q.b.Num(), q.b.Denom()) // Euclidean division: floor for positive denominators
	return FromBigInt(z)
}

// PowInt returns q^k for any integer k (q != 0 when k < 0).
func (q Q) PowInt(k int) Q {
	if k < 0 {
		return q.Inv().PowInt(-k)
	}
	return powSquaring(Int(1), q, k)
}

// powSquaring returns one*b^k, k >= 0, by repeated squaring: the one
// exponentiation of Q and CQ.
func powSquaring[T interface{ Mul(T) T }](one, b T, k int) T {
	r := one
	for k > 0 {
		if k&1 == 1 {
			r = r.Mul(b)
		}
		k >>= 1
		if k > 0 {
			b = b.Mul(b)
		}
	}
	return r
}

// String prints q as plain text: 3, -3/4.
func (q Q) String() string {
	if n, d, ok := q.small(); ok {
		if d == 1 {
			return strconv.FormatInt(n, 10)
		}
		return strconv.FormatInt(n, 10) + "/" + strconv.FormatInt(d, 10)
	}
	if q.b.IsInt() {
		return q.b.Num().String()
	}
	return q.b.String()
}

// TeX prints q in LaTeX: 3, -\frac{3}{4}.
func (q Q) TeX() string {
	if q.IsInt() {
		return q.String()
	}
	if n, d, ok := q.small(); ok && n != math.MinInt64 {
		sign := ""
		if n < 0 {
			sign, n = "-", -n
		}
		return sign + `\frac{` + strconv.FormatInt(n, 10) + "}{" + strconv.FormatInt(d, 10) + "}"
	}
	var sb strings.Builder
	if q.Sign() < 0 {
		sb.WriteByte('-')
	}
	sb.WriteString(`\frac{`)
	sb.WriteString(new(big.Int).Abs(q.Num()).String())
	sb.WriteString("}{")
	sb.WriteString(q.Den().String())
	sb.WriteString("}")
	return sb.String()
}

// Decimal prints q as a terminating decimal when it is one (3.25), with ok
// false otherwise.
func (q Q) Decimal() (string, bool) {
	den := q.Den()
	two, five := 0, 0
	d := new(big.Int).Set(den)
	m := new(big.Int)
	for {
		if _, r := new(big.Int).QuoRem(d, big.NewInt(2), m); r.Sign() != 0 {
			break
		}
		d.Rsh(d, 1)
		two++
	}
	for {
		qq, r := new(big.Int).QuoRem(d, big.NewInt(5), m)
		if r.Sign() != 0 {
			break
		}
		d = qq
		five++
	}
	if d.Cmp(big.NewInt(1)) != 0 {
		return "", false
	}
	return q.Big().FloatString(max(two, five)), true
}

// MaxQ and MinQ return the larger and smaller of two rationals.
func MaxQ(a, b Q) Q {
	if a.Cmp(b) >= 0 {
		return a
	}
	return b
}

// MinQ returns the smaller of a and b.
func MinQ(a, b Q) Q {
	if a.Cmp(b) <= 0 {
		return a
	}
	return b
}

// Guard runs f and turns a size-limit panic (ErrLimit) into an error, so
// that a generator can drop a problem whose numbers grew too large. Other
// panics are programming errors and propagate.
func Guard(f func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			if e, ok := r.(error); ok && errors.Is(e, ErrLimit) {
				err = ErrLimit
				return
			}
			panic(r)
		}
	}()
	return f()
}

// NumInt64 returns the numerator when it fits in an int64.
func (q Q) NumInt64() (int64, bool) {
	if n, _, ok := q.small(); ok {
		return n, true
	}
	return q.b.Num().Int64(), q.b.Num().IsInt64()
}

// DenInt64 returns the denominator when it fits in an int64.
func (q Q) DenInt64() (int64, bool) {
	if _, d, ok := q.small(); ok {
		return d, true
	}
	return q.b.Denom().Int64(), q.b.Denom().IsInt64()
}
