#!/usr/bin/env python3
"""Checks the reports of a sharded `inkpdf batch` (one `--json` report per shard).

Usage: scripts/shard_reports.py [--output FOLDER] REPORT.json... | FOLDER

A FOLDER stands for every *.json in it. The reports must come from one batch:
every shard 1…N present exactly once (the same N in each), no document in two
shards, every shard's run succeeded, and the output of every document that was
flattened, up to date or copied exists (relative paths are taken from the
current folder, as batch was given them; --output FOLDER looks for them in
FOLDER instead of the output folder batch was given, for checking from a
machine that mounts it elsewhere). Prints one line per problem and
exits 1, or prints the totals and exits 0. Exit 64 for a bad command line,
66 for a report that is missing or not a batch report.

Used after a Slurm array job or a Kubernetes Indexed Job (docs/slurm.md,
docs/kubernetes.md) and by scripts/test-slurm.sh.
"""
import argparse, glob, json, os, sys

WRITTEN = ("flattened", "upToDate", "copied", "copyUpToDate")


def load(paths):
    reports = []
    for path in paths:
        try:
            with open(path, encoding="utf-8") as file:
                report = json.load(file)
        except (OSError, ValueError) as error:
            print(f"shard_reports: {path}: cannot read a report ({error})", file=sys.stderr)
            sys.exit(66)
        if not isinstance(report, dict) or "documents" not in report or "counts" not in report:
            print(f"shard_reports: {path}: not an inkpdf batch --json report", file=sys.stderr)
            sys.exit(66)
        reports.append((path, report))
    return reports


def check(reports, output_folder=None):
    problems = []
    counts = {report["shard"]["count"] for _, report in reports if report.get("shard")}
    for path, report in reports:
        if not report.get("shard"):
            problems.append(f"{path}: a run without --shard")
    if len(counts) > 1:
        problems.append(f"the reports are of different shard counts: {sorted(counts)}")
    sources = {report.get("source") for _, report in reports}
    if len(sources) > 1:
        problems.append(f"the reports are of different source folders: {sorted(map(str, sources))}")

    by_index = {}
    for path, report in reports:
        if report.get("shard"):
            by_index.setdefault(report["shard"]["index"], []).append(path)
    if len(counts) == 1:
        count = counts.pop()
        missing = [index for index in range(1, count + 1) if index not in by_index]
        if missing:
            problems.append(f"no report for shard {', '.join(f'{index}/{count}' for index in missing)}: run those tasks (again)")
    for index, paths in sorted(by_index.items()):
        if len(paths) > 1:
            problems.append(f"shard {index} has {len(paths)} reports: {', '.join(paths)}")

    owner = {}
    totals = {"documents": 0, "flattened": 0, "upToDate": 0, "copied": 0, "skipped": 0, "failed": 0}
    for path, report in reports:
        for failure in report.get("failures", []):
            problems.append(f"{path}: failed: {failure['path']}: {failure['reason']} (exit {failure['exitCode']})")
        for document in report["documents"]:
            name, status = document["path"], document["status"]
            if name in owner:
                problems.append(f"{name} is in two shards: {owner[name]} and {path}")
            owner[name] = path
            totals["documents"] += 1
            key = {"copyUpToDate": "copied"}.get(status, status)
            if key in totals:
                totals[key] += 1
            output = document["output"]
            if output_folder is not None and output.startswith(report["output"].rstrip("/") + "/"):
                output = os.path.join(output_folder, output[len(report["output"].rstrip("/")) + 1:])
            if status in WRITTEN and not os.path.isfile(output):
                problems.append(f"{path}: {name} is {status} but its output {output} is missing")
        if report.get("interrupted"):
            problems.append(f"{path}: the run was interrupted by {report.get('signal') or 'a signal'}: "
                            f"run that task again (it keeps what is finished)")
        elif not report.get("allSucceeded", False) and not report.get("failures"):
            problems.append(f"{path}: the run did not succeed")
    return problems, totals


class Parser(argparse.ArgumentParser):
    def error(self, message):
        print(f"shard_reports: {message}\n{__doc__.split(chr(10) * 2)[1]}", file=sys.stderr)
        sys.exit(64)


def main(arguments):
    parser = Parser(prog="shard_reports.py")
    parser.add_argument("--output", metavar="FOLDER")
    parser.add_argument("reports", nargs="+")
    options = parser.parse_args(arguments)
    paths = []
    for argument in options.reports:
        paths += sorted(glob.glob(os.path.join(glob.escape(argument), "*.json"))) if os.path.isdir(argument) else [argument]
    if not paths:
        print(f"shard_reports: no reports in {' '.join(options.reports)}", file=sys.stderr)
        sys.exit(66)
    reports = load(paths)
    problems, totals = check(reports, options.output)
    for problem in problems:
        print(f"shard_reports: {problem}")
    if problems:
        sys.exit(1)
    print(f"shard_reports: {len(reports)} shards, {totals['documents']} documents: {totals['flattened']} flattened, "
          f"{totals['upToDate']} up to date, {totals['copied']} copied, {totals['skipped']} skipped without ink, 0 failed")


if __name__ == "__main__":
    main(sys.argv[1:])
