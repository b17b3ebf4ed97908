# A Firefox Profiler export whose meta is long (categories and marker
# schemas run past the 64 KiB sniffed) before preprocessedProfileVersion:
# told by the top-level keys meta and threads, from a file and a pipe.  The
# real samply fixture with its meta's categories repeated by python here.
python3 -c "
import json, sys
d = json.load(open('tests/data/samply-unsymbolicated-v70.json'))
m = d['meta']
v = m.pop('preprocessedProfileVersion')
m['categories'] = (m.get('categories') or [{'name': 'Other', 'color': 'grey', 'subcategories': ['Other']}]) * 1500
m['preprocessedProfileVersion'] = v
json.dump(d, sys.stdout)
" > "${TMPDIR:-/tmp}/ft-ff-late.$$.json"
f="${TMPDIR:-/tmp}/ft-ff-late.$$.json"
LC_ALL=C $FLAMETUI --info "$f" 2>&1 | grep -E '^(detected|format|total)='
cat "$f" | LC_ALL=C $FLAMETUI --info - 2>&1 | grep -E '^(detected|format|total)='
rm -f "$f"
