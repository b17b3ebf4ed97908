#!/usr/bin/env python3
"""make-samply-syms.py PROFILE.json.gz RESPONSE.json > PROFILE.json.syms.json -
samply's symbol sidecar (the layout samply reads back in
samply/src/shared/symbol_precog.rs: {"data": [{debug_name, debug_id,
code_id, symbol_table: [{rva, size, symbol}], known_addresses: [[rva,
index into symbol_table]]}], "string_table": [...]}) for the libraries of
PROFILE, from a symbolication server's answer for it (the Firefox
Profiler's recorded symbol-server-response.json: per frame its module,
module_offset, function, function_offset and function_size)."""
import gzip
import json
import sys

prof_path, resp_path = sys.argv[1], sys.argv[2]
op = gzip.open if prof_path.endswith(".gz") else open
with op(prof_path, "rt", encoding="utf-8") as f:
    prof = json.load(f)
resp = json.load(open(resp_path))
libs = {(l["debugName"], l["breakpadId"]): l for l in prof["libs"]}
strings, sidx = [], {}


def sid(s):
    if s not in sidx:
        sidx[s] = len(strings)
        strings.append(s)
    return sidx[s]


data = {}
for r in resp["results"]:
    for stack in r["stacks"]:
        for fr in stack:
            mod = [k for k in r["found_modules"] if k.startswith(fr["module"] + "/")][0]
            name, bid = mod.split("/")
            lib = libs[(name, bid)]
            d = data.setdefault(mod, {"debug_name": name, "debug_id": bid,
                                      "code_id": lib.get("codeId") or "",
                                      "symbol_table": [], "known_addresses": [], "_sym": {}})
            off = int(fr["module_offset"], 16)
            rva = off - int(fr["function_offset"], 16)
            key = (rva, fr["function"])
            if key not in d["_sym"]:
                d["_sym"][key] = len(d["symbol_table"])
                d["symbol_table"].append({"rva": rva, "size": int(fr["function_size"], 16),
                                          "symbol": sid(fr["function"])})
            if all(a != off for a, _ in d["known_addresses"]):
                d["known_addresses"].append([off, d["_sym"][key]])
out = []
for d in data.values():
    d.pop("_sym")
    d["known_addresses"].sort()
    out.append(d)
json.dump({"data": out, "string_table": strings}, sys.stdout, indent=1)
