#!/usr/bin/env python3
"""Writes docs/benchmark-results.md from what `make bench` printed.

Usage: scripts/bench-results.py BENCH.LOG > docs/benchmark-results.md

Every line of the log that states a target (`… (target ≤ 1.5)`) or is marked
`(reported)` becomes a row: the figure, what was measured, the target and
whether it was met (when the line holds one number and one bound). Above the
table: the date, the machine (cores, processor, memory, system), the commit
measured, RUNS and PAGES, and the parts that were skipped (BENCH_*=0).
"""
import datetime, os, platform, re, subprocess, sys

BOUND = re.compile(r"^\s*([≤≥<>]=?)\s*([0-9.]+)")


def machine():
    model = "unknown processor"
    try:
        with open("/proc/cpuinfo") as f:
            model = next((l.split(":", 1)[1].strip() for l in f if l.startswith("model name")), model)
    except OSError:
        pass
    memory = ""
    try:
        with open("/proc/meminfo") as f:
            kb = int(next(l.split()[1] for l in f if l.startswith("MemTotal")))
            memory = "%.0f GiB" % (kb / 1048576)
    except (OSError, StopIteration):
        pass
    system = platform.system()
    try:
        with open("/etc/os-release") as f:
            system = next((l.split("=", 1)[1].strip().strip('"') for l in f if l.startswith("PRETTY_NAME=")), system)
    except OSError:
        pass
    return "%d cores (%s), %s, %s" % (os.cpu_count() or 0, model, memory, system)


def commit():
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
        # The table this script writes is not a change to what was measured.
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no", "--", ".", ":!docs/benchmark-results.md"],
                               capture_output=True, text=True).stdout.strip()
        return head + (" with uncommitted changes" if dirty else "")
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def met(measured, target):
    """'yes'/'no' when `measured` holds exactly one number and `target` one bound; else ''."""
    numbers = re.findall(r"(?<![\w.])[0-9]+(?:\.[0-9]+)?(?![\w.])", measured)
    bound = BOUND.match(target)
    if len(numbers) != 1 or not bound or ";" in target or "," in target:
        return ""
    value, limit, op = float(numbers[0]), float(bound.group(2)), bound.group(1)
    ok = {"≤": value <= limit, "<=": value <= limit, "<": value < limit,
          "≥": value >= limit, ">=": value >= limit, ">": value > limit}[op]
    return "yes" if ok else "**no**"


TARGET = re.compile(r"\(targets? ([^)]*)\)")


def split_figure(text):
    """The figure's name and what was measured: at ': ', else at a run of spaces (a table row), else at the first number."""
    figure, _, measured = text.partition(": ")
    if measured:
        return figure, measured
    parts = re.split(r"\s{3,}", text, maxsplit=1)
    if len(parts) == 2:
        return parts[0], parts[1]
    m = re.search(r"(?<![\w.])[0-9]", text)
    return (text[:m.start()], text[m.start():]) if m and m.start() > 0 else (text, "")


def rows(lines):
    """A row for each target a line states (a line may state several: `A: 1 (target ≤ 2); B: 3 (target ≤ 4)`),
    or one for a line marked `(reported)`. A figure under a `# heading` line of the log is named with it
    (the annotation export prints the same figures for each of its forms)."""
    section = ""
    cell = lambda s: s.replace("|", "\\|").strip()
    for line in lines:
        line = line.rstrip("\n")
        if not line.strip():
            section = ""
            continue
        if line.startswith("# "):
            section = line[2:].strip()
            continue
        if "(target" not in line and "(reported)" not in line:
            continue
        reported = "(reported)" in line
        line = line.replace("(reported)", "").strip()
        segments, start = [], 0
        for m in TARGET.finditer(line):
            segments.append([line[start:m.start()].strip(" ;,"), m.group(1)])
            start = m.end()
        rest = line[start:].strip(" ;,")
        if not segments:
            segments = [[rest, ""]]
        elif rest:
            segments[-1][0] += "; " + rest
        first = None
        for text, target in segments:
            figure, measured = split_figure(text)
            if first is None:
                first = figure.strip()
            elif ": " not in text:
                figure = "%s, %s" % (first, figure.strip())
            if section:
                figure = "%s: %s" % (section, figure.strip())
            yield "| %s | %s | %s | %s |" % (cell(figure), cell(measured), cell(target) or ("(reported)" if reported else ""),
                                            met(measured, target))


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: scripts/bench-results.py BENCH.LOG > docs/benchmark-results.md")
    with open(sys.argv[1], encoding="utf-8", errors="replace") as f:
        table = list(rows(f))
    skipped = sorted(k for k, v in os.environ.items() if k.startswith("BENCH_") and v == "0")
    print("# Benchmark results")
    print()
    print("Written by `make bench` (`scripts/bench-results.py`) from the run below; every ratio is")
    print("against its peer in the same run. How each figure is measured: [benchmarks.md](benchmarks.md).")
    print()
    print("- date: %s" % datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"))
    print("- machine: %s" % machine())
    print("- commit: %s" % commit())
    print("- RUNS=%s, PAGES=%s; parts skipped: %s" % (os.environ.get("RUNS", "2"), os.environ.get("PAGES", "1000"),
                                                   ", ".join(skipped) if skipped else "none"))
    print()
    print("| figure | measured | target | met |")
    print("|---|---|---|---|")
    for row in table:
        print(row)


if __name__ == "__main__":
    main()
