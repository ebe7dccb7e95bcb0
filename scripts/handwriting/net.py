"""The recogniser network in numpy with hand-written backpropagation.

Training layout is NHWC ([batch, height, width, channels]); the model file
stores PyTorch-like layouts (see model_io.py), converted by `export_layers`.

Every layer keeps the valid width of each line of the batch: activations
beyond it are forced to 0, so that a line padded on the right inside a batch
gives exactly the numbers that it gives alone (what the Swift reader sees).
"""

import numpy as np
import os
import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import recognition_score  # noqa: E402

DTYPE = np.float32


def _sigmoid(x):
    return 0.5 * (1.0 + np.tanh(0.5 * x))


class Conv2D:
    kind = "conv2d"

    def __init__(self, cin, cout, rng, relu=True, k=3):
        self.cin, self.cout, self.k, self.relu = cin, cout, k, relu
        fan_in = cin * k * k
        self.params = {
            "W": (rng.standard_normal((k * k * cin, cout)) * np.sqrt(2.0 / fan_in)).astype(DTYPE),
            "b": np.zeros(cout, DTYPE),
        }

    def forward(self, x, widths):
        B, H, W, C = x.shape
        k, p = self.k, self.k // 2
        xp = np.zeros((B, H + 2 * p, W + 2 * p, C), x.dtype)
        xp[:, p:p + H, p:p + W] = x
        cols = np.concatenate([xp[:, dy:dy + H, dx:dx + W, :] for dy in range(k) for dx in range(k)], axis=-1)
        cols = cols.reshape(B * H * W, k * k * C)
        y = (cols @ self.params["W"] + self.params["b"]).reshape(B, H, W, self.cout)
        if self.relu:
            np.maximum(y, 0, out=y)
        wm = (np.arange(W)[None, :] < widths[:, None]).astype(x.dtype)  # [B, W]
        y *= wm[:, None, :, None]
        self.cache = (x.shape, cols, y if self.relu else None, wm)
        return y

    def backward(self, dy, need_dx=True):
        shape, cols, y, wm = self.cache
        B, H, W, C = shape
        k, p = self.k, self.k // 2
        dy = dy * wm[:, None, :, None]
        if self.relu:
            dy = dy * (y > 0)
        d2 = dy.reshape(-1, self.cout)
        self.grads = {"W": cols.T @ d2, "b": d2.sum(axis=0)}
        self.cache = None
        if not need_dx:
            return None
        dcols = (d2 @ self.params["W"].T).reshape(B, H, W, k * k * C)
        dxp = np.zeros((B, H + 2 * p, W + 2 * p, C), dy.dtype)
        i = 0
        for dyy in range(k):
            for dxx in range(k):
                dxp[:, dyy:dyy + H, dxx:dxx + W, :] += dcols[..., i * C:(i + 1) * C]
                i += 1
        return dxp[:, p:p + H, p:p + W]

    def header(self):
        return {"type": "conv2d", "in": self.cin, "out": self.cout, "kernel": [self.k, self.k], "relu": self.relu}

    def export(self):
        k = self.k
        w = self.params["W"].reshape(k, k, self.cin, self.cout).transpose(3, 2, 0, 1)
        return [w, self.params["b"]]


class MaxPool:
    kind = "maxpool"

    def __init__(self, kh, kw):
        self.kh, self.kw = kh, kw
        self.params = {}

    def forward(self, x, widths):
        B, H, W, C = x.shape
        Ho, Wo = H // self.kh, W // self.kw
        r = x[:, :Ho * self.kh, :Wo * self.kw].reshape(B, Ho, self.kh, Wo, self.kw, C)
        y = r.max(axis=(2, 4))
        wm = (np.arange(Wo)[None, :] < (widths // self.kw)[:, None]).astype(x.dtype)
        y *= wm[:, None, :, None]
        self.cache = (x.shape, r, y, wm)
        return y

    def backward(self, dy, need_dx=True):
        shape, r, y, wm = self.cache
        B, H, W, C = shape
        Ho, Wo = y.shape[1], y.shape[2]
        dy = dy * wm[:, None, :, None]
        mask = r == y[:, :, None, :, None, :]
        # split ties evenly (ties are almost always zeros after a ReLU, whose gradient is 0 anyway)
        cnt = mask.sum(axis=(2, 4), keepdims=True)
        d = mask * (dy[:, :, None, :, None, :] / cnt)
        dx = np.zeros(shape, dy.dtype)
        dx[:, :Ho * self.kh, :Wo * self.kw] = d.reshape(B, Ho * self.kh, Wo * self.kw, C)
        self.cache = None
        self.grads = {}
        return dx

    def out_widths(self, widths):
        return widths // self.kw

    def header(self):
        return {"type": "maxpool", "kernel": [self.kh, self.kw]}

    def export(self):
        return []


class BiLSTM:
    kind = "bilstm"

    def __init__(self, nin, hidden, rng):
        self.nin, self.h = nin, hidden
        s = 1.0 / np.sqrt(hidden)
        self.params = {}
        for d in ("f", "b"):
            self.params["Wih_" + d] = rng.uniform(-s, s, (4 * hidden, nin)).astype(DTYPE)
            self.params["Whh_" + d] = rng.uniform(-s, s, (4 * hidden, hidden)).astype(DTYPE)
            b = np.zeros(4 * hidden, DTYPE)
            b[hidden:2 * hidden] = 1.0  # forget gate bias
            self.params["b_" + d] = b

    def _run(self, X, d, mask, reverse):
        T, B, _ = X.shape
        h = self.h
        Xp = X.reshape(T * B, -1) @ self.params["Wih_" + d].T + self.params["b_" + d]
        Xp = Xp.reshape(T, B, 4 * h)
        WhhT = self.params["Whh_" + d].T
        hs = np.zeros((T, B, h), X.dtype)
        gates = np.empty((T, B, 4 * h), X.dtype)
        cs = np.empty((T, B, h), X.dtype)
        tcs = np.empty((T, B, h), X.dtype)
        hprev = np.zeros((B, h), X.dtype)
        cprev = np.zeros((B, h), X.dtype)
        order = range(T - 1, -1, -1) if reverse else range(T)
        for t in order:
            a = Xp[t] + hprev @ WhhT
            g = gates[t]
            g[:, :2 * h] = _sigmoid(a[:, :2 * h])
            g[:, 2 * h:3 * h] = np.tanh(a[:, 2 * h:3 * h])
            g[:, 3 * h:] = _sigmoid(a[:, 3 * h:])
            c = g[:, h:2 * h] * cprev + g[:, :h] * g[:, 2 * h:3 * h]
            if mask is not None:
                c *= mask[t][:, None]
            tc = np.tanh(c)
            hh = g[:, 3 * h:] * tc
            cs[t], tcs[t], hs[t] = c, tc, hh
            hprev, cprev = hh, c
        return hs, (X, gates, cs, tcs, hs, mask, reverse)

    def _back(self, dH, d, cache):
        X, gates, cs, tcs, hs, mask, reverse = cache
        T, B, _ = X.shape
        h = self.h
        Whh = self.params["Whh_" + d]
        dA = np.empty((T, B, 4 * h), X.dtype)
        dh_next = np.zeros((B, h), X.dtype)
        dc_next = np.zeros((B, h), X.dtype)
        order = range(T) if reverse else range(T - 1, -1, -1)
        zeros = np.zeros((B, h), X.dtype)
        dWhh = np.zeros_like(Whh)
        for t in order:
            tp = t + 1 if reverse else t - 1
            if 0 <= tp < T:
                cprev, hprev = cs[tp], hs[tp]
            else:
                cprev, hprev = zeros, zeros
            g = gates[t]
            i, f, gg, o = g[:, :h], g[:, h:2 * h], g[:, 2 * h:3 * h], g[:, 3 * h:]
            dh = dH[t] + dh_next
            tc = tcs[t]
            dc = dc_next + dh * o * (1 - tc * tc)
            if mask is not None:
                dc = dc * mask[t][:, None]
            da = dA[t]
            da[:, :h] = dc * gg * i * (1 - i)
            da[:, h:2 * h] = dc * cprev * f * (1 - f)
            da[:, 2 * h:3 * h] = dc * i * (1 - gg * gg)
            da[:, 3 * h:] = dh * tc * o * (1 - o)
            dc_next = dc * f
            dh_next = da @ Whh
            dWhh += da.T @ hprev
        A2 = dA.reshape(T * B, 4 * h)
        self.grads["Wih_" + d] = A2.T @ X.reshape(T * B, -1)
        self.grads["Whh_" + d] = dWhh
        self.grads["b_" + d] = A2.sum(axis=0)
        return (A2 @ self.params["Wih_" + d]).reshape(X.shape)

    def forward(self, X, lengths):
        """X [T, B, in] -> [T, B, 2h]."""
        T, B, _ = X.shape
        mask = (np.arange(T)[:, None] < lengths[None, :]).astype(X.dtype)
        hf, cf = self._run(X, "f", None, False)
        hb, cb = self._run(X, "b", mask, True)
        self.cache = (cf, cb)
        return np.concatenate([hf, hb], axis=-1)

    def backward(self, dY, need_dx=True):
        cf, cb = self.cache
        self.grads = {}
        h = self.h
        dx = self._back(dY[..., :h], "f", cf)
        dx += self._back(dY[..., h:], "b", cb)
        self.cache = None
        return dx

    def header(self):
        return {"type": "bilstm", "in": self.nin, "hidden": self.h}

    def export(self):
        p = self.params
        return [p["Wih_f"], p["Whh_f"], p["b_f"], p["Wih_b"], p["Whh_b"], p["b_b"]]


class Linear:
    kind = "linear"

    def __init__(self, nin, nout, rng):
        self.nin, self.nout = nin, nout
        self.params = {
            "W": (rng.standard_normal((nout, nin)) * np.sqrt(1.0 / nin)).astype(DTYPE),
            "b": np.zeros(nout, DTYPE),
        }

    def forward(self, X, lengths):
        self.cache = X
        return X @ self.params["W"].T + self.params["b"]

    def backward(self, dY, need_dx=True):
        X = self.cache
        d2 = dY.reshape(-1, self.nout)
        self.grads = {"W": d2.T @ X.reshape(-1, self.nin), "b": d2.sum(axis=0)}
        self.cache = None
        return dY @ self.params["W"]

    def header(self):
        return {"type": "linear", "in": self.nin, "out": self.nout}

    def export(self):
        return [self.params["W"], self.params["b"]]


class Network:
    """conv/maxpool stack -> columns -> sequence layers -> linear."""

    def __init__(self, H, nclasses, rng, convs=(16, 32, 64, 96), pools=((2, 2), (2, 2), (2, 1), (2, 1)),
                 lstm=(128,)):
        self.H = H
        self.cnn = []
        cin = 1
        h = H
        for cout, (ph, pw) in zip(convs, pools):
            self.cnn.append(Conv2D(cin, cout, rng))
            self.cnn.append(MaxPool(ph, pw))
            cin = cout
            h //= ph
        self.Hc, self.Cc = h, cin
        self.xpool = int(np.prod([pw for _, pw in pools]))
        self.seq = []
        nin = cin * h
        for hid in lstm:
            self.seq.append(BiLSTM(nin, hid, rng))
            nin = 2 * hid
        self.out = Linear(nin, nclasses, rng)
        self.layers = self.cnn + self.seq + [self.out]

    def seq_lengths(self, widths):
        w = np.asarray(widths)
        for l in self.cnn:
            if isinstance(l, MaxPool):
                w = w // l.kw
        return w

    def forward(self, x, widths):
        """x [B, H, W] float, widths [B] -> logits [T, B, K], lengths [B]."""
        a = x[..., None]
        w = np.asarray(widths)
        for l in self.cnn:
            if isinstance(l, MaxPool):
                a = l.forward(a, w)
                w = w // l.kw
            else:
                a = l.forward(a, w)
        B, Hc, Wc, C = a.shape
        self._col_shape = a.shape
        seq = a.transpose(2, 0, 3, 1).reshape(Wc, B, C * Hc)  # feature = c*Hc + h
        for l in self.seq:
            seq = l.forward(seq, w)
        return self.out.forward(seq, w), w

    def backward(self, dlogits):
        d = self.out.backward(dlogits)
        for l in reversed(self.seq):
            d = l.backward(d)
        B, Hc, Wc, C = self._col_shape
        d = d.reshape(Wc, B, C, Hc).transpose(1, 3, 0, 2)
        for i, l in enumerate(reversed(self.cnn)):
            d = l.backward(np.ascontiguousarray(d), need_dx=(i < len(self.cnn) - 1))

    def param_list(self):
        out = []
        for li, l in enumerate(self.layers):
            for k in sorted(l.params):
                out.append((li, k))
        return out

    def header_layers(self):
        hs = []
        for l in self.cnn:
            hs.append(l.header())
        hs.append({"type": "columns"})
        for l in self.seq + [self.out]:
            hs.append(l.header())
        return hs

    def export_arrays(self):
        arrs = []
        for l in self.cnn:
            arrs.extend(l.export())
        for l in self.seq + [self.out]:
            arrs.extend(l.export())
        return [np.ascontiguousarray(a, dtype=np.float32) for a in arrs]


# ----------------------------------------------------------------------------
# CTC


def ctc_loss_grad(logits, lengths, labels):
    """CTC with blank 0.

    logits [T, B, K] (any float), lengths [B] (valid frames), labels: list of
    int lists. Returns (loss per sequence [B] float64, dlogits [T, B, K] of the
    summed loss, in logits.dtype). Sequences that cannot be aligned get loss
    nan and zero gradient.
    """
    T, B, K = logits.shape
    lg = logits.astype(np.float64)
    lg -= lg.max(axis=2, keepdims=True)
    y = np.exp(lg)
    y /= y.sum(axis=2, keepdims=True)
    Lmax = max(1, max(len(l) for l in labels))
    S = 2 * Lmax + 1
    ext = np.zeros((B, S), np.int64)
    Sb = np.zeros(B, np.int64)
    skip = np.zeros((B, S), bool)  # transition s-2 -> s allowed
    feasible = np.ones(B, bool)
    for b, l in enumerate(labels):
        L = len(l)
        ext[b, 1:2 * L:2] = l
        Sb[b] = 2 * L + 1
        for s in range(3, 2 * L, 2):
            skip[b, s] = ext[b, s] != ext[b, s - 2]
        need = L + sum(1 for i in range(1, L) if l[i] == l[i - 1])
        if need > lengths[b] or lengths[b] <= 0:
            feasible[b] = False
    smask = np.arange(S)[None, :] < Sb[:, None]
    bidx = np.arange(B)[:, None]
    # emissions of extended labels [T, B, S]
    E = y[:, bidx, ext]
    alpha = np.zeros((T, B, S))
    logc = np.zeros(B)
    a = np.zeros((B, S))
    a[:, 0] = E[0, :, 0]
    a[:, 1] = np.where(Sb > 1, E[0, :, 1], 0.0)
    c = a.sum(axis=1)
    c[c <= 0] = 1e-300
    a /= c[:, None]
    logc += np.log(c)
    alpha[0] = a
    for t in range(1, T):
        active = t < lengths
        n = a.copy()
        n[:, 1:] += a[:, :-1]
        n[:, 2:] += np.where(skip[:, 2:], a[:, :-2], 0.0)
        n *= E[t]
        n *= smask
        c = n.sum(axis=1)
        c[c <= 0] = 1e-300
        n /= c[:, None]
        a = np.where(active[:, None], n, a)
        logc += np.where(active, np.log(c), 0.0)
        alpha[t] = a
    last = a[np.arange(B), Sb - 1] + np.where(Sb > 1, a[np.arange(B), np.maximum(Sb - 2, 0)], 0.0)
    last = np.maximum(last, 1e-300)
    loss = -(logc + np.log(last))
    # beta (excluding the emission at t)
    grad = np.zeros((T, B, K))
    beta = np.zeros((B, S))
    init = np.zeros((B, S))
    init[np.arange(B), Sb - 1] = 1.0
    init[np.arange(B), np.maximum(Sb - 2, 0)] = 1.0
    skip_from = np.zeros((B, S), bool)  # s -> s+2 allowed
    skip_from[:, :-2] = skip[:, 2:]
    for t in range(T - 1, -1, -1):
        is_last = t == lengths - 1
        inside = t < lengths - 1
        if t < T - 1:
            m = beta * E[t + 1]
            nb = m.copy()
            nb[:, :-1] += m[:, 1:]
            nb[:, :-2] += np.where(skip_from[:, :-2], m[:, 2:], 0.0)
            nb *= smask
            s_ = nb.sum(axis=1)
            s_[s_ <= 0] = 1e-300
            nb /= s_[:, None]
        else:
            nb = np.zeros((B, S))
        beta = np.where(is_last[:, None], init, np.where(inside[:, None], nb, 0.0))
        g = alpha[t] * beta
        z = g.sum(axis=1, keepdims=True)
        z[z <= 0] = 1.0
        g /= z
        occ = np.zeros((B, K))
        np.add.at(occ, (np.repeat(np.arange(B), S), ext.ravel()), g.ravel())
        valid = (t < lengths) & feasible
        grad[t] = np.where(valid[:, None], y[t] - occ, 0.0)
    loss = np.where(feasible, loss, np.nan)
    return loss, grad.astype(logits.dtype)


def greedy_decode(logits, lengths, charset):
    """logits [T, B, K] -> list of strings (best path, collapse repeats, drop blanks)."""
    best = logits.argmax(axis=2)
    out = []
    for b in range(logits.shape[1]):
        prev = 0
        s = []
        for t in range(int(lengths[b])):
            k = int(best[t, b])
            if k != prev and k != 0:
                s.append(charset[k - 1])
            prev = k
        out.append("".join(s))
    return out


def edit_distance(a, b):
    """Levenshtein distance of two strings or word lists: the project's one (scripts/recognition_score.py)."""
    return recognition_score.distance(a, b)
