#!/usr/bin/env python3
"""Where the bytes of an annotation export go (scripts/bench-annotations.sh).

    annotation_bytes.py ORIGINAL.pdf EXPORT.pdf

EXPORT is ORIGINAL with an incremental update appended. Every object the update
writes is measured from its offset (qpdf --show-xref) to the next object or to
the cross-reference section, and classed with pikepdf by what refers to it:
  appearance   the /AP /N streams of annotations (with their own resources)
  layer        /InkPDF:Layer streams;   header  /InkPDF:Header streams
  annotations  annotation dictionaries;  pages  rewritten page dictionaries
  xref         the cross-reference table or stream and the trailer
  other        anything else (an object stream counts under "other")
Prints {"original", "export", "appended", "bytes": {class: n}, "objects": {class: n}}.
Exit codes: 0 done; 64 usage; 65 EXPORT does not begin with ORIGINAL's bytes
or cannot be read; 69 qpdf or pikepdf is missing.
"""
import json
import os
import re
import subprocess
import sys


def fail(code, message):
    print(f"annotation_bytes.py: {message}", file=sys.stderr)
    sys.exit(code)


def offsets(path):
    """Object number -> byte offset, for the objects not in object streams."""
    try:
        done = subprocess.run(["qpdf", "--show-xref", path], capture_output=True, text=True)
    except FileNotFoundError:
        fail(69, "qpdf is not installed (make deps installs it)")
    if done.returncode not in (0, 3):
        fail(65, f"{path}: qpdf cannot read it: {done.stderr.strip().splitlines()[-1:]}")
    found = {}
    for line in done.stdout.splitlines():
        match = re.match(r"(\d+)/\d+: uncompressed; offset = (\d+)", line)
        if match:
            found[int(match.group(1))] = int(match.group(2))
    return found


def classes(path):
    """Object number -> class, from what the annotations refer to."""
    try:
        import pikepdf
    except ImportError:
        fail(69, "pikepdf is not installed (make deps installs it)")
    kind = {}
    with pikepdf.open(path) as pdf:
        for page in pdf.pages:
            kind[page.obj.objgen[0]] = "pages"
            for annot in page.obj.get("/Annots", []):
                if annot.is_indirect:
                    kind[annot.objgen[0]] = "annotations"
                for key, name in (("/InkPDF:Layer", "layer"), ("/InkPDF:Header", "header")):
                    value = annot.get(key)
                    if value is not None and value.is_indirect:
                        kind[value.objgen[0]] = name
                strokes = annot.get("/InkPDF:Strokes")
                if isinstance(strokes, pikepdf.Array) and len(strokes) == 4 and strokes[0].is_indirect:
                    kind[strokes[0].objgen[0]] = "strokes"
                normal = annot.get("/AP", {}).get("/N") if "/AP" in annot else None
                if normal is not None:
                    mark_appearance(normal, kind, set())
    return kind


def mark_appearance(value, kind, seen):
    """The appearance stream and the new objects of its resources (ExtGStates)."""
    import pikepdf
    if isinstance(value, (pikepdf.Stream, pikepdf.Dictionary)) and value.is_indirect:
        number = value.objgen[0]
        if number in seen:
            return
        seen.add(number)
        kind.setdefault(number, "appearance")
    if isinstance(value, (pikepdf.Stream, pikepdf.Dictionary)):
        for key in value.keys():
            if key not in ("/P", "/Parent"):
                mark_appearance(value[key], kind, seen)
    elif isinstance(value, pikepdf.Array):
        for item in value:
            mark_appearance(item, kind, seen)


def main(argv):
    if len(argv) != 2:
        fail(64, "usage: annotation_bytes.py ORIGINAL.pdf EXPORT.pdf")
    original, export = argv
    size, total = os.path.getsize(original), os.path.getsize(export)
    with open(original, "rb") as a, open(export, "rb") as b:
        while True:
            chunk = a.read(1 << 20)
            if not chunk:
                break
            if b.read(len(chunk)) != chunk:
                fail(65, f"{export} does not begin with the bytes of {original}: not an incremental update")
    with open(export, "rb") as file:
        file.seek(max(size, total - 4096))
        tail = file.read()
    start = tail.rfind(b"startxref")
    xref_at = int(tail[start + 9:].split()[0]) if start >= 0 else total
    placed = sorted((at, number) for number, at in offsets(export).items() if at >= size)
    kind = classes(export)
    counts, objects = {}, {}
    ends = [at for at, _ in placed[1:]] + [xref_at]
    for (at, number), end in zip(placed, ends):
        name = kind.get(number, "other")
        counts[name] = counts.get(name, 0) + max(0, min(end, xref_at) - at)
        objects[name] = objects.get(name, 0) + 1
    first = placed[0][0] if placed else xref_at
    counts["xref"] = counts.get("xref", 0) + (total - xref_at) + (first - size)
    return {"original": size, "export": total, "appended": total - size, "bytes": counts, "objects": objects}


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1:])))
