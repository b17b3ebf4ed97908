#!/bin/sh
# A pprof heap profile with three sample types (tests/data/heap.pb.gz, made
# by tests/data/make-heap-pprof.py): opens on the default type, s/S cycle
# the types and the header's type and total follow; an unsymbolized frame
# shows as 0x<address>.
. "$(dirname "$0")/lib.sh"

H=tests/data/heap.pb.gz
ft_start 100 20 -- "$H"
ft_check "opens on default_sample_type inuse_space" \
	ft_wait_for '^heap.pb.gz \| inuse_space \(bytes\).*\| total 1.00 MiB'
ft_check "unsymbolized location drawn as 0x<address>" ft_matches '0x7f0000012345'
ft_keys s
ft_check "s: next type wraps to alloc_objects, total 66" \
	ft_wait_for '^heap.pb.gz \| alloc_objects .*\| total 66$'
ft_keys s
ft_check "s: alloc_space, total 2.02 MiB" \
	ft_wait_for '^heap.pb.gz \| alloc_space \(bytes\).*\| total 2.02 MiB'
ft_keys S
ft_check "S: back to alloc_objects" \
	ft_wait_for '^heap.pb.gz \| alloc_objects .*\| total 66$'
ft_keys q
ft_check "q quits with status 0" ft_wait_for '^flametui exited 0'
ft_done
