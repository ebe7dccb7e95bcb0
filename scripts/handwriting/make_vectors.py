#!/usr/bin/env python3
"""Test vectors for ports of the recogniser (the Swift reader).

For three fixed small lines given as strokes: the normalised image's shape
and pixel sum, the per-column argmax classes, and the first three columns'
raw logits and log-probabilities, all computed by infer.py from the model
file. Written atomically.

  make_vectors.py --model M.bin --out /tmp/hw-vectors.json
"""

import argparse
import json
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import infer  # noqa: E402
import synth  # noqa: E402


def fixed_lines():
    lines = []
    # 1. "hi" drawn by hand, with a one-point stroke (the dot of the i)
    lines.append(("hi", [
        [[0, 0], [0, 10]],
        [[0, 6], [1.5, 4.5], [3.5, 4.2], [5, 5.5], [5, 10]],
        [[8, 4.5], [8, 10]],
        [[8, 1.5]],
    ]))
    # 2. a synthetic line, coordinates rounded to 1/100 (so JSON holds them exactly enough)
    rng = np.random.default_rng(12345)
    st = synth.synth_strokes("note 42", rng, fontname="futural")
    lines.append(("note 42", [[[round(float(x), 2), round(float(y), 2)] for x, y in s] for s in st]))
    # 3. cursive-ish "mm" in large units far from the origin
    pts = []
    x0, y0 = 1000.0, -500.0
    for k in range(9):
        pts.append([x0 + 40 * k, y0 + (0 if k % 2 else 120)])
    lines.append(("mm", [pts, [[x0 + 360, y0 + 120], [x0 + 380, y0 + 60]]]))
    return lines


def write_vectors(model_path, out_path):
    header, weights = infer.load(model_path)
    H = header["height"]
    res = {"model": os.path.abspath(model_path),
           "model_bytes": os.path.getsize(model_path),
           "note": "image = normalise_line(strokes) (rows top to bottom, ink 1, paper 0); logits = raw outputs of the last linear layer; "
                   "log_probs = log_softmax(logits); argmax per column over classes (0 = blank)",
           "lines": []}
    for name, strokes in fixed_lines():
        img = synth.normalise_line(strokes, H)
        logits = infer.forward_logits(header, weights, img)
        lp = infer.log_softmax(logits)
        text, best = infer.greedy(lp, header["charset"])
        res["lines"].append({
            "name": name, "strokes": strokes,
            "image_shape": list(img.shape), "image_sum": float(img.sum(dtype=np.float64)),
            # the exact input of the network (float32 values printed in full), row by row,
            # so a port can check its network on this image apart from its renderer
            "image": [[float(v) for v in row] for row in img],
            "columns": int(logits.shape[0]),
            "argmax": [int(k) for k in best], "greedy_text": text,
            "first3_logits": logits[:3].astype(float).tolist(),
            "first3_log_probs": lp[:3].astype(float).tolist(),
        })
    tmp = out_path + ".tmp"
    with open(tmp, "w") as fh:
        json.dump(res, fh, indent=1)
    os.replace(tmp, out_path)
    return res


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--model", default=infer.DEFAULT_MODEL)
    ap.add_argument("--out", default="/tmp/hw-vectors.json")
    a = ap.parse_args()
    r = write_vectors(a.model, a.out)
    for l in r["lines"]:
        print(l["name"], l["image_shape"], round(l["image_sum"], 3), l["columns"], repr(l["greedy_text"]))


if __name__ == "__main__":
    main()
