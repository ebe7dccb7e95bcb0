#!/usr/bin/env python3
"""Runs every PDF and ink file of a corpus folder through inkpdf and prints a table.

Usage: scripts/robustness.py [CORPUS] [--inkpdf PATH] [--limit SECONDS] [--memory MB]

CORPUS defaults to ../shared/corpus (read in place, never copied); a missing
corpus is an error (exit 2), never an empty table. Beside the corpus, the
script generates hostile files of the classes inkpdf must hold against
(entity bombs in any encoding, numbers beyond what a PDF can hold, unbounded
dashes and rulings, zip bombs, names that climb out of their folder) into a
temporary folder: generated here, never copied. Its
MANIFEST.tsv gives the user passwords of encrypted PDFs. Each PDF is flattened
(and exported, when this inkpdf has `export`) with an empty drawing, and read
as ink (`convert`: its annotations, or a clear "not ink" when it has none); each ink
file is flattened onto a generated one-page PDF. Every run ends in one of:
correct output, clear error, crash, hang, partial file, damaged output (exit 0
but `qpdf --check` is not clean). inkpdf runs with its
default bounds (--timeout 900, --stall-timeout 60): every run must end within
--limit seconds (default 90), or it counts as a hang, however it ended, and
its process tree must stay under --memory MB of resident memory (default
1024), or it counts as "memory". The table gives each run's time and peak
memory. The target is no crash, no hang, no partial file, no memory overrun,
and nothing written outside the output folder. Exit status 1 if any run is
one of those.
"""
import os, re, shutil, signal, subprocess, sys, tempfile, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hostile_inputs

def arguments():
    corpus, inkpdf, limit, memory = os.path.join(os.path.dirname(__file__), "..", "..", "shared", "corpus"), None, 90, 1024
    args = sys.argv[1:]
    while args:
        a = args.pop(0)
        if a == "--inkpdf": inkpdf = args.pop(0)
        elif a == "--limit": limit = float(args.pop(0))
        elif a == "--memory": memory = float(args.pop(0))
        else: corpus = a
    if inkpdf is None:
        inkpdf = os.path.join(os.path.dirname(__file__), "..", ".build", "release", "inkpdf")
    return os.path.abspath(corpus), os.path.abspath(inkpdf), limit, memory

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

# The one qpdf warning about a written file that is no damage (see `run`).
CAIROS_DUPLICATED_KEY = ("dictionary has duplicated key /", "; last occurrence overrides earlier ones")

def run(inkpdf, args, output, limit, memory, env, password=None):
    """(outcome, detail, seconds, peak MB)."""
    start = time.monotonic()
    result, detail, peak = judge(inkpdf, args, output, limit, env, password)
    seconds = time.monotonic() - start
    if seconds > limit and result != "hang":
        result, detail = "hang", "took %.1f s, more than %d s (%s: %s)" % (seconds, limit, result, detail)
    elif peak > memory and result not in ("hang", "crash", "partial file"):
        result, detail = "memory", "%.0f MB resident, more than %d MB (%s: %s)" % (peak, memory, result, detail)
    return result, detail, seconds, peak

class Completed:
    def __init__(self, returncode, stderr):
        self.returncode, self.stderr = returncode, stderr

def execute(command, timeout, env):
    """Runs `command` to its end (killed, with its workers, past `timeout`): (Completed or None, peak
    resident MB of the process and every descendant it waited for, from wait4's rusage)."""
    with tempfile.TemporaryFile() as errors:
        p = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=errors, env=env, start_new_session=True)
        deadline = time.monotonic() + timeout
        while True:
            pid, status, usage = os.wait4(p.pid, os.WNOHANG)
            if pid == p.pid: break
            if time.monotonic() > deadline:
                os.killpg(p.pid, signal.SIGKILL)
                _, status, usage = os.wait4(p.pid, 0)
                p.returncode = -9
                return None, usage.ru_maxrss / 1024
            time.sleep(0.02)
        p.returncode = -os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status)
        errors.seek(0)
        return Completed(p.returncode, errors.read()), usage.ru_maxrss / 1024

def judge(inkpdf, args, output, limit, env, password):
    folder = os.path.dirname(output)
    os.makedirs(folder, exist_ok=True)
    # Past the limit it is a hang already; a little longer lets inkpdf's own bound end it cleanly.
    p, peak = execute([inkpdf] + args, limit + 30, env)
    result, detail = outcome(p, inkpdf, output, folder, limit, password)
    return result, detail, peak

def outcome(p, inkpdf, output, folder, limit, password):
    if p is None:
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
        # Every PDF written with exit 0 reads back whole: qpdf --check with no warning at all (exit 0;
        # 3 is "succeeded with warnings", e.g. a cross-reference table it had to reconstruct).
        check = subprocess.run(["qpdf", "--check"] + (["--password=" + password] if password else []) + [output], capture_output=True)
        if check.returncode == 0: return "correct output", ""
        warnings = [line for line in (check.stdout + check.stderr).decode("utf-8", "replace").splitlines() if line.startswith("WARNING:")]
        if check.returncode == 3 and warnings and all(all(part in line for part in CAIROS_DUPLICATED_KEY) for line in warnings):
            # cairo's PDF surface writes a dictionary key twice where a page draws one source twice (pdftocairo -pdf of
            # the same file does too); every reader takes the last: no damage (LibQPDF's isCairosDuplicatedKey).
            return "correct output", "cairo's duplicated dictionary key, as pdftocairo -pdf writes it"
        said = (check.stderr or check.stdout).decode("utf-8", "replace").strip().splitlines()
        return "damaged output", "exit 0, but qpdf --check exit %d: %s" % (check.returncode, said[0] if said else "")
    if os.path.exists(output):
        return "partial file", "an error, but an output was written"
    if p.returncode == 88:
        return "clear error", message  # stopped by the watchdog or the timeout: a hang that inkpdf caught
    if message and "\n" not in message:
        return "clear error", message
    return "crash", "exit %d without a clear message" % p.returncode

def main():
    corpus, inkpdf, limit, memory = arguments()
    if not os.path.exists(inkpdf): sys.exit("robustness: build inkpdf first (%s is missing)" % inkpdf)
    if not os.path.isdir(corpus):
        print("robustness: the corpus %s is not there; give its folder (make robustness CORPUS=DIR)" % corpus, file=sys.stderr)
        sys.exit(2)
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
    if not any(f.lower().endswith(".pdf") or f.startswith("ink" + os.sep) for f in files):
        print("robustness: %s holds no PDF and no ink/ folder; is it the corpus?" % corpus, file=sys.stderr)
        sys.exit(2)
    # The generated hostile files, under their own root, run as ink files are.
    generated = os.path.join(work, "generated")
    outside = os.path.join(work, "outside")
    hostile = hostile_inputs.write_all(os.path.join(generated, "ink"), outside)
    sources = [(corpus, f) for f in sorted(files)] + [(generated, os.path.relpath(p, generated)) for p in hostile]
    # A plain page to put foreign ink files on.
    blank = os.path.join(work, "blank.pdf")
    samples = os.path.join(os.path.dirname(__file__), "..", "SamplePDFs", "letter-worksheet.pdf")
    shutil.copyfile(samples, blank)
    for i, (base, rel) in enumerate(sources):
        path = os.path.join(base, rel)
        shown = ("generated/" if base == generated else "") + rel
        # A name that is not UTF-8 (generated on purpose) is shown with its other bytes as \xHH.
        shown = shown.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
        out = os.path.join(work, "out%d" % i, "out.pdf")
        limits = []  # the defaults, as a user runs it
        if rel.lower().endswith(".pdf"):
            extra = ["--password", pw[rel]] if rel in pw else []
            commands = [("flatten", ["flatten", path, "--ink", empty, "-o", out] + extra + limits)]
            if has_export:
                commands.append(("export", ["export", path, "--ink", empty, "-o", out.replace("out.pdf", "export.pdf")] + extra + limits))
            # The PDF read as ink: its annotations (a PDF with none is refused as not ink).
            commands.append(("annotations", ["convert", path, "-o", out.replace("out.pdf", "annotations.ink.jsonl")] + extra))
        elif rel.startswith("ink/") or rel.startswith("ink" + os.sep):
            # Over a PDF given, then alone as its tool shows it (its own pages and PDF), and converted.
            commands = [("flatten", ["flatten", blank, "--ink", path, "-o", out] + limits),
                        ("alone", ["flatten", path, "-o", out.replace("out.pdf", "alone.pdf")] + limits),
                        ("convert", ["convert", path, "-o", out.replace("out.pdf", "converted.ink.jsonl")])]
            if has_export:
                commands.append(("export", ["export", path, "-o", out.replace("out.pdf", "export.pdf")] + limits))
            if "recognize-" in os.path.basename(rel):
                # Strokes that cost a recogniser more than their size (issue 52): read in Latin and CJK.
                commands.append(("recognize", ["flatten", blank, "--ink", path, "-o", out.replace("out.pdf", "recognized.pdf"),
                                               "--recognize", "--lang", "en+ja"] + limits))
        else:
            continue
        if base == generated:
            # Files a document names are confined to its folder, as for uploads.
            commands = [(verb, args + ["--confine"]) for verb, args in commands]
        for verb, args in commands:
            target = args[args.index("-o") + 1]
            before = hostile_inputs.snapshot(outside)
            result, detail, seconds, peak = run(inkpdf, args, target, limit, memory, env, pw.get(rel))
            if result == "damaged output" and verb == "export" and rel.lower().endswith(".pdf"):
                # export keeps the source byte for byte: warnings qpdf has about the source itself are kept with it.
                source_check = subprocess.run(["qpdf", "--check"] + (["--password=" + pw[rel]] if rel in pw else []) + [path],
                                              capture_output=True)
                if source_check.returncode != 0:
                    result, detail = "correct output", "the source's own qpdf warnings, kept byte for byte"
            if hostile_inputs.snapshot(outside) != before:
                result, detail = "wrote outside", "a file outside the output folder changed"
            elif base == generated and "outside" in rel and verb != "flatten" and result == "correct output":
                # (flatten over the blank PDF given draws no background the document names)
                result, detail = "read outside", "under --confine, a file outside the document's folder was read"
            rows.append((shown, verb, result, detail, seconds, peak))
            print("%-58s %-8s %6.1fs %6.0fMB %-15s %s" % (shown[:58], verb, seconds, peak, result, detail[:150]), flush=True)
    shutil.rmtree(work, ignore_errors=True)
    counts = {}
    for r in rows: counts[r[2]] = counts.get(r[2], 0) + 1
    print()
    print("  ".join("%s: %d" % kv for kv in sorted(counts.items())))
    if rows:
        slowest = max(rows, key=lambda r: r[4])
        print("slowest: %.1f s (%s, %s); limit %d s" % (slowest[4], slowest[0], slowest[1], limit))
        largest = max(rows, key=lambda r: r[5])
        print("largest: %.0f MB (%s, %s); limit %d MB" % (largest[5], largest[0], largest[1], memory))
    over = [r for r in rows if r[4] > limit]
    for r in over:
        print("FAIL: %s (%s) took %.1f s, more than %d s" % (r[0], r[1], r[4], limit), file=sys.stderr)
    # Every rnote notebook of the corpus was run (flattened over a page, alone, converted, exported).
    notebooks = [f for f in files if f.lower().endswith(".rnote")]
    unexercised = [f for f in notebooks if sum(1 for r in rows if r[0] == f) < 3]
    print("rnote notebooks exercised: %d of %d" % (len(notebooks) - len(unexercised), len(notebooks)))
    for f in unexercised:
        print("FAIL: the rnote notebook %s was not run" % f, file=sys.stderr)
    bad = sum(counts.get(k, 0) for k in ("crash", "hang", "partial file", "damaged output", "memory", "wrote outside", "read outside")) + len(unexercised)
    sys.exit(1 if bad else 0)

if __name__ == "__main__":
    main()
