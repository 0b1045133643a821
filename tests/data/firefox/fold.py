#!/usr/bin/env python3
"""The expected folded output of a Firefox Profiler file (processed or
Gecko format, a DevTools recording around one), by tflame's rules
(doc/conformance.md), written independently of the C loader.
Usage: fold.py FILE > FILE.folded"""
import json, sys
from collections import defaultdict

out = defaultdict(float)

def table(t):
    """Columns of a table in either shape, as a dict name -> list."""
    if "schema" in t:
        cols = {}
        for name, i in t["schema"].items():
            cols[name] = [row[i] if i < len(row) else None for row in t["data"]]
        return cols
    return t

def thread(th, shared):
    strings = th.get("stringArray", th.get("stringTable", shared))
    st, ft = table(th["stackTable"]), table(th["frameTable"])
    if "location" in ft:
        fname = [strings[l] for l in ft["location"]]
    else:
        names = table(th["funcTable"])["name"]
        fname = [strings[names[f]] for f in ft["func"]]
    root = th.get("name", "")
    if th.get("tid") is not None:
        root = "%s-%s" % (root, th["tid"])
    sm = table(th["samples"])
    weights = sm.get("weight")
    for i, s in enumerate(sm["stack"]):
        if s is None:
            continue
        frames = []
        while s is not None:
            frames.append(fname[st["frame"][s]])
            s = st["prefix"][s]
        w = weights[i] if weights and weights[i] is not None else 1
        out[";".join([root] + frames[::-1])] += w

def profile(p):
    if "threads" not in p and "profile" in p:
        return profile(p["profile"])
    shared = p.get("shared", {}).get("stringArray")
    for th in p["threads"]:
        if isinstance(th, str):
            profile(json.loads(th))
        else:
            thread(th, shared)
    for pr in p.get("processes", []):
        profile(json.loads(pr) if isinstance(pr, str) else pr)

profile(json.load(open(sys.argv[1])))
for k in sorted(out, key=lambda s: s.encode()):
    v = out[k]
    print(k, int(v) if v == int(v) else v)
