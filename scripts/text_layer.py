#!/usr/bin/env python3
"""What three independent readers find in a page's text, as JSON on stdout.

    text_layer.py PDF --page N [--find WORD ...] [--password PASSWORD]

Prints an object:
  poppler   the page's text as `pdftotext -layout` extracts it (bidi marks
            U+202A…U+202E removed)
  mupdf     PyMuPDF's `page.get_text()`
  pdfium    pypdfium2's text of the whole page
  hits      {WORD: [[x0, y0, x1, y1], …]}: PyMuPDF's `page.search_for(WORD)`,
            in the page as displayed (after /Rotate, from the CropBox's corner), y down
  fonts     the names of the fonts the page uses (PyMuPDF), and
  font_xrefs their object numbers
  contents  each annotation's /Contents, in /Annots order (PyMuPDF; "" when absent)

Exit codes: 0 done; 64 usage; 65 PDF is not readable; 69 PyMuPDF, pypdfium2 or
pdftotext is missing. Errors are one line on stderr.
"""

import subprocess

from checker_cli import Failure, Parser, run_script

BIDI_MARKS = dict.fromkeys(range(0x202A, 0x202F))


def main(argv):
    parser = Parser(prog="text_layer.py", description="A page's text as poppler, MuPDF and PDFium read it.")
    parser.add_argument("pdf")
    parser.add_argument("--page", type=int, required=True)
    parser.add_argument("--find", nargs="*", default=[])
    parser.add_argument("--password")
    args = parser.parse_args(argv)
    try:
        import pymupdf
        import pypdfium2
    except ImportError:
        raise Failure(69, "PyMuPDF or pypdfium2 is not installed (make deps installs them)")
    pymupdf.TOOLS.mupdf_display_errors(False)
    try:
        doc = pymupdf.open(args.pdf)
    except Exception as error:
        raise Failure(65, f"{args.pdf}: MuPDF cannot open it: {error}")
    if args.password is not None and not doc.authenticate(args.password):
        raise Failure(65, f"{args.pdf}: MuPDF does not take the password")
    if not 1 <= args.page <= doc.page_count:
        raise Failure(64, f"{args.pdf}: page {args.page} is out of range (the document has {doc.page_count})")
    page = doc[args.page - 1]
    try:
        password = ["-upw", args.password] if args.password is not None else []
        poppler = subprocess.run(["pdftotext", "-layout", "-enc", "UTF-8", "-f", str(args.page), "-l", str(args.page)]
                                 + password + [args.pdf, "-"], capture_output=True, check=True, timeout=60).stdout.decode()
    except FileNotFoundError:
        raise Failure(69, "pdftotext is not installed (poppler-utils)")
    except subprocess.CalledProcessError as error:
        raise Failure(65, f"{args.pdf}: pdftotext failed: {error.stderr.decode().strip()}")
    try:
        pdfium_page = pypdfium2.PdfDocument(args.pdf, password=args.password)[args.page - 1]
        pdfium = pdfium_page.get_textpage().get_text_range()
    except Exception as error:
        raise Failure(65, f"{args.pdf}: PDFium cannot read it: {error}")
    hits = {}
    for word in args.find:
        rects = [rect * page.rotation_matrix for rect in page.search_for(word)]
        hits[word] = [[round(v, 3) for v in (r.x0, r.y0, r.x1, r.y1)] for r in rects]
    fonts = page.get_fonts(full=True)
    return {
        "poppler": poppler.translate(BIDI_MARKS),
        "mupdf": page.get_text(),
        "pdfium": pdfium,
        "hits": hits,
        "fonts": [font[3] for font in fonts],
        "font_xrefs": [font[0] for font in fonts],
        "contents": [annot.info.get("content", "") for annot in page.annots()],
    }


if __name__ == "__main__":
    run_script("text_layer.py", main)
