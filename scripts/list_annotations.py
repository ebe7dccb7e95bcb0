#!/usr/bin/env python3
"""Lists a PDF's annotations as MuPDF (PyMuPDF) reads them, as JSON on stdout.

    list_annotations.py PDF [--page N]

Prints a list, one object per annotation in /Annots order, page by page:
  page        the page (from 1)
  subtype     "Ink", "Highlight", … (the /Subtype without its slash)
  rect        [x0, y0, x1, y1]: PyMuPDF's rectangle, the page as displayed, y down
  pdf_rect    [x0, y0, x1, y1]: the /Rect as written, default user space, y up
  vertices    PyMuPDF's vertices (Ink: a list of strokes of [x, y]; others: a
              list of [x, y] or null), the page as displayed, y down
  flags       /F;  name  /NM ("" when absent);  author  /T
  stroke, fill  the colours /C and /IC as lists of 0…1 (empty when absent)
  border_width  /BS /W (or /Border) as MuPDF reads it;  opacity  /CA (1 when absent)
  has_appearance  whether /AP /N is present;  intent  /IT ("" when absent)
  xref        the object number;  private_keys  keys with a colon (e.g. "InkPDF:Layer")

Exit codes: 0 done; 64 usage; 65 PDF is not readable by MuPDF; 69 PyMuPDF is
missing. Errors are one line on stderr.
"""

from checker_cli import Failure, Parser, run_script


def numbers(text):
    """The numbers of a PDF array written as text ("[1 2 3 4]")."""
    return [float(v) for v in text.strip("[] ").split()]


def describe(doc, page_number):
    page = doc[page_number - 1]
    out = []
    for annot in page.annots():
        xref = annot.xref
        keys = doc.xref_get_keys(xref)
        kind, rect_text = doc.xref_get_key(xref, "Rect")
        vertices = annot.vertices
        if vertices is not None:
            if vertices and isinstance(vertices[0][0], (list, tuple)):
                vertices = [[[round(x, 4), round(y, 4)] for x, y in stroke] for stroke in vertices]
            else:
                vertices = [[round(x, 4), round(y, 4)] for x, y in vertices]
        colors = annot.colors or {}
        info = annot.info
        out.append({
            "page": page_number,
            "subtype": annot.type[1],
            "rect": [round(v, 4) for v in annot.rect],
            "pdf_rect": numbers(rect_text) if kind == "array" else None,
            "vertices": vertices,
            "flags": annot.flags,
            "name": info.get("id", ""),
            "author": info.get("title", ""),
            "stroke": list(colors.get("stroke") or []),
            "fill": list(colors.get("fill") or []),
            "border_width": (annot.border or {}).get("width", -1),
            "opacity": annot.opacity if annot.opacity >= 0 else 1,
            "has_appearance": doc.xref_get_key(xref, "AP/N")[0] != "null",
            "intent": doc.xref_get_key(xref, "IT")[1].lstrip("/") if "IT" in keys else "",
            "xref": xref,
            "private_keys": [k for k in keys if ":" in k],
        })
    return out


def main(argv):
    parser = Parser(prog="list_annotations.py", description="List a PDF's annotations as PyMuPDF reads them.")
    parser.add_argument("pdf")
    parser.add_argument("--page", type=int)
    args = parser.parse_args(argv)
    try:
        import pymupdf
    except ImportError:
        raise Failure(69, "PyMuPDF is not installed (make deps installs it)")
    pymupdf.TOOLS.mupdf_display_errors(False)  # errors are reported once, below
    try:
        doc = pymupdf.open(args.pdf)
    except Exception as error:
        raise Failure(65, f"{args.pdf}: MuPDF cannot open it: {error}")
    if args.page is not None and not 1 <= args.page <= doc.page_count:
        raise Failure(64, f"{args.pdf}: page {args.page} is out of range (the document has {doc.page_count})")
    pages = [args.page] if args.page is not None else range(1, doc.page_count + 1)
    return [a for n in pages for a in describe(doc, n)]


if __name__ == "__main__":
    run_script("list_annotations.py", main)
