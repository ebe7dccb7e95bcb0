#!/usr/bin/env python3
"""Counts the words of a handwriting sample's truth (scripts/handwriting_samples.py) that were found.

    scripts/recognition_score.py RECOGNIZED.ink.jsonl TRUTH.json   # text entries at their place
    scripts/recognition_score.py --text TEXT|- TRUTH.json           # anywhere in plain text (an OCR's)

A word is found as search finds it: ignoring case, within the edit distance search engines allow by
default (none up to 2 letters, 1 up to 5, 2 beyond; CJK exactly). At its place: an entry made mostly
of the word's strokes (or most of whose strokes are the word's) reads it, first or as an alternative.
Prints `FOUND/TOTAL (PERCENT %)`.
"""
import json
import sys


def distance(a, b):
    previous = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        current = [i]
        for j, y in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x != y)))
        previous = current
    return previous[-1]


def matches(reading, word):
    reading, word = reading.lower(), word.lower()
    cjk = any(0x3040 <= ord(c) <= 0x9FFF for c in word)
    if cjk:
        return word in reading if len(reading) > len(word) else reading == word
    allowed = 0 if len(word) <= 2 else 1 if len(word) <= 5 else 2
    return distance(reading, word) <= allowed


def main():
    args = sys.argv[1:]
    if args[0] == "--text":
        text = (sys.stdin if args[1] == "-" else open(args[1], encoding="utf-8")).read()
        truth = json.load(open(args[2], encoding="utf-8"))
        tokens = text.split()
        compact = "".join(tokens)
        found = sum(1 for w in truth
                    if (w["text"] in compact if any(0x3040 <= ord(c) <= 0x9FFF for c in w["text"])
                        else any(matches(t.strip(".,;:!?\"'()"), w["text"]) for t in tokens)))
    else:
        lines = open(args[0], encoding="utf-8").read().splitlines()[1:]
        truth = json.load(open(args[1], encoding="utf-8"))
        entries = {}
        for line in lines:
            if line.strip():
                layer = json.loads(line)
                entries.setdefault(layer["page"], []).extend(layer.get("text", []))
        found = 0
        for word in truth:
            strokes = set(range(word["strokes"][0], word["strokes"][1] + 1))
            for entry in entries.get(word["page"], []):
                shared = len(set(entry["strokes"]) & strokes)
                if shared and (shared >= 0.5 * len(strokes) or shared >= 0.5 * len(entry["strokes"])):
                    if any(matches(r, word["text"]) for r in [entry["text"]] + entry.get("alternatives", [])):
                        found += 1
                        break
    print("%d/%d (%.0f %%)" % (found, len(truth), 100.0 * found / max(len(truth), 1)))


if __name__ == "__main__":
    main()
