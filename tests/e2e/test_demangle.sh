#!/bin/sh
# The demangle key M on a perf recording with mangled C++ names
# (tests/data/perf-cxx-mangled.txt.gz, perf script --no-demangle): short
# names by default (the two calc::work overloads merged), then in full,
# then as mangled in the file, then short again; zoom follows by path where
# it can.  pprof and folded files are demangled while loading and read
# again for another mode.  A profile without mangled names says so.
. "$(dirname "$0")/lib.sh"

ft_start 120 16 -- --zoom 'cxx;__libc_start_call_main;main' "$FT_DATA/perf-cxx-mangled.txt.gz"
ft_check "opens with short names" ft_wait_for '(\||▏)calc::work +(\||▏)'
ft_check "templates dropped" ft_matches 'calc::Acc::sum'
ft_keys M
ft_check "M: names in full" ft_wait_for 'calc::work\(int\)'
ft_check "M: says so" ft_matches 'names demangled in full'
ft_keys M
ft_check "M again: as mangled" ft_wait_for '_ZN4calc4workEi'
ft_keys M
ft_check "M a third time: short again" ft_wait_for '(\||▏)calc::work +(\||▏)'
ft_keys q
ft_check "q quits with status 0" ft_wait_for '^flametui exited 0'

# A pprof is demangled while loading (no tree as loaded is kept): M reads
# the file again in the next mode; a filter stays applied.
ft_start 120 16 -- --hide zeta "$FT_DATA/cxx-overloads.pb.gz"
ft_check "pprof opens with short names" ft_wait_for '(\||▏)calc::work +(\||▏)'
ft_check "overloads merged" ft_not_matches '_ZN4calc4work|calc::work\(int\)'
ft_check "filter applied" ft_not_matches '▏zeta'
ft_keys M
ft_check "pprof M: names in full" ft_wait_for 'calc::work\(std::'
ft_check "pprof M: says so" ft_matches 'names demangled in full'
ft_keys M
ft_check "pprof M again: as mangled" ft_wait_for '_ZN4calc4workERKSs'
ft_check "pprof M again: filter still applied" ft_not_matches '▏zeta'
ft_keys M
ft_check "pprof M a third time: short again" ft_wait_for '(\||▏)calc::work +(\||▏)'
ft_check "pprof short: no mangled names" ft_not_matches '_ZN4calc4work'
ft_keys q
ft_check "pprof q quits with status 0" ft_wait_for '^flametui exited 0'

# Read from a pipe, the pprof's bytes are kept instead: M loads them again.
FT_STDIN=$FT_DATA/cxx-overloads.pb.gz ft_start 120 16 -- -
ft_check "pprof stdin opens with short names" ft_wait_for '(\||▏)calc::work +(\||▏)'
ft_keys M
ft_check "pprof stdin M: names in full" ft_wait_for 'calc::work\(std::'
ft_keys M
ft_check "pprof stdin M again: as mangled" ft_wait_for '_ZN4calc4workERKSs'
ft_keys M
ft_check "pprof stdin M a third time: short again" ft_wait_for '(\||▏)calc::work +(\||▏)'
ft_keys q
ft_check "pprof stdin q quits with status 0" ft_wait_for '^flametui exited 0'
FT_STDIN=

# A folded file is demangled while reading too; M reads the file again by
# its name (no copy of it is kept), and says so when it is gone.
cp "$FT_DATA/cxx-overloads.folded" "$FT_TMP/over.folded"
ft_start 120 16 -- --hide zeta "$FT_TMP/over.folded"
ft_check "folded opens with short names" ft_wait_for '(\||▏)calc::work +(\||▏)'
ft_check "folded overloads merged" ft_not_matches '_ZN4calc4work|calc::work\(int\)'
ft_keys M
ft_check "folded M: names in full" ft_wait_for 'calc::work\(std::'
ft_check "folded M: filter still applied" ft_not_matches '▏zeta'
ft_keys M
ft_check "folded M again: as mangled" ft_wait_for '_ZN4calc4workERKSs'
rm "$FT_TMP/over.folded"
ft_keys M
ft_check "folded M, file gone: says why" ft_wait_for 'over\.folded.*(No such file|cannot)'
ft_check "folded M, file gone: still drawn as mangled" ft_matches '_ZN4calc4workERKSs'
ft_keys q
ft_check "folded q quits with status 0" ft_wait_for '^flametui exited 0'

ft_start 100 12 -- "$FT_DATA/small.folded"
ft_check "folded opens" ft_wait_for '^small.folded'
ft_keys M
ft_check "M without mangled names says so" ft_wait_for 'no mangled C\+\+ or Rust names'
ft_keys q
ft_check "q quits" ft_wait_for '^flametui exited 0'
ft_done
