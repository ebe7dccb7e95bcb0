#!/usr/bin/env python3
"""Flattens every annotated PDF of a corpus and compares it with poppler, MuPDF and PDFium.

    annotation_agreement.py [CORPUS | PDF ...] [--inkpdf PATH] [--pages N] [--dpi D]
                            [--agree A] [--fail-below A] [--json]

CORPUS defaults to ../shared/corpus (read in place, never copied). Its PDFs are
every one of pdfs-annotated/ and those of pdfs/ whose first N pages carry an
annotation other than Link or Widget (a password from MANIFEST.tsv opens an
encrypted one); PDF arguments are taken as they are. A missing corpus is no
error: a fresh clone has no ../shared, so the script says so in one line and
exits 0.

Each PDF is flattened by inkpdf (`inkpdf flatten PDF --pages 1-N`, with the
demo Pro licence of SamplePDFs/demo-licence), and so is a copy with its
annotations removed (`--ink` an empty ink file), made in a temporary folder
with pikepdf (an encrypted PDF is decrypted there too). Then, for each of the
first N pages (default 10) at D dpi (default 72), reference_render.py's
agreement compares the ink of the flattened page (poppler's drawing of it,
against poppler's drawing of the flattened copy without annotations) with the
ink of each engine's drawing of the original with its annotations (against
the same engine's drawing with them hidden). A file's agreement with an engine
is the minimum over its pages of min(a_in_b, b_in_a); a page where neither
side has ink is left out; "-" where no page has ink. The engines are compared
with one another the same way: "engines" names the pairs that agree to at
least A (--agree, default 0.97): "all", e.g. "M=F" (MuPDF and PDFium), or
"none" (P poppler, M MuPDF, F PDFium).

Prints a table, worst first (by the lowest of the three agreements; a file
that could not be flattened or drawn first of all, with its error), then the
number of files and pages and the time taken. --json prints the rows as a JSON
list instead, each with the page where each engine's agreement is lowest.

Exit codes: 0 done (also when the corpus is absent); 1 with --fail-below A: a
file whose agreement with every engine is below A, or one that could not be
compared; 64 usage; 69 inkpdf, pdftoppm, PyMuPDF, pypdfium2 or pikepdf is
missing. Errors are one line on stderr.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

from checker_cli import Failure, Parser, run_script
import reference_render

HERE = os.path.dirname(os.path.abspath(__file__))
ENGINES = (("poppler", "P"), ("mupdf", "M"), ("pdfium", "F"))
DEMO = os.path.join(HERE, "..", "SamplePDFs", "demo-licence")
FLATTEN_SECONDS = 300


def passwords(corpus):
    """file (as MANIFEST.tsv names it) → user password, as robustness.py reads them."""
    sys.path.insert(0, HERE)
    import robustness
    return robustness.passwords(corpus)


def opened(pdf, password):
    """pikepdf's document; a password is tried as UTF-8, then as Latin-1 bytes (PDFDocEncoding, R2–R4)."""
    import pikepdf
    try:
        return pikepdf.open(pdf, password=password or "")
    except pikepdf.PasswordError:
        if not password or not all(ord(c) < 256 for c in password):
            raise
        return pikepdf.open(pdf, password=password.encode("latin-1"))


def annotation_subtypes(pdf, pages, password):
    """The /Subtype names of the annotations of the first `pages` pages, and the page count."""
    with opened(pdf, password) as doc:
        found = []
        for page in list(doc.pages)[:pages]:
            for annot in page.obj.get("/Annots", []):
                try:
                    found.append(str(annot.get("/Subtype", "")).lstrip("/"))
                except Exception:  # a damaged entry: still an annotation
                    found.append("?")
        return found, len(doc.pages)


def selected(corpus, pages):
    """(shown name, path, password) of each PDF to compare, by name."""
    chosen, keys = [], passwords(corpus)
    annotated = os.path.join(corpus, "pdfs-annotated")
    if os.path.isdir(annotated):
        for name in sorted(os.listdir(annotated)):
            if name.lower().endswith(".pdf"):
                chosen.append(("pdfs-annotated/" + name, os.path.join(annotated, name), keys.get("pdfs-annotated/" + name)))
    plain = os.path.join(corpus, "pdfs")
    if os.path.isdir(plain):
        for name in sorted(os.listdir(plain)):
            path = os.path.join(plain, name)
            if not name.lower().endswith(".pdf") or not os.path.isfile(path):
                continue
            try:
                subtypes, _ = annotation_subtypes(path, pages, keys.get("pdfs/" + name))
            except Exception:  # unreadable, or a password it does not have: not an annotated PDF to compare
                continue
            if any(s not in ("Link", "Widget", "Popup") for s in subtypes):
                chosen.append(("pdfs/" + name, path, keys.get("pdfs/" + name)))
    return chosen


def prepared(pdf, password, folder):
    """(the PDF to read, decrypted into `folder` when it is encrypted; a copy without annotations; pages)."""
    try:
        doc = opened(pdf, password)
    except Exception as error:
        raise Failure(65, f"pikepdf cannot open it: {str(error).splitlines()[0][:120]}")
    with doc:
        source = pdf
        if doc.is_encrypted:
            source = os.path.join(folder, "decrypted.pdf")
            doc.save(source)
        for page in doc.pages:
            if "/Annots" in page.obj:
                del page.obj["/Annots"]
        bare = os.path.join(folder, "bare-source.pdf")
        doc.save(bare)
        return source, bare, len(doc.pages)


def flatten(inkpdf, pdf, output, pages, ink=None):
    command = [inkpdf, "flatten", pdf, "-o", output, "--pages", f"1-{pages}", "--no-sidecar", "-q",
               "--trust", os.path.join(DEMO, "trust.json"), "--proof", os.path.join(DEMO, "demo-pro-licence.jws")]
    if ink:
        command += ["--ink", ink]
    try:
        done = subprocess.run(command, capture_output=True, timeout=FLATTEN_SECONDS)
    except subprocess.TimeoutExpired:
        raise Failure(65, f"inkpdf flatten took more than {FLATTEN_SECONDS} s")
    if done.returncode != 0:
        lines = [l for l in done.stderr.decode(errors="replace").splitlines() if l.strip()]
        raise Failure(65, f"inkpdf flatten exited {done.returncode}: {lines[-1][:160] if lines else ''}")


def worst(result, current):
    """min(a_in_b, b_in_a) of one page folded into a file's minimum (None: no ink on either side)."""
    values = [v for v in (result["a_in_b"], result["b_in_a"]) if v is not None]
    if not values:
        return current
    return min(values) if current is None else min(current, min(values))


def compare(inkpdf, shown, pdf, password, pages, dpi):
    row = {"file": shown, "pages": 0, "of": 0, "error": None, "seconds": 0.0,
           **{engine: None for engine, _ in ENGINES}, "worst_page": {}, "pairs": {}}
    start = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="agreement-") as folder:
        try:
            source, bare_source, count = prepared(pdf, password, folder)
            row["of"], row["pages"] = count, min(count, pages)
            if row["pages"] == 0:
                raise Failure(65, "no pages")
            flat, bare = os.path.join(folder, "flat.pdf"), os.path.join(folder, "bare.pdf")
            flatten(inkpdf, source, flat, row["pages"])
            none = os.path.join(folder, "none.ink.jsonl")
            with open(none, "w") as file:
                file.write('{"format":"inkpdf-layers","version":1}\n')
            flatten(inkpdf, bare_source, bare, row["pages"], ink=none)
            pairs = {}
            for page in range(1, row["pages"] + 1):
                drawn = reference_render.render(flat, page, dpi, "poppler")
                drawn_bare = reference_render.render(bare, page, dpi, "poppler")
                engines = {}
                for engine, _ in ENGINES:
                    engines[engine] = (reference_render.render(source, page, dpi, engine),
                                       reference_render.render(source, page, dpi, engine, annots=False))
                    result = reference_render.agreement(drawn, engines[engine][0], drawn_bare, engines[engine][1], 48, 1)
                    value = worst(result, row[engine])
                    if value != row[engine]:
                        row[engine], row["worst_page"][engine] = value, page
                for i, (one, a) in enumerate(ENGINES):
                    for other, b in ENGINES[i + 1:]:
                        result = reference_render.agreement(engines[one][0], engines[other][0],
                                                            engines[one][1], engines[other][1], 48, 1)
                        pairs[a + b] = worst(result, pairs.get(a + b))
            row["pairs"] = pairs
        except Failure as failure:
            row["error"] = str(failure)
    row["seconds"] = round(time.monotonic() - start, 2)
    return row


def engines_agree(pairs, threshold):
    agreeing = [pair for pair, value in sorted(pairs.items()) if value is None or value >= threshold]
    if len(agreeing) == len(pairs):
        return "all"
    return " ".join(f"{pair[0]}={pair[1]}" for pair in agreeing) or "none"


def badness(row):
    if row["error"]:
        return (-1, row["file"])
    values = [row[engine] for engine, _ in ENGINES if row[engine] is not None]
    return (min(values) if values else 2, row["file"])


def shown_value(value):
    return "-" if value is None else f"{value:.3f}"


def main(argv):
    parser = Parser(prog="annotation_agreement.py",
                    description="Flatten each annotated PDF and compare it with poppler, MuPDF and PDFium.")
    parser.add_argument("inputs", nargs="*", help="the corpus folder (default ../shared/corpus) or PDFs")
    parser.add_argument("--inkpdf", default=os.path.join(HERE, "..", ".build", "release", "inkpdf"))
    parser.add_argument("--pages", type=int, default=10)
    parser.add_argument("--dpi", type=float, default=72)
    parser.add_argument("--agree", type=float, default=0.97)
    parser.add_argument("--fail-below", type=float)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.pages < 1 or not 1 <= args.dpi <= 600:
        raise Failure(64, "--pages is at least 1 and --dpi 1…600")
    dpi = int(args.dpi) if args.dpi == int(args.dpi) else args.dpi

    inputs = args.inputs or [os.path.join(HERE, "..", "..", "shared", "corpus")]
    # One argument that is neither a file nor a .pdf name is the corpus folder.
    as_corpus = len(inputs) == 1 and not os.path.isfile(inputs[0]) and not inputs[0].lower().endswith(".pdf")
    if as_corpus and not os.path.isdir(inputs[0]):
        print(f"annotation_agreement: no corpus at {os.path.normpath(inputs[0])}, nothing compared "
              "(give its folder: make agreement CORPUS=DIR)")
        return None
    if as_corpus:
        corpus = os.path.abspath(inputs[0])
        if not os.path.isdir(os.path.join(corpus, "pdfs-annotated")) and not os.path.isdir(os.path.join(corpus, "pdfs")):
            raise Failure(64, f"{corpus} holds neither pdfs-annotated/ nor pdfs/; is it the corpus?")
    else:
        missing = [i for i in inputs if not os.path.isfile(i)]
        if missing:
            raise Failure(64, f"{missing[0]}: no such file (give one corpus folder, or PDF files)")

    inkpdf = os.path.abspath(args.inkpdf)
    if not os.access(inkpdf, os.X_OK):
        raise Failure(69, f"build inkpdf first ({inkpdf} is missing)")
    if shutil.which("pdftoppm") is None:
        raise Failure(69, "pdftoppm is not installed (make deps installs it)")
    for module in ("pymupdf", "pypdfium2", "pikepdf"):
        try:
            __import__(module)
        except ImportError:
            raise Failure(69, f"{module} is not installed (make deps installs it)")
    import pymupdf
    pymupdf.TOOLS.mupdf_display_errors(False)

    start = time.monotonic()
    chosen = selected(corpus, args.pages) if as_corpus else [(i, os.path.abspath(i), None) for i in inputs]
    rows = []
    for shown, pdf, password in chosen:
        rows.append(compare(inkpdf, shown, pdf, password, args.pages, dpi))
        if not args.json:
            print(f"annotation_agreement: {shown}: {rows[-1]['seconds']:.1f} s", file=sys.stderr, flush=True)
    rows.sort(key=badness)
    seconds = time.monotonic() - start

    if args.json:
        print(json.dumps(rows))
    else:
        width = max([4] + [len(row["file"]) for row in rows])
        print(f"{'file':<{width}}  pages  poppler  mupdf   pdfium   engines")
        for row in rows:
            pages = f"{row['pages']}" if row["pages"] == row["of"] else f"{row['pages']}/{row['of']}"
            if row["error"]:
                print(f"{row['file']:<{width}}  {pages:>5}  error: {row['error']}")
                continue
            values = "  ".join(f"{shown_value(row[engine]):<7}" for engine, _ in ENGINES)
            print(f"{row['file']:<{width}}  {pages:>5}  {values}  {engines_agree(row['pairs'], args.agree)}")
        print(f"\n{len(rows)} files, {sum(row['pages'] for row in rows)} pages at {dpi} dpi (first {args.pages} of each), "
              f"{seconds:.1f} s; agreement: min over pages of min(a_in_b, b_in_a); engines agree at {args.agree:g} or more")

    if args.fail_below is not None:
        failing = [row["file"] for row in rows if row["error"] or
                   all(row[engine] is not None and row[engine] < args.fail_below for engine, _ in ENGINES)]
        if failing:
            print(f"annotation_agreement: {len(failing)} below {args.fail_below:g} with every engine: {', '.join(failing)}",
                  file=sys.stderr)
            sys.exit(1)
    return None


if __name__ == "__main__":
    run_script("annotation_agreement.py", main)
