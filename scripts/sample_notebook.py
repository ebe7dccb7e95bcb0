#!/usr/bin/env python3
"""Writes SamplePDFs/handwritten-words.xopp: a Xournal++ notebook of one A4 page of printed handwriting.

    scripts/sample_notebook.py [OUT.xopp]

The words are the project's print handwriting samples (scripts/handwriting_samples.py: Hershey
single-stroke letters with a hand's jitter and pressure, seed 0), drawn as Xournal++ pen strokes whose
widths follow the pen's pressure. `make run` flattens it with --recognize and then finds one of its
words with `inkpdf search`. Deterministic: the same bytes each run (gzip with no name and no time).
"""
import gzip, io, json, os, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def notebook(layer):
    out = ['<?xml version="1.0" standalone="no"?>',
           '<xournal creator="inkpdf scripts/sample_notebook.py" fileversion="4">',
           '<title>Handwritten words</title>',
           '<page width="595.27559055" height="841.88976378">',
           '<background type="solid" color="#ffffffff" style="lined"/>',
           '<layer>']
    for stroke in layer["strokes"]:
        points = stroke["points"]
        if len(points) < 2:
            continue
        # Xournal++'s pressure form: the stroke's width, then one width a segment.
        widths = [stroke["ink"].get("width", 1.4)] + [round(max(p[3], 0.2), 2) for p in points[1:]]
        coordinates = " ".join("%.2f %.2f" % (p[0] + 24, p[1] + 40) for p in points)
        out.append('<stroke tool="pen" color="#1a1a1aff" width="%s">%s</stroke>' % (" ".join("%.2f" % w for w in widths), coordinates))
    out += ['</layer>', '</page>', '</xournal>', '']
    return "\n".join(out).encode("utf-8")


def main():
    target = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", "SamplePDFs", "handwritten-words.xopp")
    with tempfile.TemporaryDirectory() as folder:
        subprocess.run([sys.executable, os.path.join(HERE, "handwriting_samples.py"), folder], check=True, stdout=subprocess.DEVNULL)
        lines = open(os.path.join(folder, "print.ink.jsonl"), encoding="utf-8").read().splitlines()[1:]
        layer = next(json.loads(line) for line in lines if json.loads(line)["page"] == 1)
    buffer = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=buffer, mtime=0) as compressed:
        compressed.write(notebook(layer))
    with open(target, "wb") as f:
        f.write(buffer.getvalue())
    print("wrote %s (%d strokes)" % (target, len(layer["strokes"])))


if __name__ == "__main__":
    main()
