package math

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"

	"github.com/parquet-go/parquet-go"
)

// loadParquet reads a Parquet file as dataset hubs publish MATH: flat
// columns problem, solution, level (text or integer), type or subject,
// and optionally answer and unique_id. Other columns are ignored.
func (l *loader) loadParquet(path, split string) (err error) {
	defer func() {
		// parquet-go panics on some corrupt files (slice bounds, nil
		// dereferences: TestLoadParquetCorruptIsAnError). Bad input gets
		// an error, so this call into that library is a boundary of its
		// own, the one recover of the package: what runs under it besides
		// parquet-go only copies the cells out.
		if r := recover(); r != nil {
			err = fmt.Errorf("%s: not a readable Parquet file: %v", path, r)
		}
	}()
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return err
	}
	pf, err := parquet.OpenFile(f, st.Size())
	if err != nil {
		return fmt.Errorf("%s: %v", path, err)
	}
	cols := pf.Schema().Columns()
	index := map[string]int{}
	for i, c := range cols {
		if len(c) == 1 {
			index[c[0]] = i
		}
	}
	if _, ok := index["problem"]; !ok {
		return fmt.Errorf("%s: no \"problem\" column (columns: %v)", path, cols)
	}
	fileSplit := splitFromName(path)
	r := parquet.NewReader(pf)
	defer r.Close()
	buf := make([]parquet.Row, 64)
	rowNum := 0
	for {
		n, rerr := r.ReadRows(buf)
		for _, row := range buf[:n] {
			vals := map[int]string{}
			for _, v := range row {
				if v.IsNull() {
					continue
				}
				switch v.Kind() {
				case parquet.ByteArray, parquet.FixedLenByteArray:
					vals[v.Column()] = string(v.ByteArray())
				case parquet.Int32:
					vals[v.Column()] = strconv.Itoa(int(v.Int32()))
				case parquet.Int64:
					vals[v.Column()] = strconv.FormatInt(v.Int64(), 10)
				default:
					vals[v.Column()] = v.String()
				}
			}
			get := func(name string) string {
				if i, ok := index[name]; ok {
					return vals[i]
				}
				return ""
			}
			where := fmt.Sprintf("%s:row %d", path, rowNum)
			if get("problem") == "" {
				return fmt.Errorf("%s: empty problem", where)
			}
			subj := get("subject")
			if subj == "" {
				subj = get("type")
			}
			l.recs = append(l.recs, record{Problem: get("problem"), Solution: get("solution"), Answer: get("answer"),
				Level: get("level"), Subject: subj, UniqueID: get("unique_id"), Split: fileSplit,
				Num: "row" + strconv.Itoa(rowNum), Where: where})
			rowNum++
		}
		if errors.Is(rerr, io.EOF) {
			return nil
		}
		if rerr != nil {
			return fmt.Errorf("%s: %v", path, rerr)
		}
		if n == 0 {
			return nil
		}
	}
}
