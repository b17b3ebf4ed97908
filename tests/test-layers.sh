#!/bin/sh
# test-layers.sh - tests/layers.py on small made-up trees: a clean tree
# passes, and each kind of fault fails it with its own message.
# Prints "layers-faults: N passed, N failed".
top=$(cd "$(dirname "$0")/.." && pwd)
CC=${CC:-cc}
pass=0 fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# mk DIR: a clean two-layer tree (base/a, profile/b using a; main.c) built.
mk() {
	rm -rf "$1"
	mkdir -p "$1/src/base" "$1/src/profile" "$1/build/base" "$1/build/profile"
	printf '#ifndef A_H\n#define A_H\nint a(void);\n#endif\n' >"$1/src/base/a.h"
	printf '#include "base/a.h"\nint a(void) { return 1; }\n' >"$1/src/base/a.c"
	printf '#ifndef B_H\n#define B_H\n#include "base/a.h"\nint b(void);\n#endif\n' >"$1/src/profile/b.h"
	printf '#include "profile/b.h"\nint b(void) { return a() + 1; }\n' >"$1/src/profile/b.c"
	printf '#include "profile/b.h"\nint main(void) { return b(); }\n' >"$1/src/main.c"
}
build() {
	for c in $(cd "$1/src" && find . -name '*.c'); do
		o=$1/build/${c%.c}.o
		mkdir -p "$(dirname "$o")"
		$CC -I"$1/src" -c -o "$o" "$1/src/$c" 2>/dev/null || return 1
	done
}
run() { python3 "$top/tests/layers.py" --src "$1/src" --build "$1/build" --cc "$CC" >"$1.out" 2>&1; }
# expect NAME pass|fail [TEXT]: the last tree built
expect() {
	name=$1 want=$2 text=$3
	if run "$t"; then got=pass; else got=fail; fi
	if [ "$got" != "$want" ]; then
		fail=$((fail + 1)); echo "layers-faults: FAIL: $name: $got, wanted $want"; sed 's/^/  /' "$t.out"
	elif [ -n "$text" ] && ! grep -q -- "$text" "$t.out"; then
		fail=$((fail + 1)); echo "layers-faults: FAIL: $name: no \"$text\" in:"; sed 's/^/  /' "$t.out"
	else
		pass=$((pass + 1))
	fi
}

t=$tmp/clean; mk "$t"; build "$t"; expect clean pass

# A lower layer includes a higher one.
t=$tmp/up; mk "$t"
printf '#include "profile/b.h"\n#include "base/a.h"\nint a(void) { return 1; }\n' >"$t/src/base/a.c"
build "$t"; expect upward-include fail "layer profile is above base"

# A lower layer calls a higher one without including it (declared by hand).
t=$tmp/upsym; mk "$t"
printf '#include "base/a.h"\nint b(void);\nint a(void) { return b(); }\n' >"$t/src/base/a.c"
build "$t"; expect upward-call fail "calls b from profile/b.o"

# Two files of one layer include each other.
t=$tmp/circle; mk "$t"
printf '#ifndef C_H\n#define C_H\n#include "profile/b.h"\nint c(void);\n#endif\n' >"$t/src/profile/c.h"
printf '#include "profile/c.h"\nint c(void) { return 3; }\n' >"$t/src/profile/c.c"
printf '#include "profile/b.h"\n#include "profile/c.h"\nint b(void) { return a() + c(); }\n' >"$t/src/profile/b.c"
build "$t"; expect include-circle fail "include circle: profile/b -> profile/c"

# A circle only the symbols show: c() declared in b.h but defined in c.c,
# which calls b().
t=$tmp/symcircle; mk "$t"
printf '#ifndef B_H\n#define B_H\nint b(void);\nint c(void);\n#endif\n' >"$t/src/profile/b.h"
printf '#include "profile/b.h"\nint b(void) { return c(); }\n' >"$t/src/profile/b.c"
printf 'int b(void);\nint c(void);\nint c(void) { return b(); }\n' >"$t/src/profile/c.c"
build "$t"; expect symbol-circle fail "symbol circle: profile/b -> profile/c"

# An include that does not name its layer.
t=$tmp/noname; mk "$t"
printf '#include "a.h"\nint x(void);\nint x(void) { return a(); }\n' >"$t/src/base/x.c"
build "$t" || $CC -I"$t/src/base" -c -o "$t/build/base/x.o" "$t/src/base/x.c"
expect unnamed-include fail 'is not a path under'

# A folder that is not a layer.
t=$tmp/folder; mk "$t"; mkdir -p "$t/src/misc"; build "$t"; expect stray-folder fail "src/misc/ is not a layer"

# Three .c files at the top of src/.
t=$tmp/loose; mk "$t"
printf 'int l1(void);\nint l1(void) { return 0; }\n' >"$t/src/l1.c"
printf 'int l2(void);\nint l2(void) { return 0; }\n' >"$t/src/l2.c"
build "$t"; expect loose-files fail "3 .c files at the top of src/"

# A header that needs something it does not include.
t=$tmp/header; mk "$t"
printf '#ifndef D_H\n#define D_H\nsize_t d(void);\n#endif\n' >"$t/src/profile/d.h"
printf '#include <stddef.h>\n#include "profile/d.h"\nsize_t d(void) { return 0; }\n' >"$t/src/profile/d.c"
build "$t"; expect header-alone fail "profile/d.h does not compile alone"

echo "layers-faults: $pass passed, $fail failed"
[ "$fail" = 0 ]
