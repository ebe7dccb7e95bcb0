#!/usr/bin/env python3
"""Synthetic handwriting lines for inkpdf's line recogniser.

A line is produced as *strokes* (lists of (x, y) points, y pointing down),
exactly like ink read from a notebook, and is then turned into a picture
by `normalise_line`, the one normalisation shared by training, the
reference inference script and the Swift reader.

Letter shapes come from the single-stroke Hershey fonts of the
`HersheyFonts` package; everything that makes them look hand-made
(slant, jitter, drift, elastic warping, ...) is done here.

    python3 scripts/handwriting/synth.py --sheet /tmp/synth-sheet.png
"""

import argparse
import math
import os
import string

import numpy as np
from PIL import Image, ImageDraw

# ----------------------------------------------------------------------------
# Character set (classes 1..C of the model; class 0 is the CTC blank).

ACCENTED = "àèéìòùáíóúçãõčćšžđ"
CHARSET = "".join(chr(c) for c in range(32, 127)) + ACCENTED

# ----------------------------------------------------------------------------
# Line normalisation (must match the Swift side exactly; see README.md).

NORM_SPEC = {
    "core_quantiles": [0.15, 0.85],
    "core_fraction": 0.30,
    "pad": 0.25,
    "pen_width": 0.06,
    "max_width": 2048,
    "quantile_rule": ("segments weighted by length, keyed by midpoint y, sorted by y "
                      "(stable); q-quantile = y of the first segment whose cumulative "
                      "weight >= q * total; if total length is 0 use every point's y "
                      "with weight 1"),
    "core_guard": "if core <= 1e-6 * bbox_height or core <= 0: core = max(bbox_height, 1e-3) / 2",
    "geometry": ("s = core_fraction*H/core; pad = pad*H; X = (x-xmin)*s + pad; "
                 "Y = (y-m)*s + H/2 with m = (q15+q85)/2; "
                 "W = clamp(ceil((xmax-xmin)*s + 2*pad), H/2, max_width); "
                 "pixel i covers [i, i+1)"),
    "ink": "coverage in [0,1], paper 0; polyline width pen_width*H, round caps and joins",
}

SUPERSAMPLE = 4


def _weighted_quantile(values, weights, q):
    order = np.argsort(values, kind="stable")
    v = values[order]
    c = np.cumsum(weights[order])
    idx = int(np.searchsorted(c, q * c[-1], side="left"))
    return float(v[min(idx, len(v) - 1)])


def line_geometry(strokes, H=48):
    """Return (s, xmin, m, W): scale, x origin, vertical centre and width."""
    pts = [np.asarray(s, dtype=np.float64).reshape(-1, 2) for s in strokes if len(s) > 0]
    if not pts:
        return 1.0, 0.0, 0.0, H // 2
    allp = np.concatenate(pts, axis=0)
    mids, lens = [], []
    for p in pts:
        if len(p) >= 2:
            d = p[1:] - p[:-1]
            lens.append(np.hypot(d[:, 0], d[:, 1]))
            mids.append((p[1:, 1] + p[:-1, 1]) / 2)
    if lens:
        L = np.concatenate(lens)
        M = np.concatenate(mids)
    else:
        L = np.zeros(0)
        M = np.zeros(0)
    if L.size == 0 or L.sum() <= 0:
        M = allp[:, 1]
        L = np.ones_like(M)
    q15 = _weighted_quantile(M, L, NORM_SPEC["core_quantiles"][0])
    q85 = _weighted_quantile(M, L, NORM_SPEC["core_quantiles"][1])
    core = q85 - q15
    bbox_h = float(allp[:, 1].max() - allp[:, 1].min())
    if core <= 1e-6 * bbox_h or core <= 0:
        core = max(bbox_h, 1e-3) / 2
    m = (q15 + q85) / 2
    s = NORM_SPEC["core_fraction"] * H / core
    pad = NORM_SPEC["pad"] * H
    xmin = float(allp[:, 0].min())
    xmax = float(allp[:, 0].max())
    W = int(math.ceil((xmax - xmin) * s + 2 * pad))
    W = max(W, H // 2)
    W = min(W, NORM_SPEC["max_width"])
    return s, xmin, m, W


def normalise_line(strokes, H=48):
    """Strokes (y down, any unit) -> float32 image [H, W], ink 1 on paper 0."""
    s, xmin, m, W = line_geometry(strokes, H)
    pad = NORM_SPEC["pad"] * H
    k = SUPERSAMPLE
    img = Image.new("L", (W * k, H * k), 0)
    draw = ImageDraw.Draw(img)
    pen = NORM_SPEC["pen_width"] * H * k
    r = pen / 2
    lw = max(1, int(round(pen)))
    for st in strokes:
        p = np.asarray(st, dtype=np.float64).reshape(-1, 2)
        if len(p) == 0:
            continue
        X = ((p[:, 0] - xmin) * s + pad) * k
        Y = ((p[:, 1] - m) * s + H / 2) * k
        # keep coordinates sane for far-away points (they are clipped anyway)
        X = np.clip(X, -4 * W * k, 5 * W * k)
        Y = np.clip(Y, -4 * H * k, 5 * H * k)
        xy = list(zip(X.tolist(), Y.tolist()))
        if len(xy) >= 2:
            draw.line(xy, fill=255, width=lw)
        for (x, y) in xy:
            draw.ellipse((x - r, y - r, x + r, y + r), fill=255)
    a = np.asarray(img, dtype=np.float32).reshape(H, k, W, k).mean(axis=(1, 3)) / 255.0
    return a.astype(np.float32)


# ----------------------------------------------------------------------------
# Hershey glyphs

PRINT_FONTS = ["futural", "futuram", "rowmans", "rowmand", "timesr", "timesi"]
SCRIPT_FONTS = ["scriptc", "scripts", "cursive"]
PRINT_WEIGHTS = [0.25, 0.15, 0.2, 0.1, 0.1, 0.2]
ITALIC_LIKE = {"timesi", "scriptc", "scripts", "cursive"}


class Glyph:
    __slots__ = ("strokes", "left", "right")

    def __init__(self, strokes, left, right):
        self.strokes = strokes
        self.left = left
        self.right = right


def _accent_strokes(kind, cx, xtop, ytop_glyph, asc_x):
    t = xtop
    if kind == "grave":
        return [[(cx - 1.6, t - 6.5), (cx + 1.4, t - 2.5)]]
    if kind == "acute":
        return [[(cx + 1.8, t - 6.5), (cx - 1.2, t - 2.5)]]
    if kind == "tilde":
        return [[(cx - 3.2, t - 2.8), (cx - 1.8, t - 4.4), (cx - 0.4, t - 4.2),
                 (cx + 1.0, t - 3.2), (cx + 2.2, t - 3.0), (cx + 3.4, t - 4.6)]]
    if kind == "caron":
        return [[(cx - 2.6, t - 6.2), (cx, t - 3.0), (cx + 2.6, t - 6.2)]]
    if kind == "cedilla":
        return [[(cx, 9.0), (cx + 0.6, 11.0), (cx + 2.2, 12.2), (cx + 1.6, 13.8), (cx - 1.6, 14.2)]]
    if kind == "bar":
        y = ytop_glyph + 0.35 * (xtop - ytop_glyph)
        return [[(asc_x - 3.2, y), (asc_x + 3.2, y)]]
    raise ValueError(kind)


ACCENT_OF = {
    "à": ("a", "grave"), "è": ("e", "grave"), "ì": ("i", "grave"), "ò": ("o", "grave"),
    "ù": ("u", "grave"), "é": ("e", "acute"), "á": ("a", "acute"), "í": ("i", "acute"),
    "ó": ("o", "acute"), "ú": ("u", "acute"), "ć": ("c", "acute"), "ç": ("c", "cedilla"),
    "ã": ("a", "tilde"), "õ": ("o", "tilde"), "č": ("c", "caron"), "š": ("s", "caron"),
    "ž": ("z", "caron"), "đ": ("d", "bar"),
}


class Font:
    def __init__(self, name):
        from HersheyFonts import HersheyFonts
        h = HersheyFonts()
        h.load_default_font(name)
        self.name = name
        self.glyphs = {}
        allg = h.all_glyphs
        xb = allg["x"].draw_box
        self.xtop = float(xb[0][1])  # top of the x-height (y down)
        for ch in CHARSET[:95]:
            g = allg[ch]
            strokes = [np.asarray(s, dtype=np.float64) for s in g.strokes if len(s) > 0]
            (left, _), (right, _) = g.char_box
            self.glyphs[ch] = Glyph(strokes, float(left), float(right))
        slant_shift = 1.2 if name in ITALIC_LIKE else 0.0
        for ch, (base, kind) in ACCENT_OF.items():
            b = self.glyphs[base]
            strokes = list(b.strokes)
            if base == "i":  # dotless i: drop the strokes entirely above the x-height
                strokes = [s for s in strokes if s[:, 1].max() > self.xtop + 0.5]
            allp = np.concatenate(strokes, axis=0)
            cx = float((allp[:, 0].min() + allp[:, 0].max()) / 2) + slant_shift
            top_i = int(np.argmin(allp[:, 1]))
            ytop = float(allp[top_i, 1])
            asc_x = float(allp[top_i, 0])
            if kind == "cedilla":
                cx -= slant_shift * 1.5
            acc = [np.asarray(a, dtype=np.float64) for a in _accent_strokes(kind, cx, self.xtop, ytop, asc_x)]
            self.glyphs[ch] = Glyph(strokes + acc, b.left, b.right)


_FONTS = {}


def font(name):
    f = _FONTS.get(name)
    if f is None:
        f = _FONTS[name] = Font(name)
    return f


# ----------------------------------------------------------------------------
# Text

COMMON_EN = """
the of and to a in is it you that he was for on are with as I his they be at one have this
from or had by not word but what some we can out other were all there when up use your how
said an each she which do their time if will way about many then them write would like so
these her long make thing see him two has look more day could go come did number sound no
most people my over know water than call first who may down side been now find any new work
part take get place made live where after back little only round man year came show every
good me give our under name very through just form sentence great think say help low line
differ turn cause much mean before move right boy old too same tell does set three want air
well also play small end put home read hand port large spell add even land here must big
high such follow act why ask men change went light kind off need house picture try us again
animal point mother world near build self earth father head stand own page should country
found answer school grow study still learn plant cover food sun four between state keep eye
never last let thought city tree cross farm hard start might story saw far sea draw left late
run don't while press close night real life few north open seem together next white children
begin got walk example ease paper group always music those both mark often letter until mile
river car feet care second book carry took science eat room friend began idea fish mountain
stop once base hear horse cut sure watch color face wood main enough plain girl usual young
ready above ever red list though feel talk bird soon body dog family direct pose leave song
measure door product black short numeral class wind question happen complete ship area half
rock order fire south problem piece told knew pass since top whole king space heard best hour
better true during hundred five remember step early hold west ground interest reach fast verb
sing listen six table travel less morning ten simple several vowel toward war lay against
pattern slow center love person money serve appear road map rain rule govern pull cold notice
voice unit power town fine certain fly fall lead cry dark machine note wait plan figure star
box noun field rest correct able pound done beauty drive stood contain front teach week final
gave green oh quick develop ocean warm free minute strong special mind behind clear tail
produce fact street inch multiply nothing course stay wheel full force blue object decide
surface deep moon island foot system busy test record boat common gold possible plane age dry
wonder laugh thousand ago ran check game shape equal hot miss brought heat snow tire bring yes
distant fill east paint language among data model function value input output error result
method file code server client node graph matrix vector set list note todo fix bug run build
test loss step rate mean sum max min log plot table image text page user key map type class
object array string int float true false null None self return import def var let const
""".split()

COMMON_IT = """
il lo la i gli le un una uno di a da in con su per tra fra e o ma che non si come anche
più questo quello essere avere fare dire andare potere volere dovere sapere stare vedere
dare tempo anno giorno uomo donna casa mondo vita parte cosa modo lavoro paese punto
caso numero nome fine forma valore dato dati funzione metodo problema soluzione esempio
quindi però perché quando dove sempre ancora molto poco tutto tutti ogni altro stesso
grande piccolo nuovo primo secondo ultimo buono bene male qui così già solo allora prima
dopo sotto sopra dentro fuori insieme calcolo media varianza probabilità matrice vettore
città università perciò però così più può già giù è sì né là lì cioè
""".split()

OTHER_ACCENTED = """
são não ação informação está más así también qué día através você começar
čovjek ćevap šuma žena đak kuća nešto već može Hrvatska čaj šest žuto đurđica
façade garçon crème café déjà été élève père mère très où après
""".split()

_WORDLIST_CACHE = {}


def _load_dict(path, max_len=12):
    if path in _WORDLIST_CACHE:
        return _WORDLIST_CACHE[path]
    words = []
    allowed = set(string.ascii_letters + ACCENTED)
    try:
        with open(path, encoding="utf-8", errors="ignore") as fh:
            for w in fh:
                w = w.strip()
                if 1 <= len(w) <= max_len and all(c in allowed for c in w):
                    words.append(w)
    except OSError:
        pass
    if not words:
        words = list(COMMON_EN)
    # shorter words first and more often
    words = np.array(words, dtype=object)
    lens = np.array([len(w) for w in words], dtype=np.float64)
    p = 1.0 / (1.0 + np.maximum(lens - 4, 0)) ** 1.5
    p /= p.sum()
    _WORDLIST_CACHE[path] = (words, p)
    return words, p


def _dict_word(rng, path):
    words, p = _load_dict(path)
    return str(words[rng.choice(len(words), p=p)])


def _number(rng):
    r = rng.random()
    if r < 0.25:
        return str(rng.integers(0, 100))
    if r < 0.4:
        return str(rng.integers(1900, 2031))
    if r < 0.6:
        return f"{rng.integers(0, 100)}.{rng.integers(0, 100)}"
    if r < 0.7:
        return f"{rng.integers(0, 101)}%"
    if r < 0.8:
        return f"{rng.integers(1, 32)}/{rng.integers(1, 13)}"
    if r < 0.9:
        return str(rng.integers(100, 100000))
    return f"{rng.integers(0, 10)},{rng.integers(0, 100)}"


def _simple_word(rng):
    r = rng.random()
    if r < 0.55:
        return str(COMMON_EN[rng.integers(len(COMMON_EN))])
    if r < 0.75:
        return _dict_word(rng, "/usr/share/dict/american-english")
    if r < 0.85:
        return str(COMMON_IT[rng.integers(len(COMMON_IT))])
    if r < 0.97:
        return _dict_word(rng, "/usr/share/dict/italian")
    return str(OTHER_ACCENTED[rng.integers(len(OTHER_ACCENTED))])


SYMBOL_TOKENS = ["x+y", "a=b", "#3", "[1]", "{x}", "<", ">", "x^2", "~", "$5", "@home", "a*b",
                 "a|b", "C:\\", "`x`", "&", "->", "=>", "<=", ">=", "!=", "==", "+", "-", "=",
                 "*", "/", "x_i", "f(x)", "#", "%", "[i]", "{}", "()", "\"ok\"", "'s", "...",
                 "e^x", "|x|", "~/", "a&b", "n!", "2*pi", "a/b", "@", "$", "^", "_"]


def _code_token(rng):
    a = _simple_word(rng).lower()
    b = _simple_word(rng).lower()
    r = rng.random()
    if r < 0.3:
        return f"{a}_{b}"
    if r < 0.55:
        return a + b[:1].upper() + b[1:]
    if r < 0.75:
        return f"{a}()"
    if r < 0.85:
        return f"{a}.{b}"
    return f"{a}({b})"


def _accent_noise(rng, w):
    # occasionally put an accent on a vowel so every accented class is seen
    vowels = [i for i, c in enumerate(w) if c in "aeiouczsd"]
    if not vowels:
        return w
    i = vowels[rng.integers(len(vowels))]
    options = [k for k, (b, _) in ACCENT_OF.items() if b == w[i]]
    if not options:
        return w
    return w[:i] + options[rng.integers(len(options))] + w[i + 1:]


def random_text(rng):
    n = int(rng.choice([1, 2, 3, 4, 5, 6], p=[0.14, 0.2, 0.2, 0.18, 0.15, 0.13]))
    words = []
    for j in range(n):
        r = rng.random()
        if r < 0.08:
            w = _number(rng)
        elif r < 0.13:
            w = _code_token(rng)
        elif r < 0.17:
            w = SYMBOL_TOKENS[rng.integers(len(SYMBOL_TOKENS))]
        else:
            w = _simple_word(rng)
            if rng.random() < 0.03:
                w = _accent_noise(rng, w)
            if (j == 0 and rng.random() < 0.3) or rng.random() < 0.08:
                w = w[:1].upper() + w[1:]
            elif rng.random() < 0.02:
                w = w.upper()
        r = rng.random()
        if r < 0.07:
            w += "."
        elif r < 0.13:
            w += ","
        elif r < 0.16:
            w += ":"
        elif r < 0.17:
            w += ";"
        elif r < 0.19:
            w += "?"
        elif r < 0.205:
            w += "!"
        r = rng.random()
        if r < 0.03:
            w = "(" + w + ")"
        elif r < 0.045:
            w = '"' + w + '"'
        elif r < 0.055:
            w = "'" + w + "'"
        words.append(w)
        if j < n - 1 and rng.random() < 0.03:
            words.append(str(rng.choice(["-", "/", "=", "+", "->", "&"])))
    text = " ".join(words)
    if rng.random() < 0.10:  # block capitals
        text = "".join(c.upper() if c in string.ascii_letters else c for c in text)
    text = "".join(c for c in text if c in CHARSET)
    text = text.strip()
    if not text:
        text = "a"
    return text


# ----------------------------------------------------------------------------
# Hand-made look


def _densify(p, step):
    if len(p) < 2:
        return p
    out = [p[:1]]
    for a, b in zip(p[:-1], p[1:]):
        d = float(np.hypot(*(b - a)))
        n = max(1, int(math.ceil(d / step)))
        t = (np.arange(1, n + 1) / n)[:, None]
        out.append(a + (b - a) * t)
    return np.concatenate(out, axis=0)


def _smooth_field(rng, amp, wl_min, wl_max, n=3):
    """Random low-frequency 2-D displacement field: returns f(P) -> dP."""
    comps = []
    for _ in range(n):
        ang = rng.uniform(0, 2 * math.pi)
        k = 2 * math.pi / rng.uniform(wl_min, wl_max)
        kx, ky = k * math.cos(ang), k * math.sin(ang)
        ph = rng.uniform(0, 2 * math.pi)
        a = rng.normal(0, amp, size=2)
        comps.append((kx, ky, ph, a))

    def f(P):
        d = np.zeros_like(P)
        for kx, ky, ph, a in comps:
            s = np.sin(P[:, 0] * kx + P[:, 1] * ky + ph)
            d[:, 0] += a[0] * s
            d[:, 1] += a[1] * s
        return d

    return f


def _alter_stroke(rng, p):
    """Occasional shortening or extension of a stroke end."""
    if len(p) < 2:
        return p
    r = rng.random()
    if r < 0.05 and len(p) >= 4:
        k = int(rng.integers(1, max(2, len(p) // 6) + 1))
        return p[k:] if rng.random() < 0.5 else p[:-k]
    if r < 0.10:
        f = rng.uniform(0.05, 0.25)
        if rng.random() < 0.5:
            return np.concatenate([p, (p[-1] + (p[-1] - p[-2]) * f)[None]], axis=0)
        return np.concatenate([(p[0] + (p[0] - p[1]) * f)[None], p], axis=0)
    return p


def synth_strokes(text, rng, fontname=None):
    """Lay out `text` as hand-like strokes (y down). Returns a list of (n,2) arrays."""
    caps_line = sum(c.isupper() for c in text) > 0.6 * sum(c.isalpha() for c in text) > 0
    if fontname is None:
        p_script = 0.08 if caps_line else 0.35
        if rng.random() < p_script:
            fontname = str(rng.choice(SCRIPT_FONTS))
        else:
            fontname = str(rng.choice(PRINT_FONTS, p=PRINT_WEIGHTS))
    base_font = font(fontname)
    script = fontname in SCRIPT_FONTS
    # many people join lower case but print capitals and digits
    plain_caps = font(str(rng.choice(PRINT_FONTS, p=PRINT_WEIGHTS))) if script and rng.random() < 0.5 else None
    mix = rng.random() < 0.05
    sp_factor = rng.uniform(0.92, 1.12) if script else rng.uniform(0.92, 1.2)
    sp_add = rng.uniform(-0.5, 1.0) if script else rng.uniform(-0.8, 2.0)
    word_sp = rng.uniform(0.5, 1.6)
    # Hershey letters are wider than most hands: narrow them on average
    aspect = min(1.3, max(0.55, math.exp(rng.normal(math.log(0.85), 0.15))))
    # x-height relative to capitals (the script fonts' is small: 9 of 21 units)
    xh_scale = math.exp(rng.normal(math.log(1.22) if script else 0.0, 0.1))
    ch_scale_sd = rng.uniform(0.02, 0.08)
    base_sd = rng.uniform(0.0, 0.9)
    strokes = []
    pen = 0.0
    cur_font = base_font
    for ch in text:
        if ch == " ":
            pen += (cur_font.glyphs[" "].right - cur_font.glyphs[" "].left) * word_sp * rng.uniform(0.8, 1.25)
            if mix and rng.random() < 0.5:
                cur_font = font(str(rng.choice(PRINT_FONTS + SCRIPT_FONTS)))
            continue
        g = cur_font.glyphs[ch]
        if plain_caps is not None and (ch.isupper() or ch.isdigit()):
            g = plain_caps.glyphs[ch]
        sc = math.exp(rng.normal(0, ch_scale_sd))
        sx = sc * aspect * math.exp(rng.normal(0, 0.04))
        sy = sc
        if ch.islower() and ch not in "bdfhklt":
            sy_x = sy * xh_scale
        else:
            sy_x = sy
        dy = rng.normal(0, base_sd)
        for s in g.strokes:
            q = s.copy()
            q[:, 0] = pen + (q[:, 0] - g.left) * sx
            yy = q[:, 1] - 9.0  # baseline at 0
            # scale x-height part for lower-case letters, keep baseline
            q[:, 1] = np.where(yy < 0, yy * sy_x, yy * sy) + dy
            strokes.append(q)
        adv = (g.right - g.left) * sx * sp_factor + sp_add + rng.normal(0, 0.6)
        pen += max(adv, 2.0)
    if not strokes:
        strokes = [np.zeros((1, 2))]
    # densify so that smooth deformations bend straight segments
    strokes = [_densify(s, 1.5) for s in strokes]
    strokes = [_alter_stroke(rng, s) for s in strokes]
    # slant (shear around the baseline): positive leans right
    slant = rng.uniform(-0.35, 0.45) if rng.random() < 0.7 else rng.normal(0.12, 0.12)
    width = max(pen, 1.0)
    drift_amp = rng.uniform(0, 2.5)
    drift_wl = rng.uniform(120, 600)
    drift_ph = rng.uniform(0, 2 * math.pi)
    drift_lin = rng.normal(0, 0.015)
    rot = rng.normal(0, 0.025)
    el = _smooth_field(rng, rng.uniform(0.0, 1.3), 12, 50)
    jit_sd = rng.uniform(0.0, 0.3)
    ca, sa = math.cos(rot), math.sin(rot)
    out = []
    for s in strokes:
        q = s.copy()
        q[:, 0] = q[:, 0] - slant * q[:, 1]
        q[:, 1] += drift_amp * np.sin(2 * math.pi * q[:, 0] / drift_wl + drift_ph) + drift_lin * q[:, 0]
        q += el(q)
        if jit_sd > 0 and len(q) > 1:
            j = rng.normal(0, jit_sd, size=q.shape)
            if len(q) >= 3:
                j[1:-1] = (j[:-2] + 2 * j[1:-1] + j[2:]) / 4
            q += j
        x = q[:, 0] - width / 2
        q = np.stack([x * ca - q[:, 1] * sa, x * sa + q[:, 1] * ca], axis=1)
        out.append(q)
    # arbitrary unit and origin: the normalisation must not care
    unit = math.exp(rng.uniform(-1, 2))
    off = rng.uniform(-100, 100, size=2)
    return [q * unit + off for q in out]


def make_line(rng, H=48, text=None):
    """One training example: (image float32 [H, W], text)."""
    if text is None:
        text = random_text(rng)
    strokes = synth_strokes(text, rng)
    img = normalise_line(strokes, H)
    return img, text


def contact_sheet(images, texts=None, path="/tmp/synth-sheet.png", max_w=1100):
    H = images[0].shape[0]
    W = min(max_w, max(im.shape[1] for im in images))
    sheet = np.zeros(((H + 4) * len(images), W), dtype=np.float32)
    for i, im in enumerate(images):
        w = min(W, im.shape[1])
        sheet[i * (H + 4): i * (H + 4) + H, :w] = im[:, :w]
        sheet[i * (H + 4) + H: (i + 1) * (H + 4), :] = 0.25
    Image.fromarray(((1 - sheet) * 255).astype(np.uint8)).save(path)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sheet", default="/tmp/synth-sheet.png")
    ap.add_argument("--n", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    rng = np.random.default_rng(a.seed)
    ims, txts = [], []
    for _ in range(a.n):
        im, t = make_line(rng)
        ims.append(im)
        txts.append(t)
        print(f"{im.shape[1]:5d}  {t}")
    contact_sheet(ims, txts, a.sheet)
    print("wrote", a.sheet)


if __name__ == "__main__":
    main()
