#!/usr/bin/env python3
"""Chooses the confidence a recognised word needs to go into the PDF's text layer (--min-confidence).

    scripts/handwriting_calibrate.py KEEP_DIR [--split tune|report|all] [--precision 0.9]

KEEP_DIR is what `scripts/handwriting_bench.py --keep KEEP_DIR` left: a folder per notebook holding
`recognized.ink.jsonl.gz`, the ink with its `text` entries. Each entry with a confidence is a word the
text layer would hold at a threshold at or below it; it is right when it is one of the words transcribed
on its page (bench/handwriting/truth, compared as the benchmark compares them). For each threshold the
table gives the words written, how many are right (precision) and how many of the page's words they
cover (recall); the last line names the least threshold whose precision reaches --precision.
"""
import glob, gzip, json, os, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import handwriting_bench as bench  # noqa: E402


def main():
    args = sys.argv[1:]
    keep = args.pop(0)
    split, wanted = "tune", 0.9
    while args:
        flag = args.pop(0)
        if flag == "--split": split = args.pop(0)
        elif flag == "--precision": wanted = float(args.pop(0))
    truth_folder = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "bench", "handwriting", "truth")
    entries, totals = [], 0
    for truth_path in sorted(glob.glob(os.path.join(truth_folder, "*.json"))):
        truth = json.load(open(truth_path, encoding="utf-8"))
        name = os.path.splitext(os.path.basename(truth_path))[0]
        ink = os.path.join(keep, name, "recognized.ink.jsonl.gz")
        if not os.path.exists(ink):
            continue
        pages = {p["page"]: p for p in truth["pages"] if split == "all" or p["split"] == split}
        for line in gzip.open(ink, "rt", encoding="utf-8").read().splitlines()[1:]:
            layer = json.loads(line)
            page = pages.get(layer.get("page"))
            if page is None:
                continue
            words = bench.truth_words(page["lines"])
            for entry in layer.get("text", []):
                if entry.get("confidence") is None:
                    continue
                key = bench.word_key(entry["text"])
                entries.append((entry["confidence"], key is not None and key in words, key))
        for page in pages.values():
            totals += len(bench.truth_words(page["lines"]))
    print("split %s: %d entries with a confidence, %d transcribed words" % (split, len(entries), totals))
    print("%10s %8s %8s %10s %8s" % ("threshold", "words", "right", "precision", "recall"))
    chosen = None
    for step in range(0, 100, 5):
        threshold = step / 100
        kept = [e for e in entries if e[0] >= threshold]
        right = sum(1 for e in kept if e[1])
        found = len({e[2] for e in kept if e[1]})
        precision = right / len(kept) if kept else 1.0
        print("%10.2f %8d %8d %9.1f%% %7.1f%%" % (threshold, len(kept), right, 100 * precision, 100 * found / max(totals, 1)))
        if chosen is None and kept and precision >= wanted:
            chosen = threshold
    print("least threshold with precision >= %.0f%%: %s" % (100 * wanted, "none" if chosen is None else "%.2f" % chosen))


if __name__ == "__main__":
    main()
