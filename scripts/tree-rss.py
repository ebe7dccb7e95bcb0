#!/usr/bin/env python3
"""Runs a command and prints its wall time (s), the peak of the summed
proportional set size (PSS, KB) of it and all its descendants, and the peak
resident set size (RSS, KB) of the largest single process among them, sampled
every 50 ms from /proc. The PSS sum is what a whole inkpdf run (the parent and
its worker processes together) holds at once, counting pages the processes
share (libraries) once; the single-process RSS is what /usr/bin/time reports.
Usage: tree-rss.py COMMAND [ARG...]; prints "SECONDS PSS_KB RSS_KB"."""
import os
import subprocess
import sys
import time


def children():
    """Parent pid -> child pids, for every process now running."""
    tree = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            tree.setdefault(int(fields[1]), []).append(int(name))
        except OSError:
            pass
    return tree


def memory_kb(pid):
    """(PSS, RSS) of one process."""
    pss = rss = 0
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            for line in f:
                if line.startswith("Pss:"):
                    pss = int(line.split()[1])
                elif line.startswith("Rss:"):
                    rss = int(line.split()[1])
    except OSError:
        pass
    return pss, rss


def main():
    start = time.monotonic()
    process = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    peak_pss = peak_rss = 0
    while process.poll() is None:
        tree, total, stack = children(), 0, [process.pid]
        while stack:
            pid = stack.pop()
            pss, rss = memory_kb(pid)
            total += pss
            peak_rss = max(peak_rss, rss)
            stack.extend(tree.get(pid, []))
        peak_pss = max(peak_pss, total)
        time.sleep(0.05)
    process.wait()
    if process.returncode != 0:
        sys.exit(f"failed ({process.returncode}): {' '.join(sys.argv[1:])}")
    print(f"{time.monotonic() - start:.2f} {peak_pss} {peak_rss}")


main()
