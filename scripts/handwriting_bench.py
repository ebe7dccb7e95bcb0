#!/usr/bin/env python3
"""Handwriting recognition benchmark: how much of the hand-read truth inkpdf finds.

    scripts/handwriting_bench.py [--split tune|report|all] [--only NAME] [--keep DIR]
                                 [--no-ocrmypdf] [--inkpdf PATH] [--corpus DIR] [--json FILE]

Every notebook named in bench/handwriting/truth/*.json is flattened from the corpus twice:
`inkpdf flatten DOC -o recognized.pdf --recognize --lang L` (the measured run) and without
--recognize (plain.pdf: the same pages, typed text only). A page's truth words are the distinct,
case-folded tokens of its transcribed lines, stripped of surrounding punctuation, that hold a
letter or digit.

The numbers, per split (tune, report, all) and per notebook:

  search found    truth words for which `inkpdf search WORD recognized.pdf` reports a handwriting
                  hit on the word's own page (search's own fuzzy matching applies).
  false hits      searches for words that are not on the page (up to 15 a page, drawn with a fixed
                  seed from the other notebooks' truth and a built-in list of common words) that
                  report a handwriting hit on that page, as a share of those searches; also given
                  for words of 4 letters or fewer. A candidate is never a truth word of the page,
                  never within search's own edit tolerance of one (search would rightly find it),
                  and never a printed word of the page.
  layer found     truth words present, exactly, in the handwriting text layer: the words pdftotext
                  reads on the page of recognized.pdf less (as a multiset) those it reads on the
                  same page of plain.pdf.
  layer junk      text-layer words that are neither a truth word of the page nor one edit away from
                  one, as a share of all text-layer words.
  mutool found    the same as layer found, with MuPDF (`mutool draw -F txt`) as the reader: it
                  tells that another reader sees the same invisible layer.
  truth in print  truth words that also occur in the page's typed text (the peer can find these
                  without reading any handwriting).
  OCRmyPDF        the peer: `ocrmypdf --force-ocr --jobs 1` re-OCRs plain.pdf (typed text too). Its
                  found = truth words present in its text of the page; its junk = its words that are
                  neither truth words (nor one edit from one) nor printed words of the page; its
                  seconds are wall time for the whole notebook.
  s / hw page     wall seconds of the `flatten --recognize` run divided by the pages whose truth has
                  words (in a tune/report column each notebook's time is shared out evenly over its
                  handwritten pages). peak MB: the run's peak resident memory (largest over the
                  notebooks; not divided).

Languages: en, it, de, pt are passed as they are, sr as en (there is no Serbian model). When inkpdf
lacks a language's model (exit 92) the notebook is recognised with en instead and flagged.

It is a measurement, not a test: it exits 0 when it ran, whatever the numbers; 2 when it cannot
run (no corpus, no binary, no truth).
"""
import argparse
import collections
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
import unicodedata

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TRUTH_DIR = os.path.join(REPO, "bench", "handwriting", "truth")
DEMO = os.path.join(REPO, "SamplePDFs", "demo-licence")
PROOF_ARGS = ["--trust", os.path.join(DEMO, "trust.json"),
              "--proof", os.path.join(DEMO, "demo-pro-licence.jws")]
INKPDF_LANG = {"en": "en", "it": "it", "de": "de", "sr": "en", "pt": "pt"}
TESSERACT_LANG = {"en": "eng", "it": "ita", "de": "deu", "sr": "eng", "pt": "por"}
SEED = 1729
NEGATIVES_PER_PAGE = 15
SHORT_NEGATIVES = 5  # of the 15, this many are drawn from words of at most 4 letters
COMMON_WORDS = """
and the data model time with from this that which value result function page note list file
code test input output system error case first second table image state point line field
then when where because about after before under over into only also more less some each
set get run start end step loop node graph tree vector matrix signal power level filter
gain sample rate phase noise train loss layer query price recipe answer agent server client
per che non sono della come anche questo und der die das nicht mit ist eine auch oder
""".split()


# ---------------------------------------------------------------- words

def word_key(token):
    """A token's comparison form: surrounding non-alphanumerics stripped, case-folded; None if
    what is left holds no letter or digit."""
    start, end = 0, len(token)
    while start < end and not token[start].isalnum():
        start += 1
    while end > start and not token[end - 1].isalnum():
        end -= 1
    core = token[start:end]
    if not core:
        return None
    return unicodedata.normalize("NFC", core).casefold()


def words_of(text):
    keys = []
    for token in text.split():
        key = word_key(token)
        if key:
            keys.append(key)
    return keys


def truth_words(lines):
    """Distinct words of a page's lines, in order: {key: the word as written, stripped}."""
    found = {}
    for line in lines:
        for token in line.split():
            key = word_key(token)
            if key and key not in found:
                start, end = 0, len(token)
                while not token[start].isalnum():
                    start += 1
                while not token[end - 1].isalnum():
                    end -= 1
                found[key] = token[start:end]
    return found


def fold(word):
    return "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c))


def distance(a, b, limit=None):
    """Levenshtein distance; with limit, anything above it may be returned as limit + 1."""
    if a == b:
        return 0
    if limit is not None and abs(len(a) - len(b)) > limit:
        return limit + 1
    row = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        previous_diagonal, row[0] = row[0], i
        best = row[0]
        for j, y in enumerate(b, 1):
            current = min(row[j] + 1, row[j - 1] + 1, previous_diagonal + (x != y))
            previous_diagonal, row[j] = row[j], current
            best = min(best, current)
        if limit is not None and best > limit:
            return limit + 1
    return row[-1]


def search_tolerance(word):
    """The edits inkpdf search allows: none up to 2 letters, 1 up to 5, 2 beyond."""
    n = len(word)
    return 0 if n <= 2 else 1 if n <= 5 else 2


def search_would_match(a, b):
    a, b = fold(a), fold(b)
    allowed = max(search_tolerance(a), search_tolerance(b))
    return distance(a, b, allowed) <= allowed


def near_truth(word, truth):
    return word in truth or any(distance(word, t, 1) <= 1 for t in truth)


# ---------------------------------------------------------------- processes

class Tools:
    def __init__(self, inkpdf):
        self.inkpdf = inkpdf
        self.binary_changes = 0
        self.stamp = self._stamp()

    def _stamp(self):
        try:
            st = os.stat(self.inkpdf)
            return (st.st_mtime_ns, st.st_size)
        except OSError:
            return None

    def wait_for_binary(self, patience=600):
        """The binary may be rebuilt while this runs: wait until it is there and stops changing."""
        deadline = time.monotonic() + patience
        warned = False
        while True:
            first = self._stamp()
            if first is not None and os.access(self.inkpdf, os.X_OK):
                time.sleep(0 if first == self.stamp else 2)
                if self._stamp() == first:
                    if first != self.stamp:
                        self.binary_changes += 1
                        print(f"note: {self.inkpdf} was rebuilt during the run", file=sys.stderr)
                        self.stamp = first
                    return
            if time.monotonic() > deadline:
                raise SystemExit(f"error: {self.inkpdf} is missing (waited {patience} s)")
            if not warned:
                print(f"waiting for {self.inkpdf} to be (re)built...", file=sys.stderr)
                warned = True
            time.sleep(5)

    def inkpdf_run(self, args, timeout=3600, prefix=()):
        """Runs inkpdf ARGS (under PREFIX, e.g. /usr/bin/time), retrying if the binary vanished."""
        for attempt in range(6):
            self.wait_for_binary()
            try:
                result = subprocess.run(list(prefix) + [self.inkpdf] + args, capture_output=True,
                                        text=True, errors="replace", timeout=timeout)
            except (FileNotFoundError, OSError) as error:  # missing or being written (ETXTBSY)
                print(f"retrying after: {error}", file=sys.stderr)
                time.sleep(5)
                continue
            # /usr/bin/time reports 127 when it could not exec the binary
            if result.returncode in (126, 127) and self._stamp() != self.stamp:
                time.sleep(5)
                continue
            return result
        raise SystemExit(f"error: could not run {self.inkpdf}")


def run(cmd, timeout=600, env=None):
    return subprocess.run(cmd, capture_output=True, text=True, errors="replace", timeout=timeout,
                          env=env)


def page_text(pdf, page):
    result = run(["pdftotext", "-enc", "UTF-8", "-f", str(page), "-l", str(page), pdf, "-"])
    return result.stdout if result.returncode == 0 else ""


def mutool_text(pdf, page):
    result = run(["mutool", "draw", "-F", "txt", "-o", "-", pdf, str(page)])
    return result.stdout if result.returncode == 0 else ""


def page_count(pdf):
    result = run(["pdfinfo", pdf])
    match = re.search(r"^Pages:\s+(\d+)", result.stdout, re.M)
    return int(match.group(1)) if match else None


def last_line(text):
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return lines[-1] if lines else ""


def timed_flatten(tools, doc, out, lang, work):
    """flatten --recognize under /usr/bin/time: (result, seconds, peak KiB)."""
    args = ["flatten", doc, "-o", out, "--recognize", "--lang", lang, "-q"] + PROOF_ARGS
    if os.access("/usr/bin/time", os.X_OK):
        time_file = os.path.join(work, "time.txt")
        result = tools.inkpdf_run(args, prefix=["/usr/bin/time", "-o", time_file, "-f", "%e %M"])
        try:
            seconds, peak = open(time_file).read().strip().splitlines()[-1].split()
            return result, float(seconds), int(peak)
        except (OSError, ValueError, IndexError):
            return result, None, None
    started = time.monotonic()  # no GNU time: wall clock here, peak memory of the children
    result = tools.inkpdf_run(args)
    import resource
    return result, time.monotonic() - started, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss


def remove_outputs(work, stem):
    for name in os.listdir(work):
        if name == stem or name.startswith(stem + "."):
            path = os.path.join(work, name)
            (shutil.rmtree if os.path.isdir(path) else os.remove)(path)


# ---------------------------------------------------------------- one notebook

def load_truth(only):
    notebooks = []
    for name in sorted(os.listdir(TRUTH_DIR)):
        if name.endswith(".json"):
            with open(os.path.join(TRUTH_DIR, name), encoding="utf-8") as f:
                data = json.load(f)
            data["name"] = name[:-len(".json")]
            for page in data["pages"]:
                page["truth"] = truth_words(page["lines"])
            notebooks.append(data)
    if only:
        chosen = [n for n in notebooks if n["name"] == only] or \
                 [n for n in notebooks if only.lower() in n["name"].lower()]
        if len(chosen) != 1:
            names = ", ".join(n["name"] for n in chosen or notebooks)
            raise SystemExit(f"error: --only {only} must name one notebook of: {names}")
        return notebooks, chosen
    return notebooks, notebooks


def pick_negatives(rng, pool, truth, printed):
    def eligible(word):
        return (word not in truth and word not in printed
                and not any(search_would_match(word, t) for t in truth))
    short = [w for w in pool if len(w) <= 4 and eligible(w)]
    long_ = [w for w in pool if len(w) > 4 and eligible(w)]
    picked = rng.sample(short, min(SHORT_NEGATIVES, len(short)))
    picked += rng.sample(long_, min(NEGATIVES_PER_PAGE - len(picked), len(long_)))
    return picked


def search_pages(tools, word, pdf):
    """The pages with a handwriting hit for WORD, or None when search failed."""
    result = tools.inkpdf_run(["search", "--json"] + PROOF_ARGS + ["--", word, pdf], timeout=300)
    if result.returncode not in (0, 1):
        return None, last_line(result.stderr) or f"exit {result.returncode}"
    try:
        hits = json.loads(result.stdout) if result.stdout.strip() else []
    except ValueError:
        return None, "search printed no JSON"
    return sorted({h["page"] for h in hits if h.get("kind") == "handwriting"}), None


def bench_notebook(nb, pages, pool, args, tools, tesseract_langs, root):
    name = nb["name"]
    work = os.path.join(root, name)
    os.makedirs(work, exist_ok=True)
    doc = os.path.join(args.corpus, nb["file"])
    lang = INKPDF_LANG.get(nb["language"], "en")
    row = {"name": name, "file": nb["file"], "language": nb["language"], "lang": lang,
           "notes": [], "pages": []}
    recognized = os.path.join(work, "recognized.pdf")
    plain = os.path.join(work, "plain.pdf")
    peer = os.path.join(work, "ocrmypdf.pdf")
    for stem in ("recognized", "plain", "ocrmypdf", "time"):
        remove_outputs(work, stem)  # so that --recognize really recognises again

    if not os.path.exists(doc):
        row["notes"].append(f"missing from the corpus: {doc}")
        row["error"] = True
    else:
        result = tools.inkpdf_run(["flatten", doc, "-o", plain, "--no-sidecar", "-q"] + PROOF_ARGS)
        if result.returncode != 0:
            row["notes"].append(f"plain flatten exit {result.returncode}: {last_line(result.stderr)}")
        result, seconds, peak = timed_flatten(tools, doc, recognized, lang, work)
        if result.returncode == 92 and lang != "en":
            row["notes"].append(f"--lang {lang}: {last_line(result.stderr)}; recognised with en")
            remove_outputs(work, "recognized")
            lang = row["lang"] = "en"
            result, seconds, peak = timed_flatten(tools, doc, recognized, lang, work)
        row["seconds"], row["peak_kib"] = seconds, peak
        if result.returncode != 0:
            row["notes"].append(f"flatten --recognize exit {result.returncode}: {last_line(result.stderr)}")
            row["error"] = True
    have_out = os.path.exists(recognized) and not row.get("error")
    have_plain = os.path.exists(plain)
    row["binary"] = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(tools.stamp[0] / 1e9)) \
        if tools.stamp else None
    if have_out:
        count = page_count(recognized)
        if count is not None and count != len(nb["pages"]):
            row["notes"].append(f"output has {count} pages, the truth {len(nb['pages'])}")

    # texts of each page
    for p in pages:
        n = p["page"]
        layer = words_of(page_text(recognized, n)) if have_out else []
        printed = words_of(page_text(plain, n)) if have_plain else []
        mu = words_of(mutool_text(recognized, n)) if have_out else []
        mu_printed = words_of(mutool_text(plain, n)) if have_plain else []
        hand = collections.Counter(layer) - collections.Counter(printed)
        mu_hand = collections.Counter(mu) - collections.Counter(mu_printed)
        truth = p["truth"]
        rng = random.Random(f"{SEED}:{name}:{n}")
        negatives = pick_negatives(rng, pool[name], truth, set(printed)) if have_out else []
        row["pages"].append({
            "page": n, "split": p["split"], "truth": list(truth), "hand": bool(truth),
            "layer_found": [t for t in truth if hand[t] > 0],
            "layer_words": sum(hand.values()),
            "layer_junk": sum(c for w, c in hand.items() if not near_truth(w, truth)),
            "junk_examples": sorted(w for w in hand if not near_truth(w, truth))[:20],
            "mutool_found": [t for t in truth if mu_hand[t] > 0],
            "in_print": [t for t in truth if t in set(printed)],
            "printed": sorted(set(printed)),
            "negatives": negatives,
        })
        with open(os.path.join(work, f"page{n}.txt"), "w", encoding="utf-8") as f:
            f.write("handwriting layer: " + " ".join(sorted(hand.elements())) + "\n")

    # search: one process per distinct word of the document
    queries = {}
    for pr, p in zip(row["pages"], pages):
        for key in pr["truth"]:
            queries.setdefault(key, p["truth"][key])
        for key in pr["negatives"]:
            queries.setdefault(key, key)
    hits, errors = {}, collections.Counter()
    if have_out:
        for key, word in queries.items():
            found, error = search_pages(tools, word, recognized)
            hits[key] = found or []
            if error:
                errors[error] += 1
        with open(os.path.join(work, "search.json"), "w", encoding="utf-8") as f:
            json.dump(hits, f, ensure_ascii=False, indent=0)
    for error, count in errors.items():
        row["notes"].append(f"search failed {count}x: {error}")
    for pr in row["pages"]:
        pr["search_found"] = [t for t in pr["truth"] if pr["page"] in hits.get(t, [])]
        pr["false_hits"] = [w for w in pr["negatives"] if pr["page"] in hits.get(w, [])]

    # the OCRmyPDF peer
    if not args.no_ocrmypdf and have_plain:
        wanted = TESSERACT_LANG.get(nb["language"], "eng")
        tess = wanted if wanted in tesseract_langs else "eng"
        if tess != wanted:
            row["notes"].append(f"OCRmyPDF: no tesseract {wanted}; used eng")
        env = dict(os.environ, OMP_THREAD_LIMIT="1")
        started = time.monotonic()
        try:
            result = run(["ocrmypdf", "--force-ocr", "-l", tess, "--jobs", "1", "-q", plain, peer],
                         timeout=3600, env=env)
            failed = result.returncode != 0 and f"exit {result.returncode}: {last_line(result.stderr)}"
        except subprocess.TimeoutExpired:
            failed = "timed out"
        row["peer_seconds"] = time.monotonic() - started
        if failed:
            row["notes"].append(f"OCRmyPDF {failed}")
        else:
            for pr in row["pages"]:
                words = words_of(page_text(peer, pr["page"]))
                printed = set(pr["printed"])
                truth = pr["truth"]
                pr["peer_found"] = [t for t in truth if t in set(words)]
                pr["peer_words"] = len(words)
                pr["peer_junk"] = sum(1 for w in words if w not in printed and not near_truth(w, truth))
    return row


# ---------------------------------------------------------------- summing up

def pct(a, b):
    return f"{100.0 * a / b:.1f} %" if b else "-"


def frac(a, b):
    return f"{a}/{b} ({pct(a, b)})" if b else "-"


def summarize(rows, split, peer):
    s = collections.Counter()
    seconds_share, peer_share, peaks, notebooks = 0.0, 0.0, [], 0
    for row in rows:
        pages = [p for p in row["pages"] if split == "all" or p["split"] == split]
        if not pages:
            continue
        notebooks += 1
        hand_all = sum(1 for p in row["pages"] if p["hand"]) or 1
        hand_here = sum(1 for p in pages if p["hand"])
        if row.get("seconds") is not None:
            seconds_share += row["seconds"] * hand_here / hand_all
        if row.get("peer_seconds") is not None:
            peer_share += row["peer_seconds"] * hand_here / hand_all
            s["peer_seconds_whole"] += row["peer_seconds"]
        if row.get("peak_kib"):
            peaks.append(row["peak_kib"])
        for p in pages:
            s["pages"] += 1
            s["hand_pages"] += p["hand"]
            s["words"] += len(p["truth"])
            s["search_found"] += len(p["search_found"])
            s["negatives"] += len(p["negatives"])
            s["false_hits"] += len(p["false_hits"])
            s["short_negatives"] += sum(1 for w in p["negatives"] if len(w) <= 4)
            s["short_false_hits"] += sum(1 for w in p["false_hits"] if len(w) <= 4)
            s["layer_found"] += len(p["layer_found"])
            s["layer_words"] += p["layer_words"]
            s["layer_junk"] += p["layer_junk"]
            s["mutool_found"] += len(p["mutool_found"])
            s["in_print"] += len(p["in_print"])
            if "peer_found" in p:
                s["peer_pages"] += 1
                s["peer_words_truth"] += len(p["truth"])
                s["peer_found"] += len(p["peer_found"])
                s["peer_words"] += p["peer_words"]
                s["peer_junk"] += p["peer_junk"]
    out = dict(s)
    out["notebooks"] = notebooks
    out["seconds_per_hand_page"] = seconds_share / s["hand_pages"] if s["hand_pages"] else None
    out["peer_seconds_per_hand_page"] = (peer_share / s["hand_pages"]
                                         if peer and s["hand_pages"] and s["peer_pages"] else None)
    out["peak_mib"] = max(peaks) / 1024 if peaks else None
    return out


def split_table(summaries, peer):
    splits = list(summaries)
    def line(label, fn):
        return [label] + [fn(summaries[sp]) for sp in splits]
    rows = [
        ["", *splits],
        line("notebooks / pages (with handwriting)",
             lambda s: f"{s['notebooks']} / {s.get('pages', 0)} ({s.get('hand_pages', 0)})"),
        line("truth words", lambda s: str(s.get("words", 0))),
        line("search found", lambda s: frac(s.get("search_found", 0), s.get("words", 0))),
        line("false hits", lambda s: frac(s.get("false_hits", 0), s.get("negatives", 0))),
        line("false hits, words <= 4 letters",
             lambda s: frac(s.get("short_false_hits", 0), s.get("short_negatives", 0))),
        line("text layer found (pdftotext)", lambda s: frac(s.get("layer_found", 0), s.get("words", 0))),
        line("text layer junk", lambda s: frac(s.get("layer_junk", 0), s.get("layer_words", 0))),
        line("text layer found (mutool)", lambda s: frac(s.get("mutool_found", 0), s.get("words", 0))),
        line("truth words also in typed text", lambda s: str(s.get("in_print", 0))),
    ]
    if peer:
        rows += [
            line("OCRmyPDF found", lambda s: frac(s.get("peer_found", 0), s.get("peer_words_truth", 0))),
            line("OCRmyPDF junk", lambda s: frac(s.get("peer_junk", 0), s.get("peer_words", 0))),
            line("OCRmyPDF s / hw page",
                 lambda s: f"{s['peer_seconds_per_hand_page']:.2f}" if s.get("peer_seconds_per_hand_page") is not None else "-"),
        ]
    rows += [
        line("inkpdf s / hw page",
             lambda s: f"{s['seconds_per_hand_page']:.2f}" if s.get("seconds_per_hand_page") is not None else "-"),
        line("inkpdf peak MB", lambda s: f"{s['peak_mib']:.0f}" if s.get("peak_mib") else "-"),
    ]
    return rows


def notebook_table(rows, split, peer):
    head = ["notebook", "lang", "pages(hw)", "words", "search", "false hits", "layer",
            "junk", "mutool"]
    if peer:
        head += ["OCRmyPDF", "peer junk", "peer s"]
    head += ["s/hw pg", "peak MB"]
    table = [head]
    for row in rows:
        s = summarize([row], split, peer)
        if not s["notebooks"]:
            continue
        cells = [row["name"], f"{row['language']}>{row['lang']}",
                 f"{s.get('pages', 0)}({s.get('hand_pages', 0)})", str(s.get("words", 0)),
                 frac(s.get("search_found", 0), s.get("words", 0)),
                 frac(s.get("false_hits", 0), s.get("negatives", 0)),
                 frac(s.get("layer_found", 0), s.get("words", 0)),
                 pct(s.get("layer_junk", 0), s.get("layer_words", 0)),
                 str(s.get("mutool_found", 0))]
        if peer:
            cells += [frac(s.get("peer_found", 0), s.get("peer_words_truth", 0)) if s.get("peer_pages") else "-",
                      pct(s.get("peer_junk", 0), s.get("peer_words", 0)) if s.get("peer_pages") else "-",
                      f"{row['peer_seconds']:.1f}" if row.get("peer_seconds") is not None else "-"]
        cells += [f"{s['seconds_per_hand_page']:.2f}" if s.get("seconds_per_hand_page") is not None else "-",
                  f"{s['peak_mib']:.0f}" if s.get("peak_mib") else "-"]
        table.append(cells)
    return table


def render(table):
    widths = [max(len(r[i]) for r in table) for i in range(len(table[0]))]
    lines = []
    for k, r in enumerate(table):
        lines.append("  ".join(c.ljust(w) if i == 0 else c.rjust(w)
                               for i, (c, w) in enumerate(zip(r, widths))).rstrip())
        if k == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)


# ---------------------------------------------------------------- main

def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--split", choices=["tune", "report", "all"], default="all")
    parser.add_argument("--only", metavar="NAME", help="one notebook (its truth file's name)")
    parser.add_argument("--keep", metavar="DIR", help="keep the outputs in DIR")
    parser.add_argument("--no-ocrmypdf", action="store_true", help="leave out the OCRmyPDF peer")
    parser.add_argument("--inkpdf", default=os.path.join(REPO, ".build", "release", "inkpdf"))
    parser.add_argument("--corpus", default=os.path.join(REPO, "..", "shared", "corpus"))
    parser.add_argument("--json", metavar="FILE", help="also write the numbers as JSON")
    args = parser.parse_args()
    args.inkpdf = os.path.abspath(args.inkpdf)
    args.corpus = os.path.abspath(args.corpus)

    if not os.path.isdir(args.corpus):
        print(f"error: the corpus is not at {args.corpus} (give it with --corpus DIR)", file=sys.stderr)
        return 2
    if not os.path.isdir(TRUTH_DIR):
        print(f"error: no truth at {TRUTH_DIR}", file=sys.stderr)
        return 2
    for tool in ["pdftotext", "pdfinfo", "mutool"] + ([] if args.no_ocrmypdf else ["ocrmypdf", "tesseract"]):
        if not shutil.which(tool):
            print(f"error: {tool} is not installed (make deps)", file=sys.stderr)
            return 2
    tools = Tools(args.inkpdf)
    if tools.stamp is None:
        tools.wait_for_binary(patience=120)

    tesseract_langs = set()
    if not args.no_ocrmypdf:
        listing = run(["tesseract", "--list-langs"])
        tesseract_langs = set((listing.stdout + listing.stderr).split())

    every, chosen = load_truth(args.only)
    # negative candidates: every other notebook's truth words and the common words
    pool = {}
    for nb in every:
        others = {w for other in every if other is not nb for p in other["pages"] for w in p["truth"]}
        others |= {word_key(w) for w in COMMON_WORDS}
        pool[nb["name"]] = sorted(w for w in others if len(w) >= 2 and w.isalpha())  # plain words only

    root = os.path.abspath(args.keep) if args.keep else tempfile.mkdtemp(prefix="hw-bench-")
    os.makedirs(root, exist_ok=True)
    started = time.monotonic()
    rows = []
    try:
        for nb in chosen:
            pages = [p for p in nb["pages"] if args.split == "all" or p["split"] == args.split]
            if not pages:
                continue
            t0 = time.monotonic()
            print(f"{nb['name']}: {len(pages)} pages...", file=sys.stderr, flush=True)
            row = bench_notebook(nb, pages, pool, args, tools, tesseract_langs, root)
            rows.append(row)
            for note in row["notes"]:
                print(f"  {note}", file=sys.stderr)
            print(f"  done in {time.monotonic() - t0:.0f} s", file=sys.stderr, flush=True)
    finally:
        if not args.keep:
            shutil.rmtree(root, ignore_errors=True)
    elapsed = time.monotonic() - started

    peer = not args.no_ocrmypdf
    splits = ["tune", "report", "all"] if args.split == "all" else [args.split]
    summaries = {sp: summarize(rows, sp, peer) for sp in splits}
    print(render(split_table(summaries, peer)))
    print()
    print(render(notebook_table(rows, args.split, peer)))
    notes = [f"{row['name']}: {note}" for row in rows for note in row["notes"]]
    if tools.binary_changes:
        builds = collections.defaultdict(list)
        for row in rows:
            builds[row.get("binary")].append(row["name"])
        notes.append(f"the binary was rebuilt {tools.binary_changes}x during the run: the numbers mix builds: "
                     + "; ".join(f"built {b}: {', '.join(names)}" for b, names in builds.items()))
    if notes:
        print("\nnotes:")
        for note in notes:
            print(f"  {note}")
    print(f"\n{len(rows)} notebooks in {elapsed:.0f} s" + (f"; outputs in {root}" if args.keep else ""))

    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"inkpdf": args.inkpdf, "corpus": args.corpus, "split": args.split,
                       "seconds": elapsed, "splits": summaries, "notebooks": rows, "notes": notes},
                      f, ensure_ascii=False, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
