#!/bin/sh
# The view transforms and pprof labels in the TUI: i inverts and back, r
# cycles collapse recursion (direct, all, off), each shows as a chip; tag
# filters at the : prompt are chips x removes; the details panel (d) breaks
# the selected frame's value down by label value.
. "$(dirname "$0")/lib.sh"

R=tests/data/recursive.folded
L=tests/data/go-labels.cpu.pb.gz
header_has() { ft_screen | head -1 | grep -Eq -- "$1"; }
header_lacks() { ! ft_screen | head -1 | grep -Eq -- "$1"; }
line_has() { ft_screen | sed -n "$1p" | grep -Eq -- "$2"; }
line_lacks() { ! ft_screen | sed -n "$1p" | grep -Eq -- "$2"; }
status_has() { ft_screen | tail -1 | grep -Eq -- "$1"; }
count_is() { [ "$(ft_screen | grep -o -- "$1" | wc -l)" -eq "$2" ]; }
filter() { ft_keys :; ft_keys -l "$1"; ft_keys Enter; }

ft_start 100 24 -- "$R"
ft_check "opens" ft_wait_for 'recursive.folded \| samples \| total 21'
ft_check "upright: main right under the root" ft_poll 3 line_has 3 '^▏main *$'

ft_keys i
ft_check "i: an invert chip" ft_poll 3 header_has 'total 21 invert( |$)'
ft_check "i: the roots are where samples were taken" \
    ft_poll 3 line_has 3 '^▏apply +▏eval +▏expr +▏main▏term'
ft_check "i: says what it did" status_has '^inverted'
ft_keys i
ft_check "i again: upright, no chip" ft_poll 3 header_lacks 'invert'
ft_check "i again: main under the root" ft_poll 3 line_has 3 '^▏main *$'

ft_check "recorded: expr four times on screen" count_is '▏expr' 4
ft_keys r
ft_check "r: direct recursion collapsed" \
    ft_poll 3 header_has 'collapse-recursion:direct'
ft_check "r: eval;eval;eval is one eval, expr;expr;expr one expr" \
    ft_poll 3 count_is '▏expr' 2
ft_keys r
ft_check "r again: flattened (all)" ft_poll 3 header_has 'collapse-recursion:all'
ft_check "r again: one expr, one eval" ft_poll 3 count_is '▏expr' 1
ft_check "r again: eval once" count_is '▏eval' 1
ft_keys r
ft_check "r a third time: off" ft_poll 3 header_lacks 'collapse-recursion'
ft_check "r a third time: expr as recorded" ft_poll 3 count_is '▏expr' 4
ft_keys i r
ft_check "i and r together: both chips" \
    ft_poll 3 header_has 'invert collapse-recursion:direct'
ft_keys X
ft_check "X clears them" ft_poll 3 header_lacks 'invert|collapse'
ft_keys q
ft_check "quits" ft_wait_for 'flametui exited 0'

ft_start 120 30 -- "$L"
ft_check "labelled pprof opens" ft_wait_for 'go-labels.cpu.pb.gz'
ft_keys d
ft_check "d: value by endpoint" \
    ft_poll 3 ft_matches '^endpoint: /api/search 59\.4%, /api/cart 26\.3%, \(none\) 14\.3%'
ft_check "d: value by region" ft_matches '^region: eu 59\.4%, us 26\.3%, \(none\) 14\.3%'
filter 'tagfocus endpoint=/api/cart'
ft_check "tagfocus: a chip and the cart total" \
    ft_poll 3 header_has '\| 350 ms of 1\.33 s \(26\.3%\) tagfocus:endpoint=/api/cart'
ft_check "tagfocus: details follow" ft_poll 3 ft_matches '^endpoint: /api/cart 100%'
ft_keys x
ft_check "x removes the tag chip" ft_poll 3 header_lacks 'tagfocus'
filter 'tagroot region'
ft_check "tagroot: label values as root frames" \
    ft_poll 3 line_has 3 '^▏<unknown> +▏eu +▏us'
ft_keys j
ft_check "the widest root frame selected" ft_poll 3 status_has '^eu \| total 790 ms'
ft_check "details of eu: all eu, all /api/search" \
    ft_poll 3 ft_matches '^endpoint: /api/search 100%'
filter 'taghide endpoint'
ft_check "taghide: endpoint no longer listed" ft_poll 3 ft_not_matches '^endpoint:'
ft_check "taghide: region still is" ft_matches '^region: eu 100%'
ft_keys q
ft_check "quits" ft_wait_for 'flametui exited 0'
ft_done
