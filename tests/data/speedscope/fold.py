#!/usr/bin/env python3
"""The expected folded output of a speedscope file, by tflame's rules
(doc/conformance.md): written from the rules, independently of the C
loader, to make results/*.folded.  Usage: fold.py FILE > FILE.folded"""
import json, sys
from collections import defaultdict

NS = {"nanoseconds": 1, "microseconds": 1e3, "milliseconds": 1e6, "seconds": 1e9}

def count(w, unit):
    if unit in NS:
        return int(w * NS[unit] + 0.5)
    return w

def main(path):
    d = json.load(open(path))
    names = [f["name"] for f in d["shared"]["frames"]]
    out = defaultdict(float)
    profs = d["profiles"]
    for p in profs:
        root = [p.get("name") or "profile %d" % (profs.index(p) + 1)] if len(profs) > 1 else []
        unit = p.get("unit", "none")
        if p["type"] == "sampled":
            for s, w in zip(p["samples"], p["weights"]):
                out[";".join(root + [names[i] for i in s])] += count(w, unit)
        else:
            stack, last = [], None
            for e in p["events"]:
                if stack and last is not None and e["at"] > last:
                    if unit in NS:
                        c = int(e["at"] * NS[unit]) - int(last * NS[unit])
                    else:
                        c = e["at"] - last
                    out[";".join(root + [names[i] for i in stack])] += c
                last = e["at"]
                if e["type"] == "O":
                    stack.append(e["frame"])
                else:
                    assert stack and stack[-1] == e["frame"], "out of order"
                    stack.pop()
            assert not stack, "unbalanced"
    for k in sorted(out, key=lambda s: s.encode()):
        v = out[k]
        print(k, int(v) if v == int(v) else v)

main(sys.argv[1])
