#!/usr/bin/env python3
"""Renders PDF pages with independent readers and compares where their ink lies.

The annotation tests use it to check inkpdf's output against real engines, not
against inkpdf itself.

    reference_render.py render PDF -o OUT [--page N] [--dpi D] [--engine E] [--no-annots] [--gray]
        Renders page N (from 1; default 1) at D dpi (default 72) with engine E:
          poppler       pdftoppm -cropbox (--no-annots: -hide-annotations)
          mupdf         PyMuPDF get_pixmap(annots=...)
          mutool        mutool draw (MuPDF's command line, which cannot hide annotations)
          pdfium        pypdfium2 render(draw_annots=..., may_draw_forms=...)
          qpdf-flatten  qpdf --flatten-annotations=all into a temporary file, then
                        poppler with annotations hidden (so only what qpdf baked shows)
        OUT ends in .png or .ppm (RGB; .pgm or .png with --gray: gray) or .gray
        (raw 8-bit gray, one byte a pixel, rows top down; the size is in the JSON).
        Prints {"engine","page","dpi","width","height","output"}.

    reference_render.py compare A B [--background BG | --background-a BGA --background-b BGB]
                                    [--page N] [--dpi D] [--threshold T] [--radius R]
        A, B, BG are each an image (.png, .ppm, .pgm, or RENDER.gray with its size
        as RENDER.gray:WxH) or ENGINE:PDF, rendered here (page N, D dpi). The ink
        of an image is the set of pixels whose largest channel difference from its
        background exceeds T (default 48 of 255); without a background, from white.
        BG "auto" means: the same ENGINE:PDF with annotations hidden.
        Prints {"a_in_b", "b_in_a", "a_pixels", "b_pixels", "width", "height", ...}:
        the fraction of A's ink pixels that have one of B's within R px (default 1,
        8-neighbourhood), and the converse; null when that side has no ink.

Exit codes: 0 done; 64 usage; 65 an input is not a readable PDF/image or the
images differ in size by more than 2 px; 69 an engine (pdftoppm, qpdf, mutool,
PyMuPDF, pypdfium2) is missing or failed. Errors are one line on stderr.
numpy is used when present, else pure Python (slower, same numbers).
"""
import os
import shutil
import subprocess
import tempfile
import zlib

from checker_cli import Failure, Parser, run_script

try:
    import numpy as np
except ImportError:  # the pure-Python path below gives the same numbers
    np = None

ENGINES = ("poppler", "mupdf", "mutool", "pdfium", "qpdf-flatten")


class Image:
    """Pixels as bytes, rows top down, `channels` (1 or 3) bytes a pixel."""

    def __init__(self, width, height, channels, data):
        if len(data) != width * height * channels:
            raise Failure(65, f"image data is {len(data)} bytes, expected {width}x{height}x{channels}")
        self.width, self.height, self.channels, self.data = width, height, channels, bytes(data)

    def gray(self):
        if self.channels == 1:
            return self
        d = self.data
        if np is not None:
            rgb = np.frombuffer(d, np.uint8).reshape(-1, 3).astype(np.uint32)
            g = (rgb[:, 0] * 299 + rgb[:, 1] * 587 + rgb[:, 2] * 114 + 500) // 1000
            return Image(self.width, self.height, 1, g.astype(np.uint8).tobytes())
        g = bytes((d[i] * 299 + d[i + 1] * 587 + d[i + 2] * 114 + 500) // 1000 for i in range(0, len(d), 3))
        return Image(self.width, self.height, 1, g)


# ---- engines ---------------------------------------------------------------

def run(command):
    if shutil.which(command[0]) is None:
        raise Failure(69, f"{command[0]} is not installed (make deps installs it)")
    done = subprocess.run(command, capture_output=True)
    if done.returncode != 0:
        message = done.stderr.decode(errors="replace").strip().splitlines()
        raise Failure(69, f"{' '.join(command[:2])}… exited {done.returncode}: {message[-1] if message else ''}")
    return done.stdout


def render(pdf, page, dpi, engine, annots=True):
    if not os.path.isfile(pdf):
        raise Failure(65, f"{pdf}: no such file")
    if engine == "poppler":
        return render_poppler(pdf, page, dpi, annots)
    if engine == "qpdf-flatten":
        with tempfile.TemporaryDirectory() as folder:
            flat = os.path.join(folder, "flat.pdf")
            if annots:
                if shutil.which("qpdf") is None:
                    raise Failure(69, "qpdf is not installed (make deps installs it)")
                done = subprocess.run(["qpdf", "--flatten-annotations=all", pdf, flat], capture_output=True)
                if done.returncode not in (0, 3):  # 3: warnings, output written
                    raise Failure(69, f"qpdf --flatten-annotations exited {done.returncode}: {done.stderr.decode(errors='replace').strip()}")
            else:
                flat = pdf
            return render_poppler(flat, page, dpi, annots=False)
    if engine == "mupdf":
        try:
            import pymupdf
        except ImportError:
            raise Failure(69, "PyMuPDF is not installed (make deps installs it)")
        pymupdf.TOOLS.mupdf_display_errors(False)  # errors are reported once, below
        try:
            doc = pymupdf.open(pdf)
        except Exception as error:
            raise Failure(65, f"{pdf}: MuPDF cannot open it: {error}")
        check_page(pdf, page, doc.page_count)
        pix = doc[page - 1].get_pixmap(dpi=dpi, annots=annots, alpha=False, colorspace=pymupdf.csRGB)
        return Image(pix.width, pix.height, 3, bytes(pix.samples))
    if engine == "mutool":
        if not annots:
            raise Failure(64, "mutool draw cannot hide annotations; use --engine mupdf")
        with tempfile.TemporaryDirectory() as folder:
            out = os.path.join(folder, "page.ppm")
            run(["mutool", "draw", "-q", "-r", str(dpi), "-c", "rgb", "-o", out, pdf, str(page)])
            return read_image(out)
    if engine == "pdfium":
        try:
            import pypdfium2 as pdfium
        except ImportError:
            raise Failure(69, "pypdfium2 is not installed (make deps installs it)")
        try:
            doc = pdfium.PdfDocument(pdf)
        except Exception as error:
            raise Failure(65, f"{pdf}: PDFium cannot open it: {error}")
        check_page(pdf, page, len(doc))
        if annots:
            doc.init_forms()
        bitmap = doc[page - 1].render(scale=dpi / 72, draw_annots=annots, may_draw_forms=annots, rev_byteorder=True)
        width, height, stride, n = bitmap.width, bitmap.height, bitmap.stride, bitmap.n_channels
        raw = bytes(bitmap.buffer)
        rows = (raw[y * stride: y * stride + width * n] for y in range(height))
        if n == 3:
            return Image(width, height, 3, b"".join(rows))
        if n == 4:  # RGBx / RGBA: drop the fourth byte
            joined = b"".join(rows)
            if np is not None:
                return Image(width, height, 3, np.frombuffer(joined, np.uint8).reshape(-1, 4)[:, :3].tobytes())
            return Image(width, height, 3, b"".join(joined[i:i + 3] for i in range(0, len(joined), 4)))
        return Image(width, height, 1, b"".join(rows))
    raise Failure(64, f"unknown engine {engine!r} (one of {', '.join(ENGINES)})")


def render_poppler(pdf, page, dpi, annots):
    with tempfile.TemporaryDirectory() as folder:
        stem = os.path.join(folder, "page")
        # -cropbox: the page as viewers show it (and MuPDF and PDFium draw it), not the MediaBox.
        command = ["pdftoppm", "-cropbox", "-r", str(dpi), "-f", str(page), "-l", str(page), "-singlefile"]
        if not annots:
            command.append("-hide-annotations")
        if shutil.which("pdfinfo"):
            count = page_count_pdfinfo(pdf)
            if count is not None:
                check_page(pdf, page, count)
        run(command + [pdf, stem])
        return read_image(stem + ".ppm")


def page_count_pdfinfo(pdf):
    done = subprocess.run(["pdfinfo", pdf], capture_output=True)
    if done.returncode != 0:
        lines = done.stderr.decode(errors="replace").strip().splitlines()
        raise Failure(65, f"{pdf}: poppler cannot open it: {lines[-1] if lines else 'pdfinfo exited %d' % done.returncode}")
    for line in done.stdout.decode(errors="replace").splitlines():
        if line.startswith("Pages:"):
            return int(line.split()[1])
    return None


def check_page(pdf, page, count):
    if not 1 <= page <= count:
        raise Failure(64, f"{pdf}: page {page} is out of range (the document has {count})")


# ---- image files -----------------------------------------------------------

def read_image(spec):
    path, size = spec.rsplit(":", 1) if ".gray:" in spec else (spec, "")
    try:
        with open(path, "rb") as file:
            data = file.read()
    except OSError as error:
        raise Failure(65, f"{path}: {error.strerror}")
    if path.endswith(".gray"):
        try:
            width, height = (int(v) for v in size.split("x"))
        except ValueError:
            raise Failure(64, f"{path}: give a raw gray image with its size, as {path}:WIDTHxHEIGHT")
        return Image(width, height, 1, data)
    if data[:2] in (b"P5", b"P6"):
        return read_pnm(path, data)
    if data[:8] == b"\x89PNG\r\n\x1a\n":
        return read_png(path, data)
    raise Failure(65, f"{path}: not a PNG, PPM or PGM image")


def read_pnm(path, data):
    fields, at = [], 2
    while len(fields) < 3:
        while at < len(data) and data[at:at + 1].isspace():
            at += 1
        if data[at:at + 1] == b"#":
            at = data.index(b"\n", at) + 1
            continue
        end = at
        while end < len(data) and data[end:end + 1].isdigit():
            end += 1
        if end == at:
            raise Failure(65, f"{path}: bad PNM header")
        fields.append(int(data[at:end]))
        at = end
    width, height, maxval = fields
    if maxval != 255:
        raise Failure(65, f"{path}: only 8-bit PNM images are read")
    channels = 3 if data[:2] == b"P6" else 1
    return Image(width, height, channels, data[at + 1: at + 1 + width * height * channels])


def read_png(path, data):
    """8-bit gray or RGB(A), not interlaced: what `write_png` and the engines write."""
    at, idat, header = 8, [], None
    while at < len(data):
        length = int.from_bytes(data[at:at + 4], "big")
        kind, body = data[at + 4:at + 8], data[at + 8:at + 8 + length]
        at += 12 + length
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            idat.append(body)
    if header is None:
        raise Failure(65, f"{path}: PNG without a header")
    width, height = int.from_bytes(header[0:4], "big"), int.from_bytes(header[4:8], "big")
    depth, colour, interlace = header[8], header[9], header[12]
    channels = {0: 1, 2: 3, 4: 2, 6: 4}.get(colour)
    if depth != 8 or channels is None or interlace != 0:
        raise Failure(65, f"{path}: only 8-bit, non-interlaced gray or RGB PNGs are read")
    raw = zlib.decompress(b"".join(idat))
    stride = width * channels
    out, previous = bytearray(), bytearray(stride)
    for y in range(height):
        kind, row = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            left = row[i - channels] if i >= channels else 0
            up, corner = previous[i], previous[i - channels] if i >= channels else 0
            if kind == 1:
                row[i] = (row[i] + left) & 255
            elif kind == 2:
                row[i] = (row[i] + up) & 255
            elif kind == 3:
                row[i] = (row[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                row[i] = (row[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        out += row
        previous = row
    if channels in (2, 4):  # drop alpha: the engines render opaque pages
        keep = channels - 1
        out = b"".join(out[i:i + keep] for i in range(0, len(out), channels))
        channels = keep
    return Image(width, height, channels, out)


def write_image(image, path):
    if path.endswith(".gray"):
        data = image.gray().data
    elif path.endswith((".ppm", ".pgm")):
        if path.endswith(".pgm"):
            image = image.gray()
        data = b"P%d\n%d %d\n255\n" % (5 if image.channels == 1 else 6, image.width, image.height) + image.data
    elif path.endswith(".png"):
        data = png_bytes(image)
    else:
        raise Failure(64, f"{path}: the output must end in .png, .ppm, .pgm or .gray")
    folder = os.path.dirname(os.path.abspath(path))
    handle, temporary = tempfile.mkstemp(dir=folder, prefix=".render-")
    with os.fdopen(handle, "wb") as file:
        file.write(data)
    umask = os.umask(0)
    os.umask(umask)
    os.chmod(temporary, 0o666 & ~umask)  # mkstemp makes 0600
    os.replace(temporary, path)


def png_bytes(image):
    stride = image.width * image.channels
    rows = b"".join(b"\0" + image.data[y * stride:(y + 1) * stride] for y in range(image.height))

    def chunk(kind, body):
        return len(body).to_bytes(4, "big") + kind + body + zlib.crc32(kind + body).to_bytes(4, "big")

    header = image.width.to_bytes(4, "big") + image.height.to_bytes(4, "big") + bytes([8, 0 if image.channels == 1 else 2, 0, 0, 0])
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 6)) + chunk(b"IEND", b"")


# ---- ink masks and agreement -----------------------------------------------

def as_rgb(image):
    if image.channels == 3:
        return image.data
    return bytes(v for v in image.data for _ in range(3))


def cropped(image, width, height):
    """The top-left width x height of `image`, RGB."""
    data, stride = as_rgb(image), image.width * 3
    return b"".join(data[y * stride: y * stride + width * 3] for y in range(height))


def ink_mask(image, background, width, height, threshold):
    """Rows of booleans (numpy: a 2-D array): where the largest channel difference
    from the background (or from white) exceeds `threshold`."""
    pixels = cropped(image, width, height)
    base = cropped(background, width, height) if background is not None else None
    if np is not None:
        a = np.frombuffer(pixels, np.uint8).reshape(height, width, 3).astype(np.int16)
        b = np.frombuffer(base, np.uint8).reshape(height, width, 3).astype(np.int16) if base is not None else 255
        return (np.abs(a - b).max(axis=2) > threshold)
    mask = []
    for y in range(height):
        row, at = 0, y * width * 3
        for x in range(width):
            i = at + 3 * x
            if base is None:
                difference = 255 - min(pixels[i], pixels[i + 1], pixels[i + 2])
            else:
                difference = max(abs(pixels[i] - base[i]), abs(pixels[i + 1] - base[i + 1]), abs(pixels[i + 2] - base[i + 2]))
            if difference > threshold:
                row |= 1 << x
        mask.append(row)  # pure Python: each row an integer, bit x set for ink
    return mask


def count(mask):
    if np is not None:
        return int(mask.sum())
    return sum(row.bit_count() for row in mask)


def dilate(mask, radius, width):
    if np is not None:
        out = mask.copy()
        h, w = mask.shape
        for dy in range(-radius, radius + 1):
            for dx in range(-radius, radius + 1):
                shifted = np.zeros_like(mask)
                shifted[max(dy, 0):h + min(dy, 0), max(dx, 0):w + min(dx, 0)] = \
                    mask[max(-dy, 0):h + min(-dy, 0), max(-dx, 0):w + min(-dx, 0)]
                out |= shifted
        return out
    full = (1 << width) - 1
    wide = []
    for row in mask:
        grown = row
        for d in range(1, radius + 1):
            grown |= (row << d) | (row >> d)
        wide.append(grown & full)
    return [
        _or_all(wide[max(0, y - radius): y + radius + 1]) for y in range(len(wide))
    ]


def _or_all(rows):
    out = 0
    for row in rows:
        out |= row
    return out


def covered(mask, near):
    if np is not None:
        return int((mask & near).sum())
    return sum((a & b).bit_count() for a, b in zip(mask, near))


def agreement(a, b, background_a, background_b, threshold, radius):
    width, height = min(a.width, b.width), min(a.height, b.height)
    images = [a, b] + [x for x in (background_a, background_b) if x is not None]
    if max(i.width for i in images) - width > 2 or max(i.height for i in images) - height > 2:
        sizes = ", ".join(f"{i.width}x{i.height}" for i in images)
        raise Failure(65, f"the images differ in size by more than 2 px ({sizes}); render them at the same dpi")
    for bg in (background_a, background_b):
        if bg is not None:
            width, height = min(width, bg.width), min(height, bg.height)
    mask_a = ink_mask(a, background_a, width, height, threshold)
    mask_b = ink_mask(b, background_b, width, height, threshold)
    na, nb = count(mask_a), count(mask_b)
    a_in_b = covered(mask_a, dilate(mask_b, radius, width)) / na if na else None
    b_in_a = covered(mask_b, dilate(mask_a, radius, width)) / nb if nb else None
    return {"a_in_b": a_in_b, "b_in_a": b_in_a, "a_pixels": na, "b_pixels": nb,
            "width": width, "height": height, "threshold": threshold, "radius": radius,
            "numpy": np is not None}


# ---- command line ----------------------------------------------------------

def operand(spec, page, dpi, annots=True):
    engine, _, pdf = spec.partition(":")
    if engine in ENGINES and pdf:
        return render(pdf, page, dpi, engine, annots)
    return read_image(spec)


def main(argv):
    parser = Parser(prog="reference_render.py", description="Render PDF pages with independent engines; compare ink.")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
    r = commands.add_parser("render")
    r.add_argument("pdf")
    r.add_argument("-o", "--output", required=True)
    r.add_argument("--page", type=int, default=1)
    r.add_argument("--dpi", type=float, default=72)
    r.add_argument("--engine", choices=ENGINES, default="poppler")
    r.add_argument("--no-annots", action="store_true")
    r.add_argument("--gray", action="store_true")
    c = commands.add_parser("compare")
    c.add_argument("a")
    c.add_argument("b")
    c.add_argument("--background")
    c.add_argument("--background-a")
    c.add_argument("--background-b")
    c.add_argument("--page", type=int, default=1)
    c.add_argument("--dpi", type=float, default=72)
    c.add_argument("--threshold", type=int, default=48)
    c.add_argument("--radius", type=int, default=1)
    args = parser.parse_args(argv)
    if not 1 <= args.dpi <= 600:
        raise Failure(64, f"--dpi {args.dpi:g} is outside 1…600")
    dpi = int(args.dpi) if args.dpi == int(args.dpi) else args.dpi

    if args.command == "render":
        image = render(args.pdf, args.page, dpi, args.engine, annots=not args.no_annots)
        if args.gray:
            image = image.gray()
        write_image(image, args.output)
        return {"engine": args.engine, "page": args.page, "dpi": dpi, "annots": not args.no_annots,
                "width": image.width, "height": image.height, "output": args.output}

    if args.background and (args.background_a or args.background_b):
        raise Failure(64, "give --background, or --background-a and --background-b, not both")
    if not 0 <= args.threshold < 255 or not 0 <= args.radius <= 8:
        raise Failure(64, "--threshold is 0…254 and --radius 0…8")

    def background(spec, of):
        if spec is None:
            return None
        if spec == "auto":
            engine, _, pdf = of.partition(":")
            if engine not in ENGINES or not pdf:
                raise Failure(64, f"--background auto needs ENGINE:PDF operands, not {of!r}")
            return render(pdf, args.page, dpi, engine, annots=False)
        return operand(spec, args.page, dpi)

    a, b = operand(args.a, args.page, dpi), operand(args.b, args.page, dpi)
    if args.background and args.background != "auto":  # one background for both
        background_a = background_b = background(args.background, args.a)
    else:
        background_a = background(args.background or args.background_a, args.a)
        background_b = background(args.background or args.background_b, args.b)
    result = agreement(a, b, background_a, background_b, args.threshold, args.radius)
    return {"a": args.a, "b": args.b, "page": args.page, "dpi": dpi, **result}


if __name__ == "__main__":
    run_script("reference_render.py", main)
