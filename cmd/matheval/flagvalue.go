package main

import (
	"strconv"
	"time"

	"github.com/spf13/pflag"
)

// flagValue is a flag's value with the flag's own type, for the manifest:
// numbers as numbers, booleans as booleans, lists as lists, durations as
// their text ("10m0s"); anything else as its text.
func flagValue(fl *pflag.Flag) any {
	v := fl.Value.String()
	switch fl.Value.Type() {
	case "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64", "count":
		if n, err := strconv.ParseInt(v, 10, 64); err == nil {
			return n
		}
	case "float32", "float64":
		if x, err := strconv.ParseFloat(v, 64); err == nil {
			return x
		}
	case "bool":
		if b, err := strconv.ParseBool(v); err == nil {
			return b
		}
	case "duration":
		if d, err := time.ParseDuration(v); err == nil {
			return d.String()
		}
	}
	if sv, ok := fl.Value.(pflag.SliceValue); ok {
		return append([]string{}, sv.GetSlice()...)
	}
	return v
}
