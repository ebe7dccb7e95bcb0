"""Read and write inkpdf's handwriting model file (format 1).

Layout (little-endian):
  bytes 0-7   ASCII magic "INKHW001"
  bytes 8-11  uint32 N, the length of the JSON header
  N bytes     UTF-8 JSON header: format, height, charset, normalisation, layers, training
  then        float32 weights, layer after layer in header order, no gaps:
      conv2d  weight [out][in][kh][kw], bias [out]
      maxpool -
      columns -
      bilstm  forward W_ih [4h][in], W_hh [4h][h], b [4h]; backward the same (gates i, f, g, o)
      conv1d  weight [out][in][k], bias [out]
      linear  weight [out][in], bias [out]
"""

import json
import os
import struct

import numpy as np

MAGIC = b"INKHW001"


def layer_shapes(layer):
    """The shapes of the weight arrays of one header layer, in file order."""
    t = layer["type"]
    if t == "conv2d":
        kh, kw = layer["kernel"]
        return [(layer["out"], layer["in"], kh, kw), (layer["out"],)]
    if t in ("maxpool", "columns"):
        return []
    if t == "bilstm":
        h, n = layer["hidden"], layer["in"]
        one = [(4 * h, n), (4 * h, h), (4 * h,)]
        return one + one
    if t == "conv1d":
        return [(layer["out"], layer["in"], layer["kernel"]), (layer["out"],)]
    if t == "linear":
        return [(layer["out"], layer["in"]), (layer["out"],)]
    raise ValueError(f"unknown layer type {t!r}")


def write_model(path, header, arrays):
    """Write atomically: a temporary file in the same folder, then rename."""
    shapes = [s for l in header["layers"] for s in layer_shapes(l)]
    if len(shapes) != len(arrays):
        raise ValueError(f"{len(arrays)} arrays for {len(shapes)} expected")
    for a, s in zip(arrays, shapes):
        if tuple(a.shape) != tuple(s):
            raise ValueError(f"array shape {a.shape} != {s}")
    hb = json.dumps(header, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    d = os.path.dirname(os.path.abspath(path))
    os.makedirs(d, exist_ok=True)
    tmp = os.path.join(d, "." + os.path.basename(path) + f".tmp{os.getpid()}")
    with open(tmp, "wb") as f:
        f.write(MAGIC)
        f.write(struct.pack("<I", len(hb)))
        f.write(hb)
        for a in arrays:
            f.write(np.ascontiguousarray(a, dtype="<f4").tobytes())
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def read_model(path):
    """Returns (header dict, list per header layer of its weight arrays)."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != MAGIC:
        raise ValueError("not an INKHW001 model file")
    (n,) = struct.unpack("<I", data[8:12])
    header = json.loads(data[12:12 + n].decode("utf-8"))
    off = 12 + n
    weights = []
    for layer in header["layers"]:
        arrs = []
        for s in layer_shapes(layer):
            cnt = int(np.prod(s))
            a = np.frombuffer(data, dtype="<f4", count=cnt, offset=off).reshape(s).astype(np.float32)
            off += 4 * cnt
            arrs.append(a)
        weights.append(arrs)
    if off != len(data):
        raise ValueError(f"{len(data) - off} trailing bytes after the weights")
    return header, weights
