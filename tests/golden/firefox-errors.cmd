# Bad Firefox Profiler files: a clear reason, never a crash.  Each is a real
# fixture (tests/data) with one thing changed by python here.
ed() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); $2; json.dump(d,sys.stdout)" "$1"; }
p=tests/data/firefox-processed-3.json
g=tests/data/firefox-gecko-2.json
ed $p "d['meta']['preprocessedProfileVersion']=99" | LC_ALL=C $FLAMETUI --info - 2>&1
ed $g "d['meta']['version']=99" | LC_ALL=C $FLAMETUI --info - 2>&1
ed $p "del d['threads'][0]['stackTable']" | LC_ALL=C $FLAMETUI --info - 2>&1
ed $p "d['threads'][0]['samples']['stack'][2]=40" | LC_ALL=C $FLAMETUI --info - 2>&1
ed $p "d['threads'][0]['stackTable']['prefix'][0]=3" | LC_ALL=C $FLAMETUI --info - 2>&1
ed $p "d['threads'][0]['stackTable']['prefix'][1]=-7" | LC_ALL=C $FLAMETUI --info - 2>&1
ed $p "d['threads'][0]['funcTable']['name'][1]=1000" | LC_ALL=C $FLAMETUI --info - 2>&1
ed $p "d['threads'][0]['samples']['weightType']='watts'" | LC_ALL=C $FLAMETUI --info - 2>&1
ed $p "d['threads'][0]['samples']['time'].pop()" | LC_ALL=C $FLAMETUI --info - 2>&1
ed $g "d['threads'][0]['frameTable']['schema']={}" | LC_ALL=C $FLAMETUI --info - 2>&1
ed $g "d['threads'][0]['stackTable']['data'][0]=[None,99]" | LC_ALL=C $FLAMETUI --info - 2>&1
ed $p "d['threads']=[]" | LC_ALL=C $FLAMETUI --info - 2>&1
head -c 3000 $p | LC_ALL=C $FLAMETUI --info - 2>&1
