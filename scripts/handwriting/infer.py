#!/usr/bin/env python3
"""Reference inference for inkpdf's handwriting model file.

This is written straight from the file format (model_io.py / README.md),
independently of the training code, one line at a time, channels first,
as the Swift reader works.

  infer.py --model M.bin --strokes line.json        # [[ [x,y], ... ], ...]
  infer.py --model M.bin --png line.png              # already normalised, H px high
  infer.py ... --dump-logits out.json                # per-column log-probabilities
"""

import argparse
import json
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import model_io  # noqa: E402

DEFAULT_MODEL = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                             "Sources", "InkRecognition", "Resources", "handwriting-latin.bin")


def _sig(x):
    return 1.0 / (1.0 + np.exp(-x))


def conv2d(x, w, b, relu):
    C, H, W = x.shape
    O, _, kh, kw = w.shape
    ph, pw = kh // 2, kw // 2
    xp = np.zeros((C, H + kh - 1, W + kw - 1), np.float32)
    xp[:, ph:ph + H, pw:pw + W] = x
    y = np.zeros((O, H, W), np.float32)
    for i in range(kh):
        for j in range(kw):
            # [O, C] x [C, H*W]
            y += (w[:, :, i, j] @ xp[:, i:i + H, j:j + W].reshape(C, H * W)).reshape(O, H, W)
    y += b[:, None, None]
    return np.maximum(y, 0) if relu else y


def maxpool(x, kh, kw):
    C, H, W = x.shape
    Ho, Wo = H // kh, W // kw
    return x[:, :Ho * kh, :Wo * kw].reshape(C, Ho, kh, Wo, kw).max(axis=(2, 4))


def lstm_dir(xs, Wih, Whh, b, reverse):
    T = xs.shape[0]
    h4 = Wih.shape[0]
    hd = h4 // 4
    h = np.zeros(hd, np.float32)
    c = np.zeros(hd, np.float32)
    out = np.zeros((T, hd), np.float32)
    steps = range(T - 1, -1, -1) if reverse else range(T)
    for t in steps:
        a = Wih @ xs[t] + Whh @ h + b
        i = _sig(a[0:hd])
        f = _sig(a[hd:2 * hd])
        g = np.tanh(a[2 * hd:3 * hd])
        o = _sig(a[3 * hd:4 * hd])
        c = f * c + i * g
        h = o * np.tanh(c)
        out[t] = h
    return out


def conv1d(xs, w, b, dil, relu):
    T, n = xs.shape
    O, _, k = w.shape
    pad = dil * (k - 1) // 2
    xp = np.zeros((T + 2 * pad, n), np.float32)
    xp[pad:pad + T] = xs
    y = np.zeros((T, O), np.float32) + b
    for j in range(k):
        y += xp[j * dil:j * dil + T] @ w[:, :, j].T
    return np.maximum(y, 0) if relu else y


def forward(header, weights, img):
    """img [H, W] float32 (ink 1, paper 0) -> log-probabilities [T, classes]."""
    return log_softmax(forward_logits(header, weights, img))


def log_softmax(seq):
    z = seq - seq.max(axis=1, keepdims=True)
    return z - np.log(np.exp(z).sum(axis=1, keepdims=True))


def forward_logits(header, weights, img):
    """img [H, W] float32 (ink 1, paper 0) -> raw logits of the last layer [T, classes]."""
    x = img[None].astype(np.float32)
    seq = None
    for layer, ws in zip(header["layers"], weights):
        t = layer["type"]
        if t == "conv2d":
            x = conv2d(x, ws[0], ws[1], layer.get("relu", False))
        elif t == "maxpool":
            x = maxpool(x, *layer["kernel"])
        elif t == "columns":
            C, Hc, Wc = x.shape
            seq = x.transpose(2, 0, 1).reshape(Wc, C * Hc)  # feature = c*Hc + h
        elif t == "bilstm":
            f = lstm_dir(seq, ws[0], ws[1], ws[2], False)
            r = lstm_dir(seq, ws[3], ws[4], ws[5], True)
            seq = np.concatenate([f, r], axis=1)
        elif t == "conv1d":
            seq = conv1d(seq, ws[0], ws[1], layer.get("dilation", 1), layer.get("relu", False))
        elif t == "linear":
            seq = seq @ ws[0].T + ws[1]
        else:
            raise ValueError(t)
    return seq


def greedy(logp, charset):
    best = logp.argmax(axis=1)
    out, prev = [], 0
    for k in best:
        k = int(k)
        if k != prev and k != 0:
            out.append(charset[k - 1])
        prev = k
    return "".join(out), best


def load(path):
    return model_io.read_model(path)


def image_from_strokes(strokes, H):
    import synth  # the one normalisation
    return synth.normalise_line(strokes, H)


def image_from_png(path, H, ink_is_white=False):
    from PIL import Image
    im = Image.open(path).convert("L")
    if im.height != H:
        im = im.resize((max(1, round(im.width * H / im.height)), H), Image.BILINEAR)
    a = np.asarray(im, dtype=np.float32) / 255.0
    return a if ink_is_white else 1.0 - a


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--model", default=DEFAULT_MODEL)
    src = ap.add_mutually_exclusive_group(required=True)
    src.add_argument("--info", action="store_true", help="print the header (less the charset) and exit")
    src.add_argument("--strokes", help="JSON file: list of strokes, each a list of [x, y] (y down)")
    src.add_argument("--png", help="an already normalised line image (dark ink on white unless --ink-is-white)")
    ap.add_argument("--ink-is-white", action="store_true")
    ap.add_argument("--dump-logits", help="write per-column log-probabilities as JSON")
    ap.add_argument("--save-image", help="write the normalised image as PNG")
    a = ap.parse_args()
    header, weights = load(a.model)
    if a.info:
        h = dict(header)
        h["charset"] = f"{len(header['charset'])} characters"
        print(json.dumps(h, indent=1, ensure_ascii=False))
        return
    H = header["height"]
    if a.strokes:
        with open(a.strokes) as fh:
            strokes = json.load(fh)
        img = image_from_strokes(strokes, H)
    else:
        img = image_from_png(a.png, H, a.ink_is_white)
    if a.save_image:
        from PIL import Image
        Image.fromarray(((1 - np.clip(img, 0, 1)) * 255).astype(np.uint8)).save(a.save_image)
    logp = forward(header, weights, img)
    text, best = greedy(logp, header["charset"])
    print(text)
    if a.dump_logits:
        with open(a.dump_logits, "w") as fh:
            json.dump({"text": text, "image_shape": list(img.shape), "image_sum": float(img.sum()),
                       "argmax": [int(k) for k in best], "log_probs": logp.tolist()}, fh)


if __name__ == "__main__":
    main()
