#!/usr/bin/env python3
"""Runs every PDF and ink file of a corpus folder through inkpdf and prints a table.

Usage: scripts/robustness.py [CORPUS] [--inkpdf PATH] [--limit SECONDS]

CORPUS defaults to ../shared/corpus (read in place, never copied). Its
MANIFEST.tsv gives the user passwords of encrypted PDFs. Each PDF is flattened
(and exported, when this inkpdf has `export`) with an empty drawing; each ink
file is flattened onto a generated one-page PDF. Every run ends in one of:
correct output, clear error, crash, hang, partial file. inkpdf runs with its
default bounds (--timeout 900, --stall-timeout 60): every run must end within
--limit seconds (default 90), or it counts as a hang, however it ended. The
table gives each run's time. The target is no crash, no hang, no partial file.
Exit status 1 if any run is one of those.
"""
import os, re, shutil, subprocess, sys, tempfile, time

def arguments():
    corpus, inkpdf, limit = os.path.join(os.path.dirname(__file__), "..", "..", "shared", "corpus"), None, 90
    args = sys.argv[1:]
    while args:
        a = args.pop(0)
        if a == "--inkpdf": inkpdf = args.pop(0)
        elif a == "--limit": limit = float(args.pop(0))
        else: corpus = a
    if inkpdf is None:
        inkpdf = os.path.join(os.path.dirname(__file__), "..", ".build", "release", "inkpdf")
    return os.path.abspath(corpus), os.path.abspath(inkpdf), limit

def passwords(corpus):
    """file → user password (UTF-8 text), from MANIFEST.tsv."""
    found = {}
    path = os.path.join(corpus, "MANIFEST.tsv")
    if not os.path.exists(path): return found
    with open(path, encoding="utf-8") as f:
        header = f.readline().rstrip("\n").split("\t")
        for line in f:
            row = dict(zip(header, line.rstrip("\n").split("\t")))
            pw = row.get("user_pw", "").strip()
            if not pw: continue
            # "gar\xe7on [Latin-1 bytes]" names the bytes; inkpdf takes the text and tries both forms.
            pw = re.sub(r"\s*\[.*\]$", "", pw)
            pw = re.sub(r"\\x([0-9a-fA-F]{2})", lambda m: chr(int(m.group(1), 16)), pw)
            found[row["file"]] = pw
    return found

def run(inkpdf, args, output, limit, env, password=None):
    """(outcome, detail, seconds)."""
    start = time.monotonic()
    result, detail = judge(inkpdf, args, output, limit, env, password)
    seconds = time.monotonic() - start
    if seconds > limit and result != "hang":
        result, detail = "hang", "took %.1f s, more than %d s (%s: %s)" % (seconds, limit, result, detail)
    return result, detail, seconds

def judge(inkpdf, args, output, limit, env, password):
    folder = os.path.dirname(output)
    os.makedirs(folder, exist_ok=True)
    try:
        # Past the limit it is a hang already; a little longer lets inkpdf's own bound end it cleanly.
        p = subprocess.run([inkpdf] + args, capture_output=True, timeout=limit + 30, env=env)
    except subprocess.TimeoutExpired:
        return "hang", "no answer within %d s" % (limit + 30)
    err = p.stderr.decode("utf-8", "replace").strip().splitlines()
    message = next((l for l in reversed(err) if l.startswith("inkpdf: ") and "warning:" not in l), "")
    leftovers = [n for n in os.listdir(folder) if ".inkpdf-" in n]
    if p.returncode < 0 or p.returncode >= 128 and p.returncode not in (130, 143):
        return "crash", "signal %d" % -p.returncode if p.returncode < 0 else "exit %d" % p.returncode
    if leftovers:
        return "partial file", ", ".join(leftovers)
    if p.returncode == 0:
        if not os.path.exists(output): return "partial file", "exit 0 but no output"
        if output.endswith(".ink.jsonl"):
            check = subprocess.run([inkpdf, "check", output, "--quiet"], capture_output=True)
            return ("correct output", "") if check.returncode == 0 else ("partial file", "inkpdf check failed on the conversion")
        # export keeps an encrypted source's encryption: check it with its password.
        check = subprocess.run(["qpdf", "--check"] + (["--password=" + password] if password else []) + [output], capture_output=True)
        return ("correct output", "") if check.returncode in (0, 3) else ("partial file", "qpdf --check failed")
    if os.path.exists(output):
        return "partial file", "an error, but an output was written"
    if p.returncode == 88:
        return "clear error", message  # stopped by the watchdog or the timeout: a hang that inkpdf caught
    if message and "\n" not in message:
        return "clear error", message
    return "crash", "exit %d without a clear message" % p.returncode

def main():
    corpus, inkpdf, limit = arguments()
    if not os.path.exists(inkpdf): sys.exit("robustness: build inkpdf first (%s is missing)" % inkpdf)
    work = tempfile.mkdtemp(prefix="inkpdf-robustness-")
    env = dict(os.environ)
    policy = os.path.join(work, "policy.json")
    with open(policy, "w") as f: f.write('{"exportAnnotated":"free"}')
    env["INKPDF_POLICY"] = policy
    empty = os.path.join(work, "empty.ink.jsonl")
    with open(empty, "w") as f: f.write('{"format":"inkpdf-layers","version":1}\n')
    has_export = b"inkpdf export" in subprocess.run([inkpdf, "--help"], capture_output=True).stdout
    pw = passwords(corpus)
    rows = []
    files = []
    for root, _, names in os.walk(corpus):
        for n in sorted(names):
            files.append(os.path.relpath(os.path.join(root, n), corpus))
    # A plain page to put foreign ink files on.
    blank = os.path.join(work, "blank.pdf")
    samples = os.path.join(os.path.dirname(__file__), "..", "SamplePDFs", "letter-worksheet.pdf")
    shutil.copyfile(samples, blank)
    for i, rel in enumerate(sorted(files)):
        path = os.path.join(corpus, rel)
        out = os.path.join(work, "out%d" % i, "out.pdf")
        limits = []  # the defaults, as a user runs it
        if rel.lower().endswith(".pdf"):
            extra = ["--password", pw[rel]] if rel in pw else []
            commands = [("flatten", ["flatten", path, "--ink", empty, "-o", out] + extra + limits)]
            if has_export:
                commands.append(("export", ["export", path, "--ink", empty, "-o", out.replace("out.pdf", "export.pdf")] + extra + limits))
        elif rel.startswith("ink/") or rel.startswith("ink" + os.sep):
            # Over a PDF given, then alone as its tool shows it (its own pages and PDF), and converted.
            commands = [("flatten", ["flatten", blank, "--ink", path, "-o", out] + limits),
                        ("alone", ["flatten", path, "-o", out.replace("out.pdf", "alone.pdf")] + limits),
                        ("convert", ["convert", path, "-o", out.replace("out.pdf", "converted.ink.jsonl")])]
            if has_export:
                commands.append(("export", ["export", path, "-o", out.replace("out.pdf", "export.pdf")] + limits))
        else:
            continue
        for verb, args in commands:
            target = args[args.index("-o") + 1]
            result, detail, seconds = run(inkpdf, args, target, limit, env, pw.get(rel))
            rows.append((rel, verb, result, detail, seconds))
            print("%-58s %-8s %6.1fs %-15s %s" % (rel[:58], verb, seconds, result, detail[:150]), flush=True)
    shutil.rmtree(work, ignore_errors=True)
    counts = {}
    for r in rows: counts[r[2]] = counts.get(r[2], 0) + 1
    print()
    print("  ".join("%s: %d" % kv for kv in sorted(counts.items())))
    if rows:
        slowest = max(rows, key=lambda r: r[4])
        print("slowest: %.1f s (%s, %s); limit %d s" % (slowest[4], slowest[0], slowest[1], limit))
    over = [r for r in rows if r[4] > limit]
    for r in over:
        print("FAIL: %s (%s) took %.1f s, more than %d s" % (r[0], r[1], r[4], limit), file=sys.stderr)
    bad = sum(counts.get(k, 0) for k in ("crash", "hang", "partial file"))
    sys.exit(1 if bad else 0)

main()
