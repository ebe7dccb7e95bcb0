#!/usr/bin/env python3
"""Compares what two inkpdf binaries write, byte for byte, over the same inputs.

Usage: scripts/compare-binaries.py OLD_INKPDF NEW_INKPDF [--corpus DIR] [--quick]
       [--samples PATH] [--limit SECONDS] [--jobs N]

For a change that must keep the outputs (a restructuring), run it with the binary
built before the change and the one built after. Each job runs with both binaries
on the same inputs into two folders; the job's exit status, its error stream (with
the two folders' names made the same) and every file it wrote (SHA-256) must be
the same. A job whose outputs differ between two runs of either binary (an
encrypted PDF rewritten with fresh keys) is reported as not deterministic and
left out. Jobs:

- the bundled samples as `make run` flattens them, and each one exported, exported
  with its ink as annotations, that annotation export read back (`convert`), the
  ink recognised (`recognize`), rendered, inspected and checked;
- the benchmark's dense document (36 pages, `inkpdf-samples bench`): flatten, export;
- every file of the corpus (../shared/corpus unless --corpus; skipped with --quick)
  as `make robustness` runs it: each PDF flattened and exported with an empty drawing
  and read as ink, each ink file flattened over a blank page, alone, converted and
  exported; and the hostile files scripts/hostile_inputs.py generates, likewise.

Prints one line per job that differs and a summary; exit status 1 when any differs.
"""
import os, shutil, subprocess, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hostile_inputs  # noqa: E402
from robustness import passwords  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))


def arguments():
    args = sys.argv[1:]
    options = {"corpus": os.path.join(ROOT, "..", "shared", "corpus"), "quick": False, "limit": 300.0, "jobs": 2,
               "samples": os.path.join(ROOT, ".build", "release", "inkpdf-samples")}
    binaries = []
    while args:
        a = args.pop(0)
        if a == "--corpus": options["corpus"] = args.pop(0)
        elif a == "--quick": options["quick"] = True
        elif a == "--samples": options["samples"] = args.pop(0)
        elif a == "--limit": options["limit"] = float(args.pop(0))
        elif a == "--jobs": options["jobs"] = int(args.pop(0))
        elif a.startswith("-"): sys.exit("compare-binaries: unknown option %s; see the usage at the top of the script" % a)
        else: binaries.append(os.path.abspath(a))
    if len(binaries) != 2:
        sys.exit("usage: scripts/compare-binaries.py OLD_INKPDF NEW_INKPDF [--corpus DIR] [--quick]")
    for b in binaries:
        if not os.access(b, os.X_OK): sys.exit("compare-binaries: %s is not an executable" % b)
    return binaries, options


def jobs(work, options):
    """(name, arguments, more arguments…): the commands of a job, run in turn; `{out}` in an
    argument is the job's output folder, `{policy}` a policy that makes every action free."""
    demo = os.path.join(ROOT, "SamplePDFs", "demo-licence")
    pro = ["--trust", os.path.join(demo, "trust.json"), "--proof", os.path.join(demo, "demo-pro-licence.jws")]
    samples = os.path.join(ROOT, "SamplePDFs")
    found = []
    for name in sorted(os.listdir(samples)):
        path = os.path.join(samples, name)
        if name.endswith(".pdf"):
            stem = name[:-4]
            ink = next((os.path.join(samples, stem + s) for s in (".ink.jsonl", ".ink.jsonl.gz")
                        if os.path.exists(os.path.join(samples, stem + s))), None)
            if ink is None: continue
            found += [
                ("sample flatten " + stem, ["flatten", path, "--ink", ink, "-o", "{out}/out.pdf"] + pro),
                ("sample export " + stem, ["export", path, "--ink", ink, "-o", "{out}/out.pdf"] + pro),
                ("sample annotations " + stem, ["export", path, "--ink", ink, "--ink-as", "annotations", "-o", "{out}/out.pdf"] + pro,
                 ["convert", "{out}/out.pdf", "-o", "{out}/back.ink.jsonl"]),
                ("sample render " + stem, ["render", path, "--ink", ink, "--page", "1", "-o", "{out}/page.png"]),
                ("sample inspect " + stem, ["inspect", ink, "--json"]),
                ("sample check " + stem, ["check", ink]),
                ("sample recognize " + stem, ["recognize", ink, "-o", "{out}/text.ink.jsonl", "--redo", "--policy", "{policy}"]),
            ]
        elif name.endswith(".xopp"):
            found += [("sample flatten " + name, ["flatten", path, "-o", "{out}/out.pdf"] + pro),
                      ("sample convert " + name, ["convert", path, "-o", "{out}/out.ink.jsonl"])]
    bench = os.path.join(work, "bench")
    os.makedirs(bench, exist_ok=True)
    subprocess.run([options["samples"], "bench", "--pages", "36", bench], check=True, capture_output=True)
    pdf, ink = os.path.join(bench, "bench-36.pdf"), os.path.join(bench, "bench-36.ink.jsonl")
    found += [("bench flatten", ["flatten", pdf, "--ink", ink, "-o", "{out}/out.pdf"] + pro),
              ("bench export", ["export", pdf, "--ink", ink, "-o", "{out}/out.pdf"] + pro)]
    if options["quick"]: return found
    corpus = os.path.abspath(options["corpus"])
    if not os.path.isdir(corpus): sys.exit("compare-binaries: the corpus %s is not there (give --corpus DIR or --quick)" % corpus)
    pw = passwords(corpus)
    empty = os.path.join(work, "empty.ink.jsonl")
    with open(empty, "w") as f: f.write('{"format":"inkpdf-layers","version":1}\n')
    blank = os.path.join(samples, "letter-worksheet.pdf")
    generated = os.path.join(work, "generated")
    hostile = hostile_inputs.write_all(os.path.join(generated, "ink"), os.path.join(work, "outside"))
    files = [(corpus, os.path.relpath(os.path.join(r, n), corpus)) for r, _, ns in os.walk(corpus) for n in ns]
    files = sorted(files) + [(generated, os.path.relpath(p, generated)) for p in hostile]
    for base, rel in files:
        path = os.path.join(base, rel)
        confine = ["--confine"] if base == generated else []
        if rel.lower().endswith(".pdf"):
            extra = ["--password", pw[rel]] if rel in pw else []
            found += [("flatten " + rel, ["flatten", path, "--ink", empty, "-o", "{out}/out.pdf"] + extra + pro),
                      ("export " + rel, ["export", path, "--ink", empty, "-o", "{out}/out.pdf"] + extra + pro),
                      ("annotations " + rel, ["convert", path, "-o", "{out}/out.ink.jsonl"] + extra)]
        elif rel.startswith("ink" + os.sep):
            found += [("flatten " + rel, ["flatten", blank, "--ink", path, "-o", "{out}/out.pdf"] + confine + pro),
                      ("alone " + rel, ["flatten", path, "-o", "{out}/out.pdf"] + confine + pro),
                      ("convert " + rel, ["convert", path, "-o", "{out}/out.ink.jsonl"] + confine),
                      ("export " + rel, ["export", path, "-o", "{out}/out.pdf"] + confine + pro)]
    return found


def run(binary, commands, out, policy, limit):
    """(exit statuses, error streams with `out` named OUT, output digests)."""
    os.makedirs(out, exist_ok=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith("INKPDF_")}
    status, errors = (), b""
    for arguments in commands:
        filled = [a.replace("{out}", out).replace("{policy}", policy) for a in arguments]
        try:
            p = subprocess.run([binary] + filled, capture_output=True, timeout=limit, env=env)
            status, errors = status + (p.returncode,), errors + p.stderr + p.stdout
        except subprocess.TimeoutExpired:
            status += ("timeout",)
    errors = errors.replace(out.encode(), b"OUT")
    found = hostile_inputs.snapshot(out)
    shutil.rmtree(out, ignore_errors=True)
    return status, errors, found


def main():
    (old, new), options = arguments()
    work = tempfile.mkdtemp(prefix="inkpdf-compare-")
    policy = os.path.join(work, "policy.json")
    with open(policy, "w") as f: f.write('{"handwritingSearch":"free","exportAnnotated":"free"}')
    try:
        todo = jobs(work, options)
        differing, unsteady, files, statuses = [], [], 0, {}
        for index, (name, *commands) in enumerate(todo):
            before = run(old, commands, os.path.join(work, "old", str(index)), policy, options["limit"])
            after = run(new, commands, os.path.join(work, "new", str(index)), policy, options["limit"])
            files += len(after[2])
            for status in after[0]: statuses[status] = statuses.get(status, 0) + 1
            if os.environ.get("COMPARE_VERBOSE"): print(after[0], name, after[1][:200])
            # Not the same twice from either binary (an encrypted output's fresh keys): nothing to compare.
            # Both are run again: an output that changes from run to run can come out the same twice
            # from one of them by chance (an RC4-encrypted export did).
            if before != after and (after != run(new, commands, os.path.join(work, "again", str(index)), policy, options["limit"])
                                    or before != run(old, commands, os.path.join(work, "old-again", str(index)), policy, options["limit"])):
                unsteady.append(name)
                print("not deterministic: %s" % name, flush=True)
            elif before != after:
                what = [w for w, a, b in zip(("exit status", "messages", "files"), before, after) if a != b]
                differing.append(name)
                print("differs: %s (%s)" % (name, ", ".join(what)), flush=True)
                if "messages" in what:
                    print("  old: %s\n  new: %s" % (before[1][:300], after[1][:300]), flush=True)
        print("%d jobs (exit statuses: %s), %d files compared; %d differ; %d not deterministic (left out)"
              % (len(todo), ", ".join("%s: %d" % kv for kv in sorted(statuses.items(), key=str)), files, len(differing), len(unsteady)))
        sys.exit(1 if differing else 0)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
