// Records small labelled pprof profiles for flametui's tests:
// cpu.pb.gz: CPU profile with pprof.Do labels (endpoint, region) and a
// recursive fib; heap.pb.gz: heap profile (numeric "bytes" labels).
package main

import (
	"context"
	"os"
	"runtime"
	"runtime/pprof"
	"time"
)

func fib(n int) int {
	if n < 2 {
		return n
	}
	return fib(n-1) + fib(n-2)
}

var sink [][]byte

// spin is small enough to be inlined where it is called directly; the
// call through spinFn is not inlined, so the profile has spin both as an
// inlined frame and as a function of its own.
func spin(n int) int {
	s := 0
	for i := 0; i < n; i++ {
		s += i * i
	}
	return s
}

var spinFn = spin
var total int

//go:noinline
func allocA(n int) []byte { return make([]byte, n) }

func allocB(n int) []byte { return make([]byte, n) } // inlined

func search(d time.Duration) {
	end := time.Now().Add(d)
	for time.Now().Before(end) {
		_ = fib(22)
		total += spin(20000)
		total += spinFn(20000)
		b := allocA(64)
		sink = append(sink[:0], b, allocB(4096))
	}
}

func cart(d time.Duration) {
	end := time.Now().Add(d)
	m := map[int]int{}
	for time.Now().Before(end) {
		for i := 0; i < 1000; i++ {
			m[i%97] += i
		}
		_ = fib(18)
		sink = append(sink[:0], allocA(128))
	}
}

func main() {
	runtime.MemProfileRate = 512
	f, _ := os.Create("cpu.pb.gz")
	pprof.StartCPUProfile(f)
	ctx := context.Background()
	done := make(chan bool)
	go pprof.Do(ctx, pprof.Labels("endpoint", "/api/search", "region", "eu"), func(ctx context.Context) {
		search(1500 * time.Millisecond)
		done <- true
	})
	go pprof.Do(ctx, pprof.Labels("endpoint", "/api/cart", "region", "us"), func(ctx context.Context) {
		cart(1000 * time.Millisecond)
		done <- true
	})
	go func() { search(400 * time.Millisecond); done <- true }()
	<-done
	<-done
	<-done
	pprof.StopCPUProfile()
	f.Close()
	var keep [][]byte
	for i := 0; i < 200; i++ {
		keep = append(keep, allocA(32), allocA(2048), allocB(100000))
	}
	runtime.GC()
	h, _ := os.Create("heap.pb.gz")
	pprof.Lookup("heap").WriteTo(h, 0)
	h.Close()
	_ = keep
}
