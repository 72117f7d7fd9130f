package main

// The built-in backends that live outside the model client register
// themselves on import.
import _ "github.com/matheval/matheval/model/calcmodel" // builtin:calc
