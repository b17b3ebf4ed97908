// pprof-server: a Go program exposing net/http/pprof on 127.0.0.1 only,
// for flametui's URL tests.  It listens on a free port, prints
// "listening 127.0.0.1:PORT", keeps a few goroutines busy (so CPU, block
// and mutex profiles have samples and the heap has allocations), and
// exits when its standard input is closed.  Extra endpoints give the
// failures the tests need:
//
//	/fail     HTTP 500 with a one-line message (as pprof says "profiling already in use")
//	/html     a web page, not a profile
//	/hang     never answers (timeouts)
//	/folded   folded stacks as text/plain
package main

import (
	"fmt"
	"io"
	"net"
	"net/http"
	_ "net/http/pprof"
	"os"
	"runtime"
	"sync"
	"time"
)

var sink [][]byte

//go:noinline
func spinLeaf(n int) int {
	x := 0
	for i := 0; i < n; i++ {
		x += i * i % 7
	}
	return x
}

//go:noinline
func spinMiddle() int { return spinLeaf(2000000) }

func allocate() {
	for i := 0; i < 200; i++ {
		sink = append(sink, make([]byte, 64<<10))
	}
}

func main() {
	runtime.SetBlockProfileRate(1)
	runtime.SetMutexProfileFraction(1)
	allocate()
	var mu sync.Mutex
	for g := 0; g < 2; g++ {
		go func() {
			for {
				mu.Lock()
				spinMiddle()
				mu.Unlock()
				time.Sleep(time.Millisecond)
			}
		}()
	}
	http.HandleFunc("/fail", func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "Could not enable CPU profiling: cpu profiling already in use", 500)
	})
	http.HandleFunc("/html", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, "<!DOCTYPE html><html><body>Login required</body></html>\n")
	})
	http.HandleFunc("/hang", func(w http.ResponseWriter, r *http.Request) {
		<-r.Context().Done()
	})
	http.HandleFunc("/folded", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		fmt.Fprint(w, "main;work;leaf 7\nmain;idle 3\n")
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Printf("listening %s\n", ln.Addr())
	go func() {
		io.Copy(io.Discard, os.Stdin)
		os.Exit(0)
	}()
	http.Serve(ln, nil)
}
