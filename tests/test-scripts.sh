#!/bin/sh
# test-scripts.sh - checks of the project's own scripts (run by make lint):
# ./quickstart's install advice (with fake apt-get, id and sudo on a bare
# PATH), make check's summary (tests/check-summary.sh on made-up logs) and
# the e2e library's "no flametui left" check without pgrep.
# Prints "scripts: N passed, N failed".
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "scripts: FAIL: $*"; }
check() { # check NAME COMMAND...
	n=$1
	shift
	if "$@"; then ok; else bad "$n"; fi
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# --- quickstart ------------------------------------------------------------
# A bare PATH: no pkg-config (so build dependencies are missing), a fake
# apt-get that logs how it was called, a fake id (FAKE_UID) and, per case,
# a sudo that works, asks for a password, or is absent.
fake=$tmp/bin
mkdir -p "$fake"
for t in dirname env cat; do ln -s "$(command -v $t)" "$fake/$t"; done
printf '#!/bin/sh\nexit 0\n' >"$fake/true"
cat >"$fake/apt-get" <<'EOF'
#!/bin/sh
echo "DEBIAN_FRONTEND=${DEBIAN_FRONTEND:-unset} $*" >>"$QS_LOG"
EOF
cat >"$fake/id" <<'EOF'
#!/bin/sh
echo "${FAKE_UID:-1000}"
EOF
chmod +x "$fake/apt-get" "$fake/id" "$fake/true"
qs() { # qs UID SUDO-KIND ARGS...: run quickstart; output in $tmp/out
	uid=$1 sudo_kind=$2
	shift 2
	rm -f "$fake/sudo" "$tmp/log"
	case $sudo_kind in
	works) printf '#!/bin/sh\n[ "$1" = -n ] && shift\necho "sudo $*" >>"$QS_LOG"\nexec "$@"\n' >"$fake/sudo" ;;
	password) printf '#!/bin/sh\nexit 1\n' >"$fake/sudo" ;;
	esac
	[ -f "$fake/sudo" ] && chmod +x "$fake/sudo"
	QS_LOG=$tmp/log FAKE_UID=$uid PATH=$fake /bin/sh ./quickstart "$@" >"$tmp/out" 2>&1
	echo $? >"$tmp/rc"
	touch "$tmp/log"
}
has() { grep -q -F -- "$1" "$2"; }
hasnt() { ! grep -q -F -- "$1" "$2"; }
has_text() { case $2 in *"$1"*) return 0 ;; esac; return 1; }

qs 0 none --deps
check "quickstart as root: installs, exit 0" [ "$(cat "$tmp/rc")" = 0 ]
check "quickstart as root: apt-get update without debconf prompts" \
    has "DEBIAN_FRONTEND=noninteractive update" "$tmp/log"
check "quickstart as root: build and test tools in one install" \
    has "DEBIAN_FRONTEND=noninteractive install -y build-essential pkg-config libncurses-dev zlib1g-dev libpcre2-dev libdeflate-dev libiberty-dev libyajl-dev libcurl4-openssl-dev libdw-dev tmux procps" "$tmp/log"

# Every package .ci/run installs for make check (which runs every suite
# there), quickstart installs too: the README's two commands on a bare
# Debian skip nothing.
ci_pkgs=$(sed -n 's/.*apt-get install -y[^ ]*\(.*\)>.*/\1/p' .ci/run | tr ' \t\\' '\n\n\n' | grep -v '^-' | grep -v '^$')
missing=""
for p in $ci_pkgs; do
	grep -q -E "install -y( --no-install-recommends)? (.* )?$p( |\$)" "$tmp/log" || missing="$missing $p"
done
[ -n "$ci_pkgs" ] || missing="(no packages read from .ci/run)"
check "quickstart as root: installs every package .ci/run installs (missing:${missing:- none})" \
    [ -z "$missing" ]
check "quickstart as root: Chromium without recommends" \
    has "DEBIAN_FRONTEND=noninteractive install -y --no-install-recommends chromium" "$tmp/log"

qs 1000 none --deps
check "quickstart without root or sudo: exit 1" [ "$(cat "$tmp/rc")" = 1 ]
check "quickstart without sudo: prints the su -c command" \
    has "su -c 'apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y build-essential" "$tmp/out"
check "quickstart without sudo: never advises sudo" hasnt sudo "$tmp/out"
check "quickstart without root: installs nothing" [ ! -s "$tmp/log" ]

qs 1000 password --deps
check "quickstart, sudo with a password: exit 1" [ "$(cat "$tmp/rc")" = 1 ]
check "quickstart, sudo with a password: prints the sudo command" \
    has "sudo sh -c 'apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y" "$tmp/out"

qs 1000 works --deps
check "quickstart, passwordless sudo: installs through sudo" \
    has "sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y" "$tmp/log"
check "quickstart, passwordless sudo: exit 0" [ "$(cat "$tmp/rc")" = 0 ]

# --- make check's summary ---------------------------------------------------
cat >"$tmp/log1" <<'EOF'
unit: 10 passed, 0 failed
reference: skipped: /x/corpora not found (set FLAMETUI_SHARED)
e2e: 3 passed, 0 failed, 1 skipped
e2e: skipped: test_x: tmux too old
lint: 5 passed, 0 failed
EOF
out=$(CI= sh tests/check-summary.sh 0 <"$tmp/log1")
rc=$?
check "summary: counts every suite, e2e too" sh -c "printf '%s\n' '$out' | tail -n 1 | grep -q '^check: 18 passed, 0 failed, 2 skipped (unit 10, e2e 3, lint 5)'"
check "summary: names each skipped suite and why" sh -c "printf '%s\n' '$out' | grep -q 'SKIPPED reference: skipped: /x/corpora not found' && printf '%s\n' '$out' | grep -q 'SKIPPED e2e: skipped: test_x: tmux too old'"
check "summary: a skip passes outside CI" [ "$rc" = 0 ]
CI=true sh tests/check-summary.sh 0 <"$tmp/log1" >/dev/null
check "summary: under CI=true a skipped suite fails" [ $? = 1 ]
printf 'unit: 10 passed, 0 failed\n' | CI=true sh tests/check-summary.sh 0 >/dev/null
check "summary: nothing skipped passes under CI=true" [ $? = 0 ]
printf 'unit: 10 passed, 2 failed\n' | sh tests/check-summary.sh 0 >/dev/null
check "summary: a failed test fails" [ $? = 1 ]
printf 'unit: 10 passed, 0 failed\n' | sh tests/check-summary.sh 1 >"$tmp/o"
check "summary: a failed suite fails and counts" sh -c "[ \$? = 1 ] || true; grep -q '10 passed, 1 failed' '$tmp/o'"

# --- the e2e library without pgrep --------------------------------------------
if command -v tmux >/dev/null 2>&1; then
	nopg=$tmp/nopgrep
	mkdir -p "$nopg"
	for t in sh tmux basename dirname cut mktemp rm cat awk sleep grep; do
		ln -s "$(command -v $t)" "$nopg/$t"
	done
	out=$(PATH=$nopg sh -c '
		. tests/e2e/lib.sh
		if ft_none_left; then echo passed; else echo failed; fi' 2>&1)
	check "e2e: 'no flametui left' fails when pgrep is missing" [ "${out##*
}" = failed ]
	check "e2e: and says pgrep is missing" has_text "pgrep not found: install procps" "$out"
else
	echo "scripts: e2e library check skipped: tmux not installed"
fi

echo "scripts: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
