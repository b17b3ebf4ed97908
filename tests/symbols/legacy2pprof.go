// legacy2pprof: a gperftools CPU profile (CPUPROFILE=FILE, the legacy
// binary format with its /proc/self/maps section) as a gzip'd profile.proto
// written by Google's own pprof library, unsymbolized, as Parca-style
// collectors write them: Locations with addresses and no Lines, Mappings
// with the binary's path and its GNU build id, read here with Go's
// debug/elf (not with flametui's libdw).
//
// Usage: legacy2pprof [-wrong-id] IN.prof OUT.pb.gz
//   -wrong-id: give every mapping a build id that is not its file's (the
//              case of a profile recorded against another build).
// Build on Debian (no module download): apt-get install -y golang-go
// golang-github-google-pprof-dev, then
//   GO111MODULE=off GOPATH=/usr/share/gocode go build -o legacy2pprof .
package main

import (
	"bytes"
	"debug/elf"
	"encoding/binary"
	"encoding/hex"
	"flag"
	"fmt"
	"os"

	"github.com/google/pprof/profile"
)

// buildID reads the NT_GNU_BUILD_ID note of an ELF file, or "".
func buildID(path string) string {
	f, err := elf.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	for _, s := range f.Sections {
		if s.Type != elf.SHT_NOTE {
			continue
		}
		d, err := s.Data()
		if err != nil {
			continue
		}
		for len(d) >= 12 {
			nsz := binary.LittleEndian.Uint32(d[0:4])
			dsz := binary.LittleEndian.Uint32(d[4:8])
			typ := binary.LittleEndian.Uint32(d[8:12])
			no := 12 + (int(nsz)+3)&^3
			do := no + (int(dsz)+3)&^3
			if do > len(d) {
				break
			}
			if typ == 3 && bytes.HasPrefix(d[12:12+nsz], []byte("GNU")) {
				return hex.EncodeToString(d[no : no+int(dsz)])
			}
			d = d[do:]
		}
	}
	return ""
}

func main() {
	wrong := flag.Bool("wrong-id", false, "write build ids that are not the files'")
	flag.Parse()
	if flag.NArg() != 2 {
		fmt.Fprintln(os.Stderr, "usage: legacy2pprof [-wrong-id] IN.prof OUT.pb.gz")
		os.Exit(2)
	}
	in, err := os.Open(flag.Arg(0))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	p, err := profile.Parse(in)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	for _, m := range p.Mapping {
		id := buildID(m.File)
		if id != "" && *wrong {
			id = "00" + id[2:]
			if id == buildID(m.File) {
				id = "11" + id[2:]
			}
		}
		m.BuildID = id
		m.HasFunctions = false
	}
	for _, l := range p.Location {
		l.Line = nil
	}
	p.Function = nil
	out, err := os.Create(flag.Arg(1))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if err := p.Write(out); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	out.Close()
}
