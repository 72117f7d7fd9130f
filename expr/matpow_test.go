package expr

import (
	"context"
	"errors"
	"testing"
)

func ratRows(rows ...[]int64) *Matrix {
	m := &Matrix{}
	for _, r := range rows {
		var row []Node
		for _, v := range r {
			row = append(row, Int(v))
		}
		m.Rows = append(m.Rows, row)
	}
	return m
}

func TestMatrixPower(t *testing.T) {
	ctx := context.Background()
	m := ratRows([]int64{1, 2}, []int64{3, 4})
	for k, want := range map[int64]string{
		0:  `\begin{pmatrix}1 & 0 \\ 0 & 1\end{pmatrix}`,
		1:  `\begin{pmatrix}1 & 2 \\ 3 & 4\end{pmatrix}`,
		3:  `\begin{pmatrix}37 & 54 \\ 81 & 118\end{pmatrix}`,
		-1: `\begin{pmatrix}-2 & 1 \\ \frac{3}{2} & -\frac{1}{2}\end{pmatrix}`,
	} {
		got, err := MatrixPower(ctx, m, k, Limits{})
		if err != nil {
			t.Fatalf("M^%d: %v", k, err)
		}
		if s := got.String(); s != want {
			t.Errorf("M^%d = %s, want %s", k, s, want)
		}
	}
	if _, err := MatrixPower(ctx, ratRows([]int64{1, 1}, []int64{1, 1}), -1, Limits{}); !errors.Is(err, ErrDomain) {
		t.Errorf("a singular inverse: %v, want ErrDomain", err)
	}
	if _, err := MatrixPower(ctx, m, 1<<20, Limits{}); !errors.Is(err, ErrLimit) {
		t.Errorf("M^(2^20): %v, want ErrLimit", err)
	}
	if _, err := MatrixPower(ctx, ratRows([]int64{3, 1}, []int64{1, 3}), 1000, Limits{MaxBits: 256}); !errors.Is(err, ErrLimit) {
		t.Errorf("entries past MaxBits: %v, want ErrLimit", err)
	}
	sym := &Matrix{Rows: [][]Node{{&Sym{Name: "a"}, Int(0)}, {Int(0), Int(1)}}}
	if _, err := MatrixPower(ctx, sym, 2, Limits{}); !errors.Is(err, ErrNotRational) {
		t.Errorf("a symbolic entry: %v, want ErrNotRational", err)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	big := &Matrix{}
	for i := 0; i < 10; i++ {
		row := make([]Node, 10)
		for j := range row {
			row[j] = Int(int64(i + j%3))
		}
		big.Rows = append(big.Rows, row)
	}
	if _, err := MatrixPower(cancelled, big, 500, Limits{}); !errors.Is(err, ErrDeadline) {
		t.Errorf("cancelled: %v, want ErrDeadline", err)
	}
}
