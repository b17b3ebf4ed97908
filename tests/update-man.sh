#!/bin/sh
# Build man/flametui.1 from man/flametui.1.in and the key table
# (flametui --keys-mdoc), so the man page's KEYS can never drift from the
# keys the program binds.
top=$(cd "$(dirname "$0")/.." && pwd)
flametui=${FLAMETUI:-$top/flametui}
keys=$(mktemp)
"$flametui" --keys-mdoc > "$keys" || exit 1
awk -v keys="$keys" '
	/^\.\\" KEYS-BEGIN/ { print; while ((getline l < keys) > 0) print l; next }
	{ print }' "$top/man/flametui.1.in" > "$top/man/flametui.1.tmp"
rm -f "$keys"
mv "$top/man/flametui.1.tmp" "$top/man/flametui.1"
