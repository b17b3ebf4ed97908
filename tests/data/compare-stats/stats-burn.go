// burn.go - a deterministic CPU burner for the comparison statistics
// (tests/data/README.md: compare-stats).  Six functions with fixed loop
// counts under main; `burn PCT OUT` makes parse() do PCT% of its work
// (100 = the same speed) and writes a runtime/pprof CPU profile to OUT
// (runtime/pprof's default rate, 100 Hz).
package main

import (
	"fmt"
	"os"
	"runtime/pprof"
	"strconv"
)

var sink float64

// unit is each function's loop count per call for n = 1.
const unit = 600000

//go:noinline
func parse(n int) {
	s := sink
	for i := 0; i < n*unit; i++ {
		s += float64(i) * 0.5
	}
	sink = s
}

//go:noinline
func lookup(n int) {
	s := sink
	for i := 0; i < n*unit; i++ {
		s += float64(i) * 0.5
	}
	sink = s
}

//go:noinline
func hash(n int) {
	s := sink
	for i := 0; i < n*unit; i++ {
		s += float64(i) * 0.5
	}
	sink = s
}

//go:noinline
func render(n int) {
	s := sink
	for i := 0; i < n*unit; i++ {
		s += float64(i) * 0.5
	}
	sink = s
}

//go:noinline
func compress(n int) {
	s := sink
	for i := 0; i < n*unit; i++ {
		s += float64(i) * 0.5
	}
	sink = s
}

//go:noinline
func checksum(n int) {
	s := sink
	for i := 0; i < n*unit; i++ {
		s += float64(i) * 0.5
	}
	sink = s
}

func main() {
	pct, _ := strconv.Atoi(os.Args[1])
	f, err := os.Create(os.Args[2])
	if err != nil {
		panic(err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		panic(err)
	}
	for r := 0; r < 20; r++ {
		parse(300 * pct / 100)
		lookup(250)
		hash(200)
		render(150)
		compress(100)
		checksum(50)
	}
	pprof.StopCPUProfile()
	f.Close()
	fmt.Println(sink)
}
