#!/usr/bin/env python3
"""Writes ink-layers files of known words, the test material for inkpdf's recognisers.

    scripts/handwriting_samples.py OUT_DIR [--seed N]

For each style it writes OUT_DIR/STYLE.ink.jsonl (one A4 page per few lines of
words, each word a run of strokes) and OUT_DIR/STYLE.truth.json, a list of
{"page", "text", "box": [x, y, w, h], "strokes": [first, last]} — the words and
where they were written (points, top-left origin, y down), so a test can check
that recognition found each word at its place.

Styles:
  print    single-stroke Hershey fonts futural and rowmans (PyPI Hershey-Fonts)
  cursive  the cursive Hershey font scriptc
  japanese Japanese words from KanjiVG's stroke paths (PyPI kanjivg), in stroke order

Every point has pressure and a time; the strokes are jittered with a seeded
random generator, so the same seed writes the same bytes.
"""
import argparse
import importlib.metadata
import json
import math
import os
import random
import re

PRINT_WORDS = ["convolution", "signal", "kernel", "matrix", "linear", "system", "Fourier", "sample",
               "impulse", "response", "filter", "energy", "window", "spectrum", "integral", "delta",
               "Laplace", "series", "theorem", "phase", "domain", "output", "input", "stable"]
CURSIVE_WORDS = ["hello", "world", "notes", "lecture", "summer", "paper", "minute", "common",
                 "normal", "number", "memory", "remember", "simple", "answer", "river", "winter",
                 "morning", "letter"]
JAPANESE_WORDS = ["日本", "学生", "先生", "電話", "時間", "大学", "山川", "天気", "名前", "中国",
                  "水曜日", "花火", "手紙", "友人", "会社", "東京", "外国", "自分", "音楽", "家族"]

PAGE_WIDTH, PAGE_HEIGHT = 595.0, 842.0
MARGIN = 60.0


def point(x, y, t, width, force):
    return [round(x, 2), round(y, 2), round(t, 4), round(width, 3), round(width, 3), 1, round(force, 3), 0, 1.2]


def stroke(points, created, width):
    return {"ink": {"type": "pen", "color": "#1A1A1AFF", "width": width}, "created": round(created, 3), "points": points}


def densify(polyline, step):
    """Points every `step` points along a polyline (a pen samples densely)."""
    out = [polyline[0]]
    for (x0, y0), (x1, y1) in zip(polyline, polyline[1:]):
        n = max(1, int(math.hypot(x1 - x0, y1 - y0) / step))
        for i in range(1, n + 1):
            out.append((x0 + (x1 - x0) * i / n, y0 + (y1 - y0) * i / n))
    return out


class Writer:
    """Lays words out on pages, left to right, line by line, with seeded jitter."""

    def __init__(self, rng, line_height, word_gap, width=1.4):
        self.rng = rng
        self.line_height = line_height
        self.word_gap = word_gap
        self.width = width
        self.layers = {}
        self.truth = []
        self.page, self.x, self.y = 1, MARGIN, MARGIN + line_height
        self.clock = 1764460000.0

    def place(self, word_width):
        if self.x + word_width > PAGE_WIDTH - MARGIN:
            self.x = MARGIN
            self.y += self.line_height * 2.2
        if self.y > PAGE_HEIGHT - MARGIN:
            self.page += 1
            self.y = MARGIN + self.line_height
        return self.x, self.y

    def add_word(self, text, polylines, word_width):
        """polylines: strokes in word coordinates (x from 0, y from the baseline, down)."""
        x0, y0 = self.place(word_width)
        slant = self.rng.uniform(-0.08, 0.08)
        scale = self.rng.uniform(0.95, 1.05)
        dy = self.rng.uniform(-1.5, 1.5)
        strokes = self.layers.setdefault(self.page, [])
        first = len(strokes)
        minx = miny = math.inf
        maxx = maxy = -math.inf
        for polyline in polylines:
            if len(polyline) < 2:
                polyline = [polyline[0], (polyline[0][0] + 0.3, polyline[0][1] + 0.3)]
            self.clock += self.rng.uniform(0.08, 0.2)
            pts = []
            dense = densify(polyline, 1.2)
            jx, jy = self.rng.uniform(-0.4, 0.4), self.rng.uniform(-0.4, 0.4)
            for i, (px, py) in enumerate(dense):
                x = x0 + (px - py * slant) * scale + jx + self.rng.uniform(-0.15, 0.15)
                y = y0 + dy + py * scale + jy + self.rng.uniform(-0.15, 0.15)
                force = 0.6 + 0.4 * math.sin(math.pi * (i + 1) / (len(dense) + 1))
                pts.append(point(x, y, i * 0.008, self.width * (0.8 + 0.4 * force), force))
                minx, maxx, miny, maxy = min(minx, x), max(maxx, x), min(miny, y), max(maxy, y)
            strokes.append(stroke(pts, self.clock, self.width))
            self.clock += len(dense) * 0.008
        self.truth.append({"page": self.page, "text": text,
                           "box": [round(minx, 2), round(miny, 2), round(maxx - minx, 2), round(maxy - miny, 2)],
                           "strokes": [first, len(strokes) - 1]})
        self.x += word_width + self.word_gap * self.rng.uniform(0.9, 1.2)
        self.clock += 0.5

    def write(self, out_dir, name):
        path = os.path.join(out_dir, name + ".ink.jsonl")
        with open(path, "w", encoding="utf-8") as f:
            f.write(json.dumps({"format": "inkpdf-layers", "version": 1, "title": name + " handwriting samples"}) + "\n")
            for page in sorted(self.layers):
                f.write(json.dumps({"page": page, "strokes": self.layers[page]}, separators=(",", ":")) + "\n")
        with open(os.path.join(out_dir, name + ".truth.json"), "w", encoding="utf-8") as f:
            json.dump(self.truth, f, ensure_ascii=False, indent=1)
        return path


def hershey_words(out_dir, name, fonts, words, seed, size):
    from HersheyFonts import HersheyFonts
    rng = random.Random(seed)
    writer = Writer(rng, line_height=size, word_gap=size * 0.8)
    for index, word in enumerate(words):
        font = HersheyFonts()
        font.load_default_font(fonts[index % len(fonts)])
        font.normalize_rendering(size)
        polylines = [[(x, -y) for (x, y) in s] for s in font.strokes_for_text(word)]
        polylines = [p for p in polylines if p]
        xs = [x for p in polylines for (x, _) in p]
        shift_x = min(xs)
        # The font's baseline: the bottom of an x (Hershey's y grows up; flipped above).
        base = max(y for s in font.strokes_for_text("x") for (_, y) in [(x, -y) for (x, y) in s])
        polylines = [[(x - shift_x, y - base + size * 0.25) for (x, y) in p] for p in polylines]
        writer.add_word(word, polylines, max(xs) - shift_x)
    return writer.write(out_dir, name)


def kanjivg_file(character):
    wanted = "kanji/%05x.svg" % ord(character)
    for entry in importlib.metadata.files("kanjivg"):
        if str(entry) == wanted:
            return entry.locate()
    raise SystemExit("kanjivg has no stroke data for %r" % character)


TOKEN = re.compile(r"[MmCcSsLlHhVvZz]|-?[0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?")


def svg_path_points(d, steps=12):
    """The points along an SVG path of KanjiVG (M, C, S, L, H, V, relative or absolute)."""
    tokens = TOKEN.findall(d)
    out, i, cmd = [], 0, None
    cx = cy = 0.0
    last_control = None
    while i < len(tokens):
        if re.match(r"[A-Za-z]", tokens[i]):
            cmd = tokens[i]
            i += 1
            continue
        def num():
            nonlocal i
            v = float(tokens[i])
            i += 1
            return v
        rel = cmd.islower()
        ox, oy = (cx, cy) if rel else (0.0, 0.0)
        c = cmd.upper()
        if c == "M":
            cx, cy = ox + num(), oy + num()
            out.append((cx, cy))
            cmd = "l" if rel else "L"
            last_control = None
        elif c == "L":
            cx, cy = ox + num(), oy + num()
            out.append((cx, cy))
            last_control = None
        elif c == "H":
            cx = ox + num() if rel else num()
            out.append((cx, cy))
        elif c == "V":
            cy = oy + num() if rel else num()
            out.append((cx, cy))
        elif c in "CS":
            if c == "C":
                x1, y1 = ox + num(), oy + num()
            else:
                x1, y1 = (2 * cx - last_control[0], 2 * cy - last_control[1]) if last_control else (cx, cy)
            x2, y2 = ox + num(), oy + num()
            x, y = ox + num(), oy + num()
            for s in range(1, steps + 1):
                t = s / steps
                a, b, cc, dd = (1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t * t, t ** 3
                out.append((a * cx + b * x1 + cc * x2 + dd * x, a * cy + b * y1 + cc * y2 + dd * y))
            last_control = (x2, y2)
            cx, cy = x, y
        else:
            i += 1
    return out


def kanji_strokes(character):
    with open(kanjivg_file(character), encoding="utf-8") as f:
        svg = f.read()
    return [svg_path_points(d) for d in re.findall(r'<path[^>]* d="([^"]+)"', svg)]


def japanese_words(out_dir, seed, size=28.0):
    rng = random.Random(seed)
    writer = Writer(rng, line_height=size, word_gap=size * 0.9, width=1.6)
    for word in JAPANESE_WORDS:
        polylines = []
        for k, character in enumerate(word):
            for stroke_points in kanji_strokes(character):
                # KanjiVG's 109-unit box → size points, characters side by side with a small gap.
                jx, jy = rng.uniform(-0.8, 0.8), rng.uniform(-0.8, 0.8)
                polylines.append([(k * size * 1.08 + (x - 5) * size / 100 + jx, (y - 5) * size / 100 - size * 0.8 + jy)
                                  for (x, y) in stroke_points])
        writer.add_word(word, polylines, len(word) * size * 1.08 - size * 0.08)
    return writer.write(out_dir, "japanese")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out_dir")
    parser.add_argument("--seed", type=int, default=41)
    args = parser.parse_args()
    os.makedirs(args.out_dir, exist_ok=True)
    print(hershey_words(args.out_dir, "print", ["futural", "rowmans"], PRINT_WORDS, args.seed, 22.0))
    print(hershey_words(args.out_dir, "cursive", ["scriptc"], CURSIVE_WORDS, args.seed + 1, 26.0))
    print(japanese_words(args.out_dir, args.seed + 2))


if __name__ == "__main__":
    main()
