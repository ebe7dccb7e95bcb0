#!/usr/bin/env python3
"""Train inkpdf's handwriting-line recogniser on synthetic lines (numpy, CPU).

  python3 scripts/handwriting/train.py --minutes 75 \
      --out Sources/InkRecognition/Resources/handwriting-latin.bin

The model file is rewritten (temporary file + rename) every
--checkpoint-minutes and at the end, with the synthetic validation scores
in its header. `--gradcheck` runs a numeric gradient test and exits.
"""

import os

# One BLAS thread: the data producer runs on the other core, and spinning
# BLAS threads fighting for a busy core cost far more than they bring.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import argparse
import json
import math
import multiprocessing as mp
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import model_io  # noqa: E402
import net  # noqa: E402
import synth  # noqa: E402

H = 48
MAX_TRAIN_W = 1400
CHAR_INDEX = {c: i + 1 for i, c in enumerate(synth.CHARSET)}


def encode(text):
    return [CHAR_INDEX[c] for c in text if c in CHAR_INDEX]


def feasible(label, T):
    need = len(label) + sum(1 for i in range(1, len(label)) if label[i] == label[i - 1])
    return len(label) > 0 and need <= T


def collate(items):
    """items: list of (img [H, w], text) -> (x [B, H, Wmax], widths, labels, texts)."""
    wmax = max(im.shape[1] for im, _ in items)
    wmax = ((wmax + 3) // 4) * 4
    x = np.zeros((len(items), H, wmax), np.float32)
    widths = np.zeros(len(items), np.int64)
    for i, (im, _) in enumerate(items):
        x[i, :, :im.shape[1]] = im
        widths[i] = im.shape[1]
    return x, widths, [encode(t) for _, t in items], [t for _, t in items]


def make_examples(rng, n):
    out = []
    while len(out) < n:
        im, text = synth.make_line(rng, H)
        if im.shape[1] > MAX_TRAIN_W:
            continue
        if not feasible(encode(text), im.shape[1] // 4):
            continue
        out.append((im, text))
    return out


def producer(seed, wid, batch, q):
    os.nice(2)
    rng = np.random.default_rng([seed, 1000 + wid])
    while True:
        pool = make_examples(rng, batch * 8)
        pool.sort(key=lambda e: e[0].shape[1])
        batches = [pool[i:i + batch] for i in range(0, len(pool), batch)]
        rng.shuffle(batches)
        for b in batches:
            x, widths, labels, texts = collate(b)
            q.put(((x * 255 + 0.5).astype(np.uint8), widths, labels, texts))


class Adam:
    def __init__(self, model, lr, b1=0.9, b2=0.999, eps=1e-8):
        self.model, self.lr, self.b1, self.b2, self.eps = model, lr, b1, b2, eps
        self.m = {}
        self.v = {}
        self.t = 0

    def step(self, lr, clip=5.0):
        self.t += 1
        gsq = 0.0
        for l in self.model.layers:
            for k, g in l.grads.items():
                gsq += float((g.astype(np.float64) ** 2).sum())
        gnorm = math.sqrt(gsq)
        scale = min(1.0, clip / (gnorm + 1e-12))
        bc1 = 1 - self.b1 ** self.t
        bc2 = 1 - self.b2 ** self.t
        for li, l in enumerate(self.model.layers):
            for k, g in l.grads.items():
                key = (li, k)
                g = g * scale
                if key not in self.m:
                    self.m[key] = np.zeros_like(g)
                    self.v[key] = np.zeros_like(g)
                m, v = self.m[key], self.v[key]
                m *= self.b1
                m += (1 - self.b1) * g
                v *= self.b2
                v += (1 - self.b2) * g * g
                l.params[k] -= (lr * (m / bc1) / (np.sqrt(v / bc2) + self.eps)).astype(l.params[k].dtype)
        return gnorm


def evaluate(model, val, batch=32):
    edits = chars = 0
    w_err = w_tot = 0
    exact = 0
    samples = []
    order = sorted(range(len(val)), key=lambda i: val[i][0].shape[1])
    for s in range(0, len(order), batch):
        items = [val[i] for i in order[s:s + batch]]
        x, widths, _, texts = collate(items)
        logits, lens = model.forward(x, widths)
        hyps = net.greedy_decode(logits, lens, synth.CHARSET)
        for r, h in zip(texts, hyps):
            edits += net.edit_distance(r, h)
            chars += len(r)
            rw, hw = r.split(), h.split()
            w_err += net.edit_distance(rw, hw)
            w_tot += len(rw)
            exact += r == h
            if len(samples) < 6 and s % (batch * 4) == 0:
                samples.append((r, h))
    for l in model.layers:
        l.cache = None
    return {"cer": edits / max(chars, 1), "word_accuracy": max(0.0, 1 - w_err / max(w_tot, 1)),
            "line_accuracy": exact / len(val)}, samples


def export(model, path, info):
    header = {
        "format": 1,
        "height": H,
        "charset": synth.CHARSET,
        "normalisation": synth.NORM_SPEC,
        "layers": model.header_layers(),
        "training": info,
    }
    model_io.write_model(path, header, model.export_arrays())


def check_export(model, path, val):
    """The file read back through infer.py must give the training forward pass."""
    import infer
    header, weights = model_io.read_model(path)
    worst = 0.0
    for im, _ in val[:3]:
        lp = infer.forward(header, weights, im)
        logits, lens = model.forward(im[None], np.array([im.shape[1]]))
        z = logits[:, 0, :].astype(np.float64)
        z = z - z.max(axis=1, keepdims=True)
        z = z - np.log(np.exp(z).sum(axis=1, keepdims=True))
        worst = max(worst, float(np.abs(z - lp).max()))
    for l in model.layers:
        l.cache = None
    return worst


def gradcheck():
    net.DTYPE = np.float64
    rng = np.random.default_rng(0)
    Hs = 16
    model = net.Network(Hs, 6, rng, convs=(3, 4, 5, 4), pools=((2, 2), (2, 2), (2, 1), (2, 1)), lstm=(5, 3))
    x = rng.random((2, Hs, 36))
    widths = np.array([36, 27])
    x[1, :, 27:] = 0
    labels = [[1, 2, 2, 3], [4, 5]]

    def loss_fn():
        logits, lens = model.forward(x, widths)
        loss, g = net.ctc_loss_grad(logits, lens, labels)
        return loss.sum(), g

    L, g = loss_fn()
    model.backward(g)
    worst = 0.0
    for li, l in enumerate(model.layers):
        for k in sorted(l.params):
            p = l.params[k]
            an = l.grads[k]
            idxs = [tuple(rng.integers(0, s) for s in p.shape) for _ in range(6)]
            for idx in idxs:
                old = p[idx]
                eps = 1e-5
                p[idx] = old + eps
                lp, _ = loss_fn()
                p[idx] = old - eps
                lm, _ = loss_fn()
                p[idx] = old
                num = (lp - lm) / (2 * eps)
                rel = abs(num - an[idx]) / max(1e-6, abs(num) + abs(an[idx]))
                worst = max(worst, rel if abs(num) + abs(an[idx]) > 1e-7 else 0.0)
            print(f"layer {li} {type(l).__name__:8s} {k:6s} ok (worst rel so far {worst:.2e})")
    # the batch must not change a line's numbers
    lg, _ = model.forward(x, widths)
    alone, lens = model.forward(x[1:2, :, :27], np.array([27]))
    diff = float(np.abs(lg[:lens[0], 1] - alone[:, 0]).max())
    print(f"CTC loss {L:.4f}; worst relative gradient error {worst:.2e}; batch-vs-alone diff {diff:.2e}")
    ok = worst < 1e-4 and diff < 1e-9
    print("GRADCHECK", "PASSED" if ok else "FAILED")
    return ok


def log(fh, msg):
    line = time.strftime("%H:%M:%S ") + msg
    print(line, flush=True)
    if fh:
        fh.write(line + "\n")
        fh.flush()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--minutes", type=float, default=75)
    ap.add_argument("--out", default=os.path.join(HERE, "..", "..", "Sources", "InkRecognition", "Resources",
                                                   "handwriting-latin.bin"))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--batch", type=int, default=24)
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--checkpoint-minutes", type=float, default=10)
    ap.add_argument("--val", type=int, default=500)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--log", default="/tmp/hw-train.log")
    ap.add_argument("--lstm", default="128", help="hidden sizes of the stacked BiLSTMs, e.g. 128,128")
    ap.add_argument("--convs", default="16,32,64,96")
    ap.add_argument("--vectors", default="/tmp/hw-vectors.json",
                    help="test vectors for the Swift port, rewritten with every checkpoint ('' for none)")
    ap.add_argument("--gradcheck", action="store_true")
    a = ap.parse_args()
    if a.gradcheck:
        sys.exit(0 if gradcheck() else 1)

    t0 = time.time()
    budget = a.minutes * 60
    fh = open(a.log, "a") if a.log else None
    rng = np.random.default_rng(a.seed)
    convs = tuple(int(c) for c in a.convs.split(","))
    lstm = tuple(int(c) for c in a.lstm.split(",") if c)
    model = net.Network(H, len(synth.CHARSET) + 1, rng, convs=convs, lstm=lstm)
    nparams = sum(p.size for l in model.layers for p in l.params.values())
    log(fh, f"start: minutes={a.minutes} seed={a.seed} batch={a.batch} convs={convs} lstm={lstm} "
            f"params={nparams} out={a.out}")

    val = make_examples(np.random.default_rng([a.seed, 999_999]), a.val)
    log(fh, f"validation set: {len(val)} lines, mean width {np.mean([v[0].shape[1] for v in val]):.0f}px")

    ctx = mp.get_context("fork")
    q = ctx.Queue(maxsize=16)
    procs = [ctx.Process(target=producer, args=(a.seed, w, a.batch, q), daemon=True) for w in range(a.workers)]
    for p in procs:
        p.start()

    opt = Adam(model, a.lr)
    step = 0
    lines = 0
    warm = 150
    last_ckpt = time.time()
    avg = None
    t_train = time.time()
    best_info = None
    checked = False

    def checkpoint(final=False):
        nonlocal checked, best_info
        scores, samples = evaluate(model, val)
        elapsed = (time.time() - t0) / 60
        info = {
            "data": "synthetic lines from Hershey single-stroke fonts (scripts/handwriting/synth.py)",
            "steps": step, "lines_seen": lines, "batch": a.batch, "minutes": round(elapsed, 1),
            "seed": a.seed, "lr": a.lr, "validation_lines": len(val),
            "validation_cer": round(scores["cer"], 4),
            "validation_word_accuracy": round(scores["word_accuracy"], 4),
            "validation_line_accuracy": round(scores["line_accuracy"], 4),
            "final": final,
        }
        export(model, a.out, info)
        if a.vectors:
            import make_vectors
            make_vectors.write_vectors(a.out, a.vectors)
        if not checked:
            diff = check_export(model, a.out, val)
            log(fh, f"export check: max |logprob diff| training vs infer.py = {diff:.2e}")
            checked = True
        log(fh, f"checkpoint step {step} lines {lines}: val CER {scores['cer']:.4f} "
                f"word acc {scores['word_accuracy']:.4f} line acc {scores['line_accuracy']:.4f} -> {a.out}")
        for r, h in samples[:4]:
            log(fh, f"   ref {r!r}\n            hyp {h!r}")
        best_info = info

    try:
        while True:
            now = time.time()
            frac = (now - t0) / budget
            if frac >= 1.0:
                break
            xb, widths, labels, texts = q.get()
            x = xb.astype(np.float32) / 255.0
            logits, lens = model.forward(x, widths)
            loss, g = net.ctc_loss_grad(logits, lens, labels)
            ok = np.isfinite(loss)
            if not ok.all():
                g[:, ~ok] = 0
            g /= max(1, int(ok.sum()))
            model.backward(g)
            lr = a.lr * min(1.0, (step + 1) / warm) * (0.04 + 0.96 * 0.5 * (1 + math.cos(math.pi * min(frac, 1.0))))
            gnorm = opt.step(lr)
            step += 1
            lines += len(texts)
            lm = float(np.nanmean(loss)) if ok.any() else float("nan")
            avg = lm if avg is None else 0.98 * avg + 0.02 * lm
            if step % 25 == 0:
                el = time.time() - t_train
                log(fh, f"step {step} lines {lines} loss {avg:.3f} (batch {lm:.3f}, W {x.shape[2]}) "
                        f"gnorm {gnorm:.2f} lr {lr:.2e} {lines / el:.1f} lines/s "
                        f"elapsed {(time.time() - t0) / 60:.1f} min")
            if time.time() - last_ckpt >= a.checkpoint_minutes * 60:
                checkpoint()
                last_ckpt = time.time()
    finally:
        for p in procs:
            p.terminate()
    checkpoint(final=True)
    el = time.time() - t_train
    log(fh, f"done: {step} steps, {lines} lines, {lines / el:.1f} lines/s, {json.dumps(best_info)}")


if __name__ == "__main__":
    main()
