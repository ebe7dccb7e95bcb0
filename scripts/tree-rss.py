#!/usr/bin/env python3
"""Runs a command and prints its wall time (s) and the peak of the summed
resident memory (KB) of it and all its descendants, sampled every 20 ms from
/proc: what a whole inkpdf run (the parent and its worker processes together)
holds at once, which /usr/bin/time's max RSS (one process's peak) does not show.
Usage: tree-rss.py COMMAND [ARG...]; prints "SECONDS PEAK_KB"."""
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


def rss_kb(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def main():
    start = time.monotonic()
    process = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    peak = 0
    while process.poll() is None:
        tree, total, stack = children(), 0, [process.pid]
        while stack:
            pid = stack.pop()
            total += rss_kb(pid)
            stack.extend(tree.get(pid, []))
        peak = max(peak, total)
        time.sleep(0.02)
    process.wait()
    if process.returncode != 0:
        sys.exit(f"failed ({process.returncode}): {' '.join(sys.argv[1:])}")
    print(f"{time.monotonic() - start:.2f} {peak}")


main()
