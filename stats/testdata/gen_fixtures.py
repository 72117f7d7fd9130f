#!/usr/bin/python3
"""Writes fixtures.json: reference values for package stats, computed
independently with Debian's python3-scipy (and numpy). Run from this folder:

    /usr/bin/python3 gen_fixtures.py > fixtures.json   (Debian python3-scipy)

The output is committed; the Go tests compare against it and never run Python.
"""
import json
from collections import Counter
from fractions import Fraction

import numpy as np
from scipy import stats
from scipy.special import comb

rng = np.random.default_rng(20261130)
out = {"generator": "gen_fixtures.py", "scipy": __import__("scipy").__version__}

# pass@k: exact rational 1 - C(n-c,k)/C(n,k) with Python integers.
cases = []
for n, c, k in [(5, 2, 2), (10, 3, 1), (10, 3, 5), (20, 1, 10), (100, 7, 10), (200, 150, 100),
                (64, 0, 8), (64, 64, 8), (16, 15, 2), (1000, 3, 500)]:
    p = 1 - Fraction(int(comb(n - c, k, exact=True)), int(comb(n, k, exact=True)))
    cases.append({"n": n, "c": c, "k": k, "want": float(p)})
out["pass_at_k"] = cases

# McNemar exact = two-sided binomial test of b in b+c at 1/2.
cases = []
for b, c in [(1, 9), (5, 5), (0, 3), (3, 0), (12, 25), (40, 70), (300, 340), (0, 0), (7, 8), (2, 30)]:
    p = 1.0 if b + c == 0 else stats.binomtest(b, b + c, 0.5).pvalue
    cases.append({"b": b, "c": c, "want": float(p)})
out["mcnemar"] = cases

# AUROC = Mann-Whitney U of positives over negatives / (n_pos * n_neg); ties
# are made on purpose by rounding scores to one decimal.
cases = []
for n in [8, 30, 200]:
    y = rng.random(n) < 0.5
    y[0], y[1] = True, False
    s = np.round(rng.random(n) * 0.6 + y * 0.3, 1)
    u = stats.mannwhitneyu(s[y], s[~y], alternative="two-sided").statistic
    cases.append({"scores": s.tolist(), "positive": y.tolist(), "want": float(u / (y.sum() * (~y).sum()))})
out["auroc"] = cases

# Quantile, numpy's default (linear, "type 7").
xs = np.sort(rng.normal(size=37))
out["quantile"] = {"sorted": xs.tolist(),
                   "cases": [{"q": q, "want": float(np.quantile(xs, q))} for q in [0, 0.025, 0.1, 0.5, 0.9, 0.975, 1]]}

# ECE with 10 equal-width bins, last bin closed.
cases = []
for n in [10, 500]:
    conf = rng.random(n)
    conf[0] = 1.0
    correct = rng.random(n) < conf
    idx = np.minimum((conf * 10).astype(int), 9)
    ece = 0.0
    for b in range(10):
        m = idx == b
        if m.any():
            ece += m.sum() / n * abs(correct[m].mean() - conf[m].mean())
    cases.append({"conf": conf.tolist(), "correct": correct.tolist(), "bins": 10, "want": float(ece)})
out["ece"] = cases

# Wilson score interval (scipy's binomtest.proportion_ci).
cases = []
for k, n in [(0, 10), (10, 10), (3, 10), (45, 100), (1, 2), (250, 1000)]:
    ci = stats.binomtest(k, n).proportion_ci(confidence_level=0.95, method="wilson")
    cases.append({"k": k, "n": n, "lo": float(ci.low), "hi": float(ci.high)})
out["wilson"] = cases

# mean@k, maj@k and pass@k over items: each item has 4..8 attempts with
# answers drawn from a small pool; the correct answer is "a".
items = []
for i in range(25):
    m = int(rng.integers(4, 9))
    ans = [str(rng.choice(["a", "b", "c", ""], p=[0.45, 0.25, 0.15, 0.15])) for _ in range(m)]
    items.append(ans)
def maj(ans):
    votes = Counter(a for a in ans if a)
    if not votes:
        return False
    top = max(votes.values())
    first = next(a for a in ans if a and votes[a] == top)  # ties: first appearance
    return first == "a"
cases = []
for k in [1, 3, 4]:
    mean_k = np.mean([np.mean([a == "a" for a in ans[:k]]) for ans in items])
    maj_k = np.mean([maj(ans[:k]) for ans in items])
    pk = [1 - Fraction(int(comb(len(a) - a.count("a"), k, exact=True)), int(comb(len(a), k, exact=True))) for a in items]
    cases.append({"k": k, "mean": float(mean_k), "maj": float(maj_k), "pass": float(np.mean([float(x) for x in pk]))})
out["items"] = {"answers": items, "correct": "a", "cases": cases}

# Paired differences: the bootstrap interval is checked against the normal
# approximation mean +- 1.96 * sd / sqrt(n) (not exactly equal: a tolerance).
a = (rng.random(400) < 0.6).astype(float)
b = np.where(rng.random(400) < 0.8, a, 1 - a)
d = a - b
half = stats.norm.ppf(0.975) * d.std(ddof=1) / np.sqrt(len(d))
out["paired"] = {"a": a.tolist(), "b": b.tolist(), "mean": float(d.mean()),
                 "lo": float(d.mean() - half), "hi": float(d.mean() + half)}

print(json.dumps(out, indent=1))
