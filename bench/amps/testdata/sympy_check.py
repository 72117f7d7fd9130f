#!/usr/bin/env python3
"""Differential test of the AMPS generators against sympy.

Reads JSON Lines {"module", "id", "data"} written by the Go test
(TestSympyDifferential): "data" holds a problem's inputs and its answer in
sympy syntax. For every record this script recomputes the answer from the
inputs with sympy (sympy.stats, sympy.geometry and sympy.ntheory where they
apply) and compares it with the generator's answer. It prints one line per
disagreement and a summary, and exits 1 when any record disagrees or a module
has no handler here.

Usage: sympy_check.py FILE.jsonl
"""

import json
import math
import random
import signal
import sys
import time
from fractions import Fraction
import statistics as pystats

import sympy as sp
from sympy import (Abs, E, I, Interval, Matrix, Rational, Union, acos, asin, atan, cos, cosh, exp, log, oo, pi, sec,
                   sin, sinh, sqrt, tan, tanh)
from sympy.ntheory import factorint
from sympy.ntheory.modular import crt
from sympy import stats as st
from sympy import geometry as geo

x, y, z, u, t = sp.symbols("x y z u t")
xp = sp.Symbol("x", positive=True)
NS = {"x": x, "y": y, "z": z, "u": u, "t": t, "I": I, "pi": pi, "E": E, "oo": oo, "Rational": Rational,
      "Matrix": Matrix, "Interval": Interval, "Union": Union, "sqrt": sqrt, "exp": exp, "log": log, "sin": sin,
      "cos": cos, "tan": tan, "sec": sec, "atan": atan, "asin": asin, "acos": acos, "sinh": sinh, "cosh": cosh,
      "tanh": tanh, "Abs": Abs}


def S(s):
    """Parses a generator datum."""
    return sp.sympify(s, locals=NS)


def num_equal(a, b, pts=None):
    """a and b agree at random points to 30 digits (for values sympy does not simplify to one form)."""
    a, b = sp.sympify(a), sp.sympify(b)
    syms = sorted((a.free_symbols | b.free_symbols), key=str)
    rnd = random.Random(7)
    for _ in range(4 if syms else 1):
        sub = {s: Rational(rnd.randint(1100, 1900), 1000) for s in syms}
        va = sp.N(a.subs(sub), 40)
        vb = sp.N(b.subs(sub), 40)
        if abs(va - vb) > sp.Float("1e-25", 40) * max(1, abs(va)):
            return False
    return True


def same(a, b):
    """Exact equality where sympy can show it, else agreement to 30 digits."""
    a, b = sp.sympify(a), sp.sympify(b)
    try:
        d = a - b
        if d == 0 or sp.expand(d) == 0 or sp.simplify(d) == 0:
            return True
    except Exception:
        pass
    return num_equal(a, b)


def same_list(xs, ys, ordered=False):
    xs, ys = list(xs), list(ys)
    if len(xs) != len(ys):
        return False
    if ordered:
        return all(same(a, b) for a, b in zip(xs, ys))
    left = list(ys)
    for a in xs:
        for i, b in enumerate(left):
            if same(a, b):
                del left[i]
                break
        else:
            return False
    return True


def same_points(xs, ys):
    xs, ys = list(xs), list(ys)
    if len(xs) != len(ys):
        return False
    left = list(ys)
    for p in xs:
        for i, q in enumerate(left):
            if len(p) == len(q) and all(same(a, b) for a, b in zip(p, q)):
                del left[i]
                break
        else:
            return False
    return True


def same_matrix(a, b):
    a, b = Matrix(a), Matrix(b)
    return a.shape == b.shape and all(same(p, q) for p, q in zip(a, b))


def P(d, k="p", var=x):
    return sp.Poly(S(d[k]), var)


H = {}


def handler(*names):
    def deco(f):
        for n in names:
            H[n] = f
        return f
    return deco


# ---- algebra ----

@handler("poly_gcd")
def _(d):
    g = sp.gcd(S(d["p"]), S(d["q"]))
    return same(sp.Poly(g, x).monic().as_expr(), S(d["answer"]))


@handler("poly_factor")
def _(d):
    p, a = S(d["p"]), S(d["answer"])
    if sp.expand(a - p) != 0:
        return False
    for f in sp.Mul.make_args(a):
        base = f.base if f.is_Pow else f
        if base.has(x) and not sp.Poly(base, x).is_irreducible:
            return False
    # the same irreducible factors with the same multiplicities as sympy's
    mine = sorted(str((sp.Poly(f.base if f.is_Pow else f, x).monic().as_expr(), f.exp if f.is_Pow else 1))
                  for f in sp.Mul.make_args(a) if f.has(x))
    theirs = sorted(str((sp.Poly(f, x).monic().as_expr(), k)) for f, k in sp.factor_list(p)[1])
    return mine == theirs


@handler("poly_rational_roots")
def _(d):
    rs = sorted(r for r in sp.roots(P(d)).keys() if r.is_rational)
    return same_list(rs, S(d["answer"]), ordered=True)


@handler("poly_division")
def _(d):
    q, _r = sp.div(S(d["p"]), S(d["d"]), x)
    return same(q, S(d["answer"]))


@handler("poly_remainder_theorem")
def _(d):
    return same(sp.rem(S(d["p"]), x - S(d["a"]), x), S(d["answer"]))


@handler("poly_expand")
def _(d):
    return same(sp.expand(S(d["product"])), S(d["answer"]))


@handler("complete_square")
def _(d):
    p = P(d)
    a, b, c = p.all_coeffs()
    h = -b / (2 * a)
    want = a * (x - h) ** 2 + (c - b ** 2 / (4 * a))
    return same(want, S(d["answer"]))


@handler("rational_simplify")
def _(d):
    a = S(d["answer"])
    n, m = sp.fraction(sp.together(a))
    return same(sp.cancel(S(d["num"]) / S(d["den"])), a) and sp.gcd(n, m).is_number


@handler("partial_fractions")
def _(d):
    return same(sp.apart(S(d["f"]), x), S(d["answer"]))


@handler("function_composition")
def _(d):
    return same(sp.expand(S(d["f"]).subs(x, S(d["g"]))), S(d["answer"]))


@handler("inverse_linear_fractional")
def _(d):
    sol = sp.solve(sp.Eq(y, S(d["f"])), x)
    return len(sol) == 1 and same(sol[0].subs(y, x), S(d["answer"]))


@handler("inverse_power", "inverse_exp_log")
def _(d):
    f, g = S(d["f"]), S(d["answer"])
    for x0 in (Rational(201, 2), Rational(229, 4), Rational(1001, 8)):
        if not same(sp.N(f.subs(x, g.subs(x, x0)), 50), x0):
            return False
    return True


@handler("de_moivre")
def _(d):
    r, th, n = S(d["r"]), S(d["theta"]), S(d["n"])
    w = (r * (cos(th) + I * sin(th))) ** n
    return same(sp.expand_complex(sp.expand(w)), S(d["answer"]))


@handler("de_moivre_polar")
def _(d):
    r, th, n = S(d["r"]), S(d["theta"]), S(d["n"])
    return num_equal((r * sp.exp(I * th)) ** n, S(d["answer"]))


@handler("complex_power")
def _(d):
    return same(sp.expand(S(d["z"]) ** S(d["n"])), S(d["answer"]))


@handler("complex_division")
def _(d):
    return same(sp.expand_complex(S(d["z"]) / S(d["w"])), S(d["answer"]))


@handler("complex_modulus")
def _(d):
    z_, w_ = S(d["z"]), S(d["w"])
    v = z_ * w_ if d["op"] == "mul" else z_ / w_
    return same(Abs(sp.expand_complex(v)), S(d["answer"]))


@handler("quadratic_complex_roots", "quadratic_factoring", "quadratic_formula")
def _(d):
    return same_list(sp.solve(S(d["p"]), x), S(d["answer"]))


def conic_coeffs(d):
    c = sp.Poly(S(d["conic"]), x, y)
    A, C = c.coeff_monomial(x ** 2), c.coeff_monomial(y ** 2)
    D, E_, F = c.coeff_monomial(x), c.coeff_monomial(y), c.coeff_monomial(1)
    return A, C, D, E_, F


@handler("conic_classify")
def _(d):
    A, C, _, _, _ = conic_coeffs(d)
    # the discriminant B^2 - 4AC (B = 0)
    disc = -4 * A * C
    kind = "parabola" if disc == 0 else ("hyperbola" if disc > 0 else ("circle" if A == C else "ellipse"))
    return kind == S(d["answer"])


def centre(d):
    A, C, D, E_, F = conic_coeffs(d)
    sol = sp.solve([sp.diff(S(d["conic"]), x), sp.diff(S(d["conic"]), y)], [x, y], dict=True)[0]
    h, k = sol[x], sol[y]
    rhs = -S(d["conic"]).subs({x: h, y: k})  # A(x-h)^2 + C(y-k)^2 = rhs
    return A, C, h, k, rhs


@handler("conic_circle_radius")
def _(d):
    A, C, h, k, rhs = centre(d)
    return same(sqrt(rhs / A), S(d["answer"]))


@handler("conic_circle_center")
def _(d):
    A, C, h, k, rhs = centre(d)
    return same_list([h, k], S(d["answer"]), ordered=True)


@handler("conic_ellipse_foci")
def _(d):
    A, C, h, k, rhs = centre(d)
    a2, b2 = rhs / A, rhs / C
    c = sqrt(abs(a2 - b2))
    foci = [(h - c, k), (h + c, k)] if a2 > b2 else [(h, k - c), (h, k + c)]
    return same_points(foci, S(d["answer"]))


@handler("conic_ellipse_eccentricity")
def _(d):
    A, C, h, k, rhs = centre(d)
    a2, b2 = rhs / A, rhs / C
    return same(sqrt(1 - sp.Min(a2, b2) / sp.Max(a2, b2)), S(d["answer"]))


@handler("conic_hyperbola_asymptotes")
def _(d):
    A, C, h, k, rhs = centre(d)
    m = sp.symbols("m")
    slopes = sp.solve(A + C * m ** 2, m)
    lines = [k + s * (x - h) for s in slopes]
    return same_list(lines, S(d["answer"]))


@handler("conic_parabola_vertex")
def _(d):
    p = S(d["p"])
    h = sp.solve(sp.diff(p, x), x)[0]
    return same_list([h, p.subs(x, h)], S(d["answer"]), ordered=True)


@handler("conic_parabola_focus")
def _(d):
    p = S(d["p"])
    a = sp.Poly(p, x).LC()
    h = sp.solve(sp.diff(p, x), x)[0]
    return same_list([h, p.subs(x, h) + 1 / (4 * a)], S(d["answer"]), ordered=True)


@handler("log_equation")
def _(d):
    sol = sp.solve(sp.Eq(S(d["lhs"]), S(d["base"]) ** S(d["n"])), x)
    return len(sol) == 1 and same(sol[0], S(d["answer"]))


@handler("exponential_equation")
def _(d):
    # b1^u = b2^v with positive bases: equal logarithms, u ln b1 = v ln b2 (linear in x)
    b1, u_ = S(d["lhs"]).as_base_exp()
    b2, v_ = S(d["rhs"]).as_base_exp()
    sol = sp.solve(sp.Eq(u_ * log(b1), v_ * log(b2)), x)
    return len(sol) == 1 and same(sol[0], S(d["answer"]))


@handler("binomial_term")
def _(d):
    return same(sp.Poly(sp.expand(S(d["f"]) ** S(d["n"])), x).coeff_monomial(x ** int(d["k"])), S(d["answer"]))


@handler("radical_simplify")
def _(d):
    a = S(d["answer"])
    if not same(S(d["n"]) ** Rational(1, int(d["root"])), a):
        return False
    # simplified: the radicand has no factor that is a perfect root-th power
    for f in sp.Mul.make_args(a):
        if f.is_Pow and f.base.is_Integer:
            if any(k >= int(d["root"]) for k in factorint(f.base).values()):
                return False
    return True


@handler("rationalize_denominator")
def _(d):
    a = S(d["answer"])
    _n, den = sp.fraction(sp.together(a))
    return same(sp.radsimp(S(d["expr"])), a) and den.is_Rational


@handler("abs_value_equation")
def _(d):
    xr = sp.Symbol("x", real=True)
    sol = sp.solve(sp.Abs(S(d["lin"]).subs(x, xr)) - S(d["c"]), xr)
    return same_list(sol, S(d["answer"]))


@handler("quadratic_inequality")
def _(d):
    p = S(d["p"])
    rel = p < 0 if d["op"] == "<" else p > 0
    return sp.solve_univariate_inequality(rel, x, relational=False) == S(d["answer"])


@handler("geometric_series")
def _(d):
    k = sp.symbols("k", integer=True)
    return same(sp.summation(S(d["a"]) * S(d["r"]) ** k, (k, 0, S(d["n"]) - 1)), S(d["answer"]))


@handler("vieta_power_sum")
def _(d):
    # numeric roots of each square-free factor (nroots does not converge on
    # repeated roots), counted with multiplicity
    v = 0
    for f, k in sp.sqf_list(S(d["p"]), x)[1]:
        for r in sp.Poly(f, x).nroots(n=40, maxsteps=200):
            v += k * (1 / r if d["what"] == "recip" else r ** 2)
    return abs(sp.N(v, 40) - sp.N(S(d["answer"]), 40)) < sp.Float("1e-25")


# ---- calculus ----

@handler("derivative_polynomial", "derivative_product", "derivative_quotient", "derivative_chain")
def _(d):
    return same(sp.diff(S(d["f"]), x), S(d["answer"]))


@handler("derivative_second")
def _(d):
    return same(sp.diff(S(d["f"]), x, 2), S(d["answer"]))


@handler("derivative_at_point")
def _(d):
    return same(sp.diff(S(d["f"]), x).subs(x, S(d["a"])), S(d["answer"]))


@handler("tangent_line")
def _(d):
    f, a = S(d["f"]), S(d["a"])
    return same(f.subs(x, a) + sp.diff(f, x).subs(x, a) * (x - a), S(d["answer"]))


@handler("partial_derivative")
def _(d):
    return same(sp.diff(S(d["f"]), S(d["v"])), S(d["answer"]))


@handler("mixed_partial")
def _(d):
    return same(sp.diff(S(d["f"]), x, y), S(d["answer"]))


@handler("gradient")
def _(d):
    f = S(d["f"])
    return same_list([sp.diff(f, v) for v in (x, y, z)], S(d["answer"]), ordered=True)


@handler("divergence")
def _(d):
    F = S(d["F"])
    return same(sum(sp.diff(F[i], v) for i, v in enumerate((x, y, z))), S(d["answer"]))


@handler("curl")
def _(d):
    P_, Q_, R_ = S(d["F"])
    c = [sp.diff(R_, y) - sp.diff(Q_, z), sp.diff(P_, z) - sp.diff(R_, x), sp.diff(Q_, x) - sp.diff(P_, y)]
    return same_list(c, S(d["answer"]), ordered=True)


@handler("laplacian")
def _(d):
    f = S(d["f"])
    return same(sum(sp.diff(f, v, 2) for v in (x, y, z)), S(d["answer"]))


@handler("jacobian")
def _(d):
    vs = [S(v) for v in d["vars"].split()]
    return same_matrix(Matrix(S(d["F"])).jacobian(vs), S(d["answer"]))


@handler("jacobian_determinant")
def _(d):
    return same(Matrix([S(d["u"]), S(d["v"])]).jacobian([x, y]).det(), S(d["answer"]))


@handler("hessian")
def _(d):
    vs = [S(v) for v in d["vars"].split()]
    return same_matrix(sp.hessian(S(d["f"]), vs), S(d["answer"]))


@handler("directional_derivative")
def _(d):
    f = S(d["f"])
    px, py = S(d["point"])
    ux, uy = S(d["u"])
    g = [sp.diff(f, v).subs({x: px, y: py}) for v in (x, y)]
    return same(g[0] * ux + g[1] * uy, S(d["answer"]))


@handler("integral_polynomial")
def _(d):
    return same(sp.integrate(S(d["f"]), x), S(d["answer"]))


@handler("integral_definite_polynomial", "integral_rational")
def _(d):
    v = sp.integrate(S(d["f"]), (x, S(d["a"]), S(d["b"])))
    return same(v, S(d["answer"]))


@handler("integral_parts_exp", "integral_parts_trig", "integral_exp_trig", "integral_substitution")
def _(d):
    F = sp.integrate(S(d["f"]), x)
    return same(F - F.subs(x, 0), S(d["answer"]))


@handler("arclength")
def _(d):
    yy = S(d["y"]).subs(x, xp)
    a, b = S(d["a"]), S(d["b"])
    integrand = sp.sqrt(sp.factor(sp.together(1 + sp.diff(yy, xp) ** 2)))
    v = sp.integrate(sp.simplify(integrand), (xp, a, b))
    if v.has(sp.Integral):
        v = sp.Integral(integrand, (xp, a, b)).evalf(40)
    return same(v, S(d["answer"]))


@handler("area_between_curves")
def _(d):
    h = sp.expand(S(d["f"]) - S(d["g"]))
    rs = sorted(sp.solve(h, x))
    v = sum(Abs(sp.integrate(h, (x, rs[i], rs[i + 1]))) for i in range(len(rs) - 1))
    return same(v, S(d["answer"]))


@handler("volume_revolution")
def _(d):
    return same(pi * sp.integrate(S(d["f"]) ** 2, (x, S(d["a"]), S(d["b"]))), S(d["answer"]))


@handler("limit_rational")
def _(d):
    return same(sp.limit(S(d["f"]), x, S(d["a"])), S(d["answer"]))


@handler("limit_infinity")
def _(d):
    return same(sp.limit(S(d["f"]), x, oo), S(d["answer"]))


@handler("critical_points")
def _(d):
    return same_list(sorted(sp.solve(sp.diff(S(d["f"]), x), x)), S(d["answer"]), ordered=True)


@handler("local_maximum")
def _(d):
    f = S(d["f"])
    cs = [c for c in sp.solve(sp.diff(f, x), x) if sp.diff(f, x, 2).subs(x, c) < 0]
    return len(cs) == 1 and same(f.subs(x, cs[0]), S(d["answer"]))


@handler("taylor_coefficient")
def _(d):
    k = int(d["k"])
    return same(sp.series(S(d["f"]), x, 0, k + 1).removeO().coeff(x, k), S(d["answer"]))


@handler("average_value")
def _(d):
    a, b = S(d["a"]), S(d["b"])
    return same(sp.integrate(S(d["f"]), (x, a, b)) / (b - a), S(d["answer"]))


# ---- statistics ----

def finite_rv(d):
    xs, ps = S(d["x"]), S(d["p"])
    return st.FiniteRV("X", dict(zip(xs, ps)))


@handler("expectation_discrete")
def _(d):
    return same(st.E(finite_rv(d)), S(d["answer"]))


@handler("variance_discrete")
def _(d):
    return same(st.variance(finite_rv(d)), S(d["answer"]))


@handler("expectation_function")
def _(d):
    X = finite_rv(d)
    return same(st.E(S(d["f"]).subs(x, X)), S(d["answer"]))


@handler("sample_mean")
def _(d):
    return Fraction(pystats.mean(Fraction(v) for v in S(d["x"]))) == Fraction(str(S(d["answer"])))


@handler("sample_variance")
def _(d):
    return Fraction(pystats.variance([Fraction(int(v)) for v in S(d["x"])])) == Fraction(str(S(d["answer"])))


@handler("standard_deviation")
def _(d):
    v = pystats.pvariance([Fraction(int(v)) for v in S(d["x"])])
    return same(sqrt(Rational(v.numerator, v.denominator)), S(d["answer"]))


@handler("geometric_mean")
def _(d):
    xs = S(d["x"])
    return same(sp.prod(xs) ** Rational(1, len(xs)), S(d["answer"]))


@handler("harmonic_mean")
def _(d):
    return Fraction(pystats.harmonic_mean([Fraction(int(v)) for v in S(d["x"])])) == Fraction(str(S(d["answer"])))


@handler("median")
def _(d):
    return Fraction(pystats.median([Fraction(int(v)) for v in S(d["x"])])) == Fraction(str(S(d["answer"])))


@handler("kl_divergence")
def _(d):
    ps, qs = S(d["p"]), S(d["q"])
    v = sum(p * log(p / q) for p, q in zip(ps, qs) if p != 0)
    return num_equal(v, S(d["answer"]))


@handler("entropy")
def _(d):
    v = -sum(p * log(p) for p in S(d["p"]) if p != 0)
    return num_equal(v, S(d["answer"]))


@handler("binomial_probability")
def _(d):
    X = st.Binomial("X", S(d["n"]), S(d["p"]))
    return same(st.density(X)(S(d["k"])), S(d["answer"]))


@handler("hypergeometric_probability")
def _(d):
    red, blue, draw = S(d["red"]), S(d["blue"]), S(d["draw"])
    X = st.Hypergeometric("X", red + blue, red, draw)
    return same(st.density(X)(S(d["k"])), S(d["answer"]))


@handler("covariance_table")
def _(d):
    xs, ys, ps = S(d["x"]), S(d["y"]), S(d["p"])
    ex = sum(ps[i * len(ys) + j] * xs[i] for i in range(len(xs)) for j in range(len(ys)))
    ey = sum(ps[i * len(ys) + j] * ys[j] for i in range(len(xs)) for j in range(len(ys)))
    c = sum(ps[i * len(ys) + j] * (xs[i] - ex) * (ys[j] - ey) for i in range(len(xs)) for j in range(len(ys)))
    return same(c, S(d["answer"]))


@handler("regression_slope")
def _(d):
    xs, ys = S(d["x"]), S(d["y"])
    A = Matrix([[1, v] for v in xs])
    beta = (A.T * A).solve(A.T * Matrix(ys))
    return same(beta[1], S(d["answer"]))


@handler("conditional_probability")
def _(d):
    a, b, c, e_ = S(d["counts"])
    n = a + b + c + e_
    return same((Rational(a, n)) / (Rational(a + c, n)), S(d["answer"]))


@handler("dice_max_expectation")
def _(d):
    n, k = int(d["n"]), int(d["dice"])
    f = max if d["what"] == "max" else min
    if k == 2 and n <= 12:
        ds = [st.Die("D%d" % i, n) for i in range(k)]
        v = st.E((sp.Max if d["what"] == "max" else sp.Min)(*ds))
    else:  # sympy.stats is slow on larger dice: enumerate the outcomes
        import itertools
        v = Rational(sum(f(o) for o in itertools.product(range(1, n + 1), repeat=k)), n ** k)
    return same(v, S(d["answer"]))


@handler("poisson_probability")
def _(d):
    X = st.Poisson("X", S(d["lam"]))
    k = int(d["k"])
    v = sum(st.density(X)(i) for i in range(k + 1)) if d["cum"] == "yes" else st.density(X)(k)
    return same(v, S(d["answer"]))


# ---- geometry ----

def sss(d):
    # the triangle placed with side c on the x-axis (sympy's Triangle(sss=...)
    # simplifies slowly)
    a, b, c = S(d["sides"])
    px = (b ** 2 + c ** 2 - a ** 2) / (2 * c)
    return geo.Triangle(geo.Point(0, 0), geo.Point(c, 0), geo.Point(px, sqrt(b ** 2 - px ** 2)))


@handler("triangle_area_heron")
def _(d):
    return same(abs(sss(d).area), S(d["answer"]))


@handler("triangle_inradius")
def _(d):
    return same(sss(d).inradius, S(d["answer"]))


@handler("triangle_circumradius")
def _(d):
    return same(sss(d).circumradius, S(d["answer"]))


@handler("triangle_area_coordinates")
def _(d):
    pts = [geo.Point(*p) for p in S(d["points"])]
    return same(abs(geo.Polygon(*pts).area), S(d["answer"]))


@handler("polygon_angle_sum")
def _(d):
    n = int(d["n"])
    return same(geo.RegularPolygon(geo.Point(0, 0), 1, n).interior_angle * n * 180 / pi, S(d["answer"]))


@handler("regular_polygon_angle")
def _(d):
    return same(geo.RegularPolygon(geo.Point(0, 0), 1, int(d["n"])).interior_angle * 180 / pi, S(d["answer"]))


@handler("polygon_sides_from_angle")
def _(d):
    import re
    text = d["text"]
    v = int(re.search(r"\$(\d+)\^", text).group(1))
    n = sp.symbols("n", positive=True)
    if "interior angle of" in text:
        eq = sp.Eq((n - 2) * 180 / n, v)
    elif "exterior" in text:
        eq = sp.Eq(360 / n, v)
    else:
        eq = sp.Eq((n - 2) * 180, v)
    return same_list(sp.solve(eq, n), [S(d["answer"])])


@handler("polygon_diagonals")
def _(d):
    n = int(d["n"])
    return same(sp.binomial(n, 2) - n, S(d["answer"]))


@handler("polyhedron_diameter")
def _(d):
    pts = [geo.Point3D(*p) for p in S(d["points"])]
    return same(max(p.distance(q) for p in pts for q in pts), S(d["answer"]))


@handler("distance_points")
def _(d):
    return same(geo.Point3D(*S(d["a"])).distance(geo.Point3D(*S(d["b"]))), S(d["answer"]))


@handler("law_of_cosines_angle")
def _(d):
    a, b, c = S(d["sides"])
    # C at the origin, B on the x-axis, A where the circles of radius b around C and c around B meet
    C_, B_ = geo.Point(0, 0), geo.Point(a, 0)
    A_ = geo.Circle(C_, b).intersection(geo.Circle(B_, c))[0]
    return same(A_.x / b, S(d["answer"]))


@handler("law_of_cosines_side")
def _(d):
    a, b, C = S(d["a"]), S(d["b"]), S(d["C"])
    A_, B_ = geo.Point(0, 0), geo.Point(a, 0)
    P_ = geo.Point(b * cos(C * pi / 180), b * sin(C * pi / 180))
    return same(B_.distance(P_), S(d["answer"]))


@handler("triangle_area_sas")
def _(d):
    a, b, C = S(d["a"]), S(d["b"]), S(d["C"])
    T = geo.Triangle(geo.Point(0, 0), geo.Point(a, 0), geo.Point(b * cos(C * pi / 180), b * sin(C * pi / 180)))
    return same(abs(T.area), S(d["answer"]))


@handler("solid_volume")
def _(d):
    r, h = S(d["r"]), S(d["h"])
    k = S(d["kind"])
    s_ = sp.symbols("s")
    area = {"cone": pi * (r * (1 - s_ / h)) ** 2, "cylinder": pi * r ** 2 + 0 * s_,
            "sphere": pi * (r ** 2 - (s_ - r) ** 2), "pyramid": (r * (1 - s_ / h)) ** 2}[str(k)]
    top = 2 * r if str(k) == "sphere" else h
    return same(sp.integrate(area, (s_, 0, top)), S(d["answer"]))


@handler("regular_polygon_area")
def _(d):
    n, s_ = int(d["n"]), S(d["s"])
    R = s_ / (2 * sin(pi / n))
    return same(geo.RegularPolygon(geo.Point(0, 0), R, n).area, S(d["answer"]))


@handler("centroid")
def _(d):
    c = geo.Triangle(*[geo.Point(*p) for p in S(d["points"])]).centroid
    return same_list([c.x, c.y], S(d["answer"]), ordered=True)


@handler("sector")
def _(d):
    r, th = S(d["r"]), S(d["deg"]) * pi / 180
    v = r * th if d["what"] == "arc length" else r ** 2 * th / 2
    return same(v, S(d["answer"]))


# ---- linear algebra ----

@handler("determinant")
def _(d):
    return same(S(d["A"]).det(), S(d["answer"]))


@handler("matrix_inverse")
def _(d):
    return same_matrix(S(d["A"]).inv(), S(d["answer"]))


@handler("rref")
def _(d):
    return same_matrix(S(d["A"]).rref()[0], S(d["answer"]))


@handler("matrix_rank")
def _(d):
    return S(d["A"]).rank() == S(d["answer"])


@handler("characteristic_polynomial")
def _(d):
    return same(S(d["A"]).charpoly(x).as_expr(), S(d["answer"]))


@handler("eigenvalues_rational")
def _(d):
    ev = []
    for v, k in S(d["A"]).eigenvals().items():
        ev += [v] * k
    return same_list(sorted(ev), S(d["answer"]), ordered=True)


@handler("eigenvalues_quadratic")
def _(d):
    return same_list(list(S(d["A"]).eigenvals().keys()), S(d["answer"]))


@handler("eigenvector")
def _(d):
    A, lam = S(d["A"]), S(d["lam"])
    ns = (A - lam * sp.eye(A.shape[0])).nullspace()
    if len(ns) != 1:
        return False
    v = ns[0] / ns[0][-1]
    return same_list(list(v), S(d["answer"]), ordered=True)


@handler("matrix_product")
def _(d):
    return same_matrix(S(d["A"]) * S(d["B"]), S(d["answer"]))


@handler("linear_system")
def _(d):
    sol = S(d["A"]).LUsolve(Matrix(S(d["b"])))
    return same_list(list(sol), S(d["answer"]), ordered=True)


@handler("nullity")
def _(d):
    return len(S(d["A"]).nullspace()) == S(d["answer"])


@handler("cross_product")
def _(d):
    return same_list(list(Matrix(S(d["u"])).cross(Matrix(S(d["v"])))), S(d["answer"]), ordered=True)


@handler("vector_projection")
def _(d):
    u_, v_ = Matrix(S(d["u"])), Matrix(S(d["v"]))
    return same_list(list(u_.project(v_)), S(d["answer"]), ordered=True)


@handler("vector_angle_cosine")
def _(d):
    u_, v_ = Matrix(S(d["u"])), Matrix(S(d["v"]))
    return same(u_.dot(v_) / (u_.norm() * v_.norm()), S(d["answer"]))


# ---- number theory ----

@handler("modular_inverse")
def _(d):
    return sp.mod_inverse(S(d["a"]), S(d["m"])) == S(d["answer"])


@handler("crt")
def _(d):
    return crt(S(d["m"]), S(d["r"]))[0] == S(d["answer"])


@handler("totient")
def _(d):
    return sp.totient(S(d["n"])) == S(d["answer"])


@handler("linear_diophantine")
def _(d):
    a, b, c = S(d["a"]), S(d["b"]), S(d["c"])
    X, Y = sp.symbols("X Y", integer=True)
    (sx, sy), = sp.diophantine(a * X + b * Y - c)
    tt = list(sx.free_symbols)[0]
    sl = sx.coeff(tt)
    x0 = sx.subs(tt, 0)
    # the smallest positive x: the least t (slope > 0) or the greatest t (slope < 0) with x > 0
    k = sp.ceiling((1 - x0) / sl) if sl > 0 else sp.floor((1 - x0) / sl)
    return same_list([sx.subs(tt, k), sy.subs(tt, k)], S(d["answer"]), ordered=True)


@handler("gcd_lcm")
def _(d):
    a, b = S(d["a"]), S(d["b"])
    return (sp.lcm(a, b) if d["what"] == "lcm" else sp.gcd(a, b)) == S(d["answer"])


@handler("num_divisors")
def _(d):
    return sp.divisor_count(S(d["n"])) == S(d["answer"])


@handler("sum_divisors")
def _(d):
    return sp.divisor_sigma(S(d["n"])) == S(d["answer"])


@handler("modular_exponentiation")
def _(d):
    return sp.Pow(S(d["a"]), S(d["k"])) % S(d["m"]) == S(d["answer"])


@handler("base_conversion")
def _(d):
    ds = sp.ntheory.digits(int(d["n"]), int(d["base"]))[1:]
    return "".join(str(v) for v in ds) == S(d["answer"])


@handler("multiplicative_order")
def _(d):
    return sp.n_order(S(d["a"]), S(d["n"])) == S(d["answer"])


@handler("legendre_symbol")
def _(d):
    return sp.legendre_symbol(S(d["a"]), S(d["p"])) == S(d["answer"])


@handler("prime_factorization")
def _(d):
    return factorint(int(d["n"])) == {int(k): int(v) for k, v in json.loads(
        "{" + ", ".join('"%s": %s' % tuple(p.split(":")) for p in d["answer"].strip("{}").split(", ")) + "}").items()}


# ---- k12 ----

@handler("fraction_add")
def _(d):
    return sum(S(d["f"])) == S(d["answer"])


@handler("fraction_multiply")
def _(d):
    return S(d["expr"]) == S(d["answer"])


@handler("mixed_numbers")
def _(d):
    return S(d["a"]) + S(d["b"]) == S(d["answer"])


@handler("percent_of")
def _(d):
    return S(d["pct"]) * S(d["n"]) / 100 == S(d["answer"])


@handler("percent_change")
def _(d):
    a, b = S(d["a"]), S(d["b"])
    return Rational(100) * (b - a) / a == S(d["answer"])


@handler("exponent_rules")
def _(d):
    return same(sp.powsimp(sp.simplify(S(d["expr"]))), S(d["answer"]))


@handler("order_of_operations")
def _(d):
    return same(sp.sympify(d["expr"], rational=True), S(d["answer"]))


@handler("linear_equation")
def _(d):
    sol = sp.solve(sp.Eq(S(d["lhs"]), S(d["rhs"])), x)
    return len(sol) == 1 and same(sol[0], S(d["answer"]))


@handler("linear_system_2x2")
def _(d):
    sol = sp.solve(S(d["eqs"]), [x, y], dict=True)
    return len(sol) == 1 and same_list([sol[0][x], sol[0][y]], S(d["answer"]), ordered=True)


@handler("arithmetic_sequence")
def _(d):
    a, dd, n = S(d["a"]), S(d["d"]), S(d["n"])
    k = sp.symbols("k", integer=True)
    term = a + (k - 1) * dd
    v = sp.summation(term, (k, 1, n)) if d["what"] == "sum" else term.subs(k, n)
    return same(v, S(d["answer"]))


@handler("geometric_sequence")
def _(d):
    return same(S(d["a"]) * S(d["r"]) ** (S(d["n"]) - 1), S(d["answer"]))


@handler("counting_arrangements")
def _(d):
    n, k = S(d["n"]), S(d["k"])
    v = sp.ff(n, k) if d["what"] == "perm" else sp.binomial(n, k)
    return same(v, S(d["answer"]))


@handler("dice_sum_probability")
def _(d):
    n, f, s_ = int(d["n"]), int(d["faces"]), S(d["s"])
    dice = [st.Die("D%d" % i, f) for i in range(n)]
    ev = sum(dice) >= s_ if d.get("atleast") == "yes" else sp.Eq(sum(dice), s_)
    return same(st.P(ev), S(d["answer"]))


@handler("same_color_probability")
def _(d):
    cs = S(d["counts"])
    tot = sum(cs)
    return same(sum(sp.binomial(c, 2) for c in cs) / sp.binomial(tot, 2), S(d["answer"]))


@handler("proportion")
def _(d):
    X = sp.symbols("X")
    return same(sp.solve(sp.Eq(Rational(S(d["a"]), S(d["b"])), X / S(d["c"])), X)[0], S(d["answer"]))


@handler("compound_interest")
def _(d):
    return same(S(d["P"]) * (1 + Rational(S(d["rate"]), 100)) ** S(d["years"]), S(d["answer"]))


@handler("line_through_points")
def _(d):
    L = geo.Line(geo.Point(*S(d["p1"])), geo.Point(*S(d["p2"])))
    return same(sp.solve(L.equation(x, y), y)[0], S(d["answer"]))


@handler("word_arrangements")
def _(d):
    w = str(S(d["word"]))
    return same(sp.factorial(len(w)) / sp.prod(sp.factorial(w.count(c)) for c in set(w)), S(d["answer"]))


@handler("linear_inequality")
def _(d):
    lin, dd = S(d["lin"]), S(d["d"])
    rel = {"<": lin < dd, ">": lin > dd, "<=": lin <= dd, ">=": lin >= dd}[d["op"]]
    return sp.solve_univariate_inequality(rel, x, relational=False) == S(d["answer"])


# ---- trigonometry ----

def W(s):
    """A word datum, written quoted ('sin')."""
    return s.strip("'")


TRIG = {"sin": sin, "cos": cos, "tan": tan, "sec": sec, "csc": sp.csc, "cot": sp.cot}


@handler("trig_exact_value")
def _(d):
    return same(sp.nsimplify(TRIG[W(d["fn"])](S(d["angle"]))), S(d["answer"]))


@handler("trig_degrees_to_radians")
def _(d):
    return same(sp.rad(S(d["deg"])), S(d["answer"]))


@handler("trig_radians_to_degrees")
def _(d):
    return same(sp.deg(S(d["angle"])), S(d["answer"]))


@handler("trig_coterminal_angle")
def _(d):
    return same(sp.Mod(S(d["deg"]), 360), S(d["answer"]))


@handler("trig_reference_angle")
def _(d):
    a = sp.Mod(S(d["deg"]), 360)
    ref = min(a % 180, 180 - a % 180)
    return same(ref, S(d["answer"]))


@handler("trig_inverse_value")
def _(d):
    f = {"arcsin": asin, "arccos": acos, "arctan": atan}[W(d["fn"])]
    return same(f(S(d["arg"])), S(d["answer"]))


def _angle(d):
    """sin and cos of the angle given by one ratio and the quadrant."""
    v, quad = S(d["value"]), int(d["quad"])
    th = sp.Symbol("th")
    if W(d["given"]) == "sin":
        s, c = v, sqrt(1 - v ** 2)
    elif W(d["given"]) == "cos":
        s, c = sqrt(1 - v ** 2), v
    else:
        c = 1 / sqrt(1 + v ** 2)
        s = v * c
    s, c = abs(s), abs(c)
    if quad in (3, 4):
        s = -s
    if quad in (2, 3):
        c = -c
    return sp.atan2(s, c)


@handler("trig_pythagorean")
def _(d):
    return same(TRIG[W(d["asked"])](_angle(d)), S(d["answer"]))


@handler("trig_double_angle")
def _(d):
    return same(sp.expand_trig(TRIG[W(d["asked"])](2 * _angle(d))), S(d["answer"]))


@handler("trig_angle_sum")
def _(d):
    a, b = S(d["a"]), S(d["b"])
    al, be = sp.atan2(a[0], a[1]), sp.atan2(b[0], b[1])
    ang = al + be if W(d["op"]) == "+" else al - be
    return same(sp.expand_trig(TRIG[W(d["asked"])](ang)), S(d["answer"]))


@handler("trig_equation")
def _(d):
    f, k, v = TRIG[W(d["fn"])], S(d["k"]), S(d["v"])
    sols = sp.solveset(sp.Eq(f(k * x), v), x, sp.Interval.Ropen(0, 2 * pi))
    return same_list(sorted(sols, key=lambda s: float(s)), S(d["answer"]))


@handler("trig_period_amplitude")
def _(d):
    yv = S(d["y"])
    if W(d["what"]) == "period":
        T = S(d["answer"])
        if same(sp.periodicity(yv, x), T):
            return True
        # sympy's periodicity answers 2*pi for -cos(2x - pi) + 1: check the
        # answer directly, a period none of whose fractions T/k is one
        per = lambda t: sp.simplify(sp.expand_trig(yv.subs(x, x + t) - yv)) == 0
        return per(T) and not any(per(T / k) for k in range(2, 7))
    f = [a for a in yv.atoms(sp.Function)][0]
    A = yv.coeff(f)
    D = yv.subs(f, 0)
    want = abs(A) if W(d["what"]) == "amplitude" else abs(A) + D
    return same(want, S(d["answer"]))


@handler("trig_sector")
def _(d):
    r, th = S(d["r"]), sp.rad(S(d["deg"]))
    return same(r * th if W(d["what"]) == "arc" else r ** 2 * th / 2, S(d["answer"]))


# ---- mathematics_dataset-style families ----

@handler("compare_sort")
def _(d):
    xs = sorted(S(d["xs"]), reverse=d["desc"] == "1")
    return same_list(xs, S(d["answer"]), ordered=True)


@handler("compare_kth_largest")
def _(d):
    xs = sorted(S(d["xs"]), reverse=d["big"] == "1")
    return same(xs[int(d["k"]) - 1], S(d["answer"]))


@handler("compare_closest")
def _(d):
    t = S(d["t"])
    return same(min(S(d["xs"]), key=lambda v: abs(v - t)), S(d["answer"]))


@handler("compare_pair")
def _(d):
    a, b = S(d["a"]), S(d["b"])
    return same(sp.Max(a, b) if d["big"] == "1" else sp.Min(a, b), S(d["answer"]))


@handler("unit_conversion", "time_conversion")
def _(d):
    if "t1" in d:
        return same((S(d["t2"]) - S(d["t1"])) % 1440, S(d["answer"]))
    return same(S(d["x"]) * S(d["from"]) / S(d["to"]), S(d["answer"]))


@handler("is_prime")
def _(d):
    return ("yes" if sp.isprime(int(d["n"])) else "no") == W(d["answer"])


@handler("is_factor")
def _(d):
    return ("yes" if int(d["n"]) % int(d["d"]) == 0 else "no") == W(d["answer"])


@handler("remainder_division")
def _(d):
    return same(sp.Mod(S(d["n"]), S(d["d"])), S(d["answer"]))


@handler("place_value")
def _(d):
    v, k = sp.Rational(W(d["x"])), int(d["k"])
    return same(sp.floor(v / sp.Integer(10) ** k) % 10, S(d["answer"]))


@handler("rounding")
def _(d):
    v, to = sp.Rational(W(d["x"])), int(d["to"])
    u = sp.Integer(10) ** (-to)
    r = sp.floor(abs(v) / u + Rational(1, 2)) * u
    return same(r if v >= 0 else -r, S(d["answer"]))


@handler("poly_evaluate")
def _(d):
    return same(S(d["p"]).subs(x, S(d["a"])), S(d["answer"]))


@handler("poly_collect")
def _(d):
    v = sp.Symbol(W(d["var"]))
    return same(sum(c * v ** k for c, k in S(d["terms"])), S(d["answer"]).subs(x, v))


@handler("sequence_next_term")
def _(d):
    ts = S(d["terms"])
    n = sp.Symbol("n")
    p = sp.interpolate(list(zip(range(1, len(ts) + 1), ts)), n)
    return same(p.subs(n, len(ts) + 1), S(d["answer"]))


@handler("sequence_nth_term")
def _(d):
    n = sp.Symbol("n")
    p = S(d["p"])
    ts = [p.subs(x, i) for i in range(1, 6)]
    return same(sp.interpolate(list(zip(range(1, 6), ts)), n), S(d["answer"]).subs(x, n))


@handler("composed_evaluate_remainder")
def _(d):
    return same(sp.Mod(S(d["p"]).subs(x, S(d["a"])), S(d["d"])), S(d["answer"]))


@handler("composed_function_value")
def _(d):
    return same(S(d["f"]).subs(x, S(d["g"]).subs(x, S(d["a"]))), S(d["answer"]))


@handler("composed_solve_then_evaluate")
def _(d):
    a = sp.Symbol("a")
    sol = sp.solve(sp.Eq(S(d["c"]) * a + S(d["d"]), S(d["rhs"])), a)
    return len(sol) == 1 and same(S(d["p"]).subs(x, sol[0]), S(d["answer"]))


@handler("composed_gcd_of_values")
def _(d):
    return same(sp.gcd(S(d["u"]), S(d["v"])), S(d["answer"]))


# ---- limits, series, ODEs, integrals, congruences, complex, counting, distributions, space, logs ----

@handler("limit_special")
def _(d):
    return same(sp.limit(S(d["f"]), x, 0), S(d["answer"]))


@handler("limit_lhopital")
def _(d):
    return same(sp.limit(S(d["f"]), x, S(d["c"])), S(d["answer"]))


@handler("series_geometric_sum")
def _(d):
    n = sp.Symbol("n", integer=True)
    return same(sp.summation(S(d["a"]) * S(d["r"]) ** n, (n, S(d["k"]), oo)), S(d["answer"]))


@handler("series_telescoping")
def _(d):
    n = sp.Symbol("n", integer=True, positive=True)
    k = S(d["k"])
    return same(sp.summation(S(d["c"]) / (n * (n + k)), (n, 1, oo)), S(d["answer"]))


@handler("series_radius")
def _(d):
    n = sp.Symbol("n", integer=True, positive=True)
    c = S(d["a"]) ** n / (S(d["b"]) ** n * n ** S(d["pw"]))
    R = sp.limit(sp.Abs(c / c.subs(n, n + 1)), n, oo)
    return same(R, S(d["answer"]))


@handler("series_convergence")
def _(d):
    n = sp.Symbol("n", integer=True, positive=True)
    kind, pr = W(d["kind"]), S(d["p"])
    if kind == "p":
        term, lo = 1 / n ** pr, 1
    elif kind == "geo":
        term, lo = pr ** n, 0
    elif kind == "cmp":
        j, k, c = pr
        term, lo = n ** j / (n ** k + c), 1
    else:
        a, b, c, dd = pr
        term, lo = (a * n + b) / (c * n + dd), 1
    conv = sp.Sum(term, (n, lo, oo)).is_convergent()
    return ("converges" if conv else "diverges") == W(d["answer"])


@handler("ode_exponential")
def _(d):
    f = sp.Function("f")
    sol = sp.dsolve(sp.Eq(f(x).diff(x), S(d["k"]) * f(x) + S(d["b"])), f(x), ics={f(0): S(d["y0"])})
    return same(sol.rhs, S(d["answer"]))


@handler("ode_second_order")
def _(d):
    f = sp.Function("f")
    eq = sp.Eq(f(x).diff(x, 2) + S(d["p"]) * f(x).diff(x) + S(d["q"]) * f(x), 0)
    sol = sp.dsolve(eq, f(x), ics={f(0): S(d["y0"]), f(x).diff(x).subs(x, 0): S(d["y1"])})
    return same(sol.rhs, S(d["answer"]))


@handler("double_integral")
def _(d):
    a, b, c, dd = S(d["box"])
    return same(sp.integrate(S(d["f"]), (y, c, dd), (x, a, b)), S(d["answer"]))


@handler("congruence_linear")
def _(d):
    a, b, m = int(d["a"]), int(d["b"]), int(d["m"])
    sols = [t for t in range(m) if (a * t - b) % m == 0]
    return bool(sols) and same(min(sols), S(d["answer"])) and sp.Mod(a * S(d["answer"]) - b, m) == 0


@handler("complex_square_root")
def _(d):
    sols = sp.solve(sp.Eq(z ** 2, S(d["z"])), z)
    return same_list(sols, [a.subs(sp.Symbol("i"), I) for a in S(d["answer"])])


@handler("complex_argument")
def _(d):
    return same(sp.arg(S(d["z"])), S(d["answer"]))


@handler("derangements")
def _(d):
    n, k = S(d["n"]), S(d["fixed"])
    return same(sp.binomial(n, k) * sp.subfactorial(n - k), S(d["answer"]))


@handler("stars_and_bars")
def _(d):
    n, k = int(d["n"]), int(d["k"])
    lo = 1 if d["pos"] == "1" else 0
    # the coefficient of x^n in (x^lo + ... + x^n)^k (a generating function)
    cnt = (sp.Poly(sum(x ** t for t in range(lo, n + 1)), x) ** k).coeff_monomial(x ** n)
    return same(cnt, S(d["answer"]))


@handler("inclusion_exclusion")
def _(d):
    N, ds = int(d["N"]), S(d["ds"])
    return same(len([i for i in range(1, N + 1) if any(i % int(q) == 0 for q in ds)]), S(d["answer"]))


@handler("normal_z_score")
def _(d):
    X = st.Normal("X", S(d["mu"]), S(d["sd"]))
    if W(d["ask"]) == "z":
        return same((S(d["x"]) - st.E(X)) / sp.sqrt(st.variance(X)), S(d["answer"]))
    return same(st.E(X) + S(d["z"]) * sp.sqrt(st.variance(X)), S(d["answer"]))


@handler("uniform_continuous")
def _(d):
    X = st.Uniform("X", S(d["a"]), S(d["b"]))
    ask = S(d["ask"]) if d["ask"].startswith("[") else W(d["ask"])
    if ask == "mean":
        want = st.E(X)
    elif ask == "var":
        want = st.variance(X)
    else:
        want = st.P(sp.And(X > ask[0], X < ask[1]))
    return same(want, S(d["answer"]))


@handler("exponential_distribution")
def _(d):
    X = st.Exponential("X", S(d["lam"]))
    ask = S(d["ask"])
    if str(ask[0]) == "gt":
        want = st.P(X > ask[1])
    elif str(ask[0]) == "between":
        want = st.P(sp.And(X > ask[1], X < ask[2]))
    else:
        want = st.median(X)
        want = list(want)[0] if isinstance(want, sp.Set) else want
    return same(want, S(d["answer"]))


@handler("pdf_constant")
def _(d):
    c = sp.Symbol("c")
    n, a = S(d["n"]), S(d["a"])
    cv = sp.solve(sp.integrate(c * x ** n, (x, 0, a)) - 1, c)[0]
    want = sp.integrate(x * cv * x ** n, (x, 0, a)) if d["mean"] == "1" else cv
    return same(want, S(d["answer"]))


@handler("line_plane_intersection")
def _(d):
    P, D, n = S(d["P"]), S(d["D"]), S(d["n"])
    L = geo.Line3D(geo.Point3D(*P), direction_ratio=list(D))
    pl = geo.Plane(geo.Point3D(0, 0, 0), normal_vector=list(n))
    pl = geo.Plane(pl.p1 + geo.Point3D(*[S(d["d"]) * v / sum(w * w for w in n) for v in n]), normal_vector=list(n))
    pts = pl.intersection(L)
    return len(pts) == 1 and same_list(list(pts[0]), S(d["answer"]), ordered=True)


@handler("point_plane_distance")
def _(d):
    P, n, dd = S(d["P"]), S(d["n"]), S(d["d"])
    pl = geo.Plane(geo.Point3D(*[dd * v / sum(w * w for w in n) for v in n]), normal_vector=list(n))
    return same(pl.distance(geo.Point3D(*P)), S(d["answer"]))


@handler("domain_sqrt")
def _(d):
    dom = sp.solve_univariate_inequality(S(d["f"]) >= 0, x, relational=False)
    return dom == S(d["answer"])


@handler("range_quadratic")
def _(d):
    return sp.calculus.util.function_range(S(d["f"]), x, sp.S.Reals) == S(d["answer"])


@handler("log_evaluate")
def _(d):
    b = S(d["base"])
    return same(sp.nsimplify(sp.simplify(sum(s * sp.log(a, b) for s, a in S(d["terms"])))), S(d["answer"]))


@handler("log_change_of_base")
def _(d):
    return same(sp.simplify(sp.log(S(d["arg"]), S(d["base"]))), S(d["answer"]))


# A record's recomputation may take at most this long (sympy can wander off
# in simplify); past it the record counts as a disagreement to look at.
# ---- compositional word problems ----
# The story's events are replayed with sympy from the sympy data alone: an
# unknown (the start, a price, the total shared) is a symbol, and the
# question's condition is solved for it, instead of undoing the events one
# by one as the generator's steps do.

def _word_apply(a, ev):
    op, who, to, k, m = ev
    if op == "+":
        a[who] += k
    elif op == "-":
        a[who] -= k
    elif op == "g":
        a[who] -= k
        a[to] += k
    elif op == "*":
        a[who] *= k
    elif op == "/":
        a[who] = a[who] / k
    elif op == "p":
        a[who] += k * m
    elif op == "b":
        a[who] -= k * m
    else:
        raise ValueError("unknown event %r" % op)


def _word_ledger(d, start):
    unknown = sp.Symbol("s")
    a = [unknown if v is None else Rational(v) for v in start]
    for ev in json.loads(d["events"]):
        op, who, to, k, m = ev
        _word_apply(a, [op, who, to, Rational(k), unknown if m is None else Rational(m)])
    return a, unknown


def _word_answer(d, a, unknown):
    ask, who = d["ask"], json.loads(d["who"])
    scale = Rational(S(d.get("scale", "1")))
    if ask == "final":
        v = a[who[0]]
    elif ask == "diff":
        v = a[who[0]] - a[who[1]]
    elif ask == "total":
        v = a[who[0]] + a[who[1]]
    else:  # start, price, shared: the one value of the unknown that gives the stated end
        sols = sp.solve(sp.Eq(a[who[0]], Rational(S(d["final"]))), unknown)
        if len(sols) != 1:
            return None
        v = sols[0]
    return v / scale


@handler("word_story_arithmetic", "word_work_backwards", "word_money_change")
def _(d):
    a, unknown = _word_ledger(d, json.loads(d["start"]))
    v = _word_answer(d, a, unknown)
    return v is not None and v == S(d["answer"]) and (v.is_integer or d.get("scale") == "100")


@handler("word_ratio_share")
def _(d):
    ratio = [Rational(r) for r in json.loads(d["ratio"])]
    total = sp.Symbol("s") if d["total"] == "null" else Rational(S(d["total"]))
    start = [total * r / sum(ratio) for r in ratio]
    a = list(start)
    for ev in json.loads(d["events"]):
        op, who, to, k, m = ev
        _word_apply(a, [op, who, to, Rational(k), m])
    if d["ask"] == "shared":
        sols = sp.solve(sp.Eq(a[json.loads(d["who"])[0]], Rational(S(d["final"]))), total)
        return len(sols) == 1 and sols[0] == S(d["answer"])
    v = _word_answer(d, a, None)
    return v == S(d["answer"]) and all(sp.sympify(x).is_integer for x in start)


@handler("word_ages")
def _(d):
    rels = json.loads(d["rels"])
    n = len(rels) + 1
    A = sp.symbols("a0:%d" % n)
    eqs = []
    for op, i, j, k in rels:
        eqs.append({"+": A[i] - A[j] - k, "-": A[j] - A[i] - k, "*": A[i] - k * A[j], "/": k * A[i] - A[j],
                    "f": A[i] + k - A[j], "p": A[i] - k - A[j], "s": A[i] + A[j] - k}[op])
    gi, gv = json.loads(d["given"])
    eqs.append(A[gi] - gv)
    sol = sp.solve(eqs, A, dict=True)
    if len(sol) != 1:
        return False
    ages = [sol[0][s] for s in A]
    if not all(v.is_integer and 1 <= v <= 99 for v in ages):
        return False
    who = json.loads(d["who"])
    ask = d["ask"]
    v = {"age": lambda: ages[who[0]], "first": lambda: ages[0], "future": lambda: ages[who[0]] + who[1],
         "diff": lambda: ages[who[0]] - ages[who[1]]}[ask]()
    return v == S(d["answer"])


@handler("word_rates")
def _(d):
    dist, hours = Rational(0), Rational(0)
    for kind, v, t, dd in json.loads(d["legs"]):
        if kind == "rest":
            hours += Rational(t, 60)
        elif kind == "dist":
            dist += dd
            hours += Rational(dd, v)
        else:
            dist += v * Rational(t, 60)
            hours += Rational(t, 60)
    want = {"distance": dist, "minutes": 60 * hours, "speed": dist / hours}[d["ask"]]
    return want == S(d["answer"])


RECORD_SECONDS = 60


class Timeout(Exception):
    pass


def on_alarm(signum, frame):
    raise Timeout()


def main():
    path = sys.argv[1]
    failed, checked = 0, 0
    per = {}
    slow = {}
    missing = set()
    signal.signal(signal.SIGALRM, on_alarm)
    with open(path) as f:
        for line in f:
            rec = json.loads(line)
            mod = rec["module"]
            h = H.get(mod)
            if h is None:
                missing.add(mod)
                continue
            checked += 1
            ok, why = False, ""
            start = time.time()
            signal.alarm(RECORD_SECONDS)
            try:
                ok = bool(h(rec["data"]))
            except Timeout:
                why = "sympy took more than %d s" % RECORD_SECONDS
            except Exception as e:  # a sympy failure is a disagreement to look at
                why = "%s: %s" % (type(e).__name__, e)
            finally:
                signal.alarm(0)
            slow[mod] = max(slow.get(mod, 0), time.time() - start)
            if not ok:
                failed += 1
                per[mod] = per.get(mod, 0) + 1
                if per[mod] <= 3:
                    print("DISAGREE %s %s %s %s" % (mod, rec["id"], why, json.dumps(rec["data"])[:600]))
    for m in sorted(missing):
        print("NO HANDLER %s" % m)
    worst = sorted(slow.items(), key=lambda kv: -kv[1])[:5]
    print("slowest modules (s per record): " + ", ".join("%s %.1f" % kv for kv in worst))
    print("checked %d, disagreed %d, modules without handler %d" % (checked, failed, len(missing)))
    sys.exit(1 if failed or missing else 0)


if __name__ == "__main__":
    main()
