#!/usr/bin/env bash
# make test-slurm: inkpdf batch --shard as a Slurm array job, on a real one-node Slurm
# cluster that this script starts and stops itself.
#
# It submits scripts/slurm/inkpdf-batch.sbatch as `sbatch --array=0-3` over a folder of
# course notes, cancels one task (scancel JOB_T) once it has finished its first document,
# lets the other tasks finish, resubmits the cancelled task alone (sbatch --array=T) and
# then checks the outputs themselves: every document's PDF and sidecar there exactly once,
# each a valid PDF (qpdf --check) with its source's page count, no temporary file left, the
# shards' reports disjoint and covering, the documents finished before the cancel neither
# redone nor rewritten (same inode and mtime), the rest done by the resubmitted task.
#
# As root on Debian 12 (slurm-wlm 22.05): installs slurmctld, slurmd, slurm-client and
# munge when missing. Everything it writes (munge key and socket, slurm.conf, Slurm's
# state and logs, the documents) is in one temporary folder; the daemons listen on
# 127.0.0.1 on two free ports, so a Slurm or munge already on the machine is not touched.
# It stops every daemon it started and removes the folder however it ends. Every wait is
# bounded; a failure prints the logs that matter and ends with one line
# "test-slurm: FAIL: reason" (exit 1).
#
# INKPDF=path reuses a built inkpdf; without it, `make build` builds one.
# LECTURES and SHEETS (default 120 and 40) set the size of the batch.
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
shards=4
cancel_task=2 # the array task that is cancelled and run again
lectures=${LECTURES:-120}
sheets=${SHEETS:-40}
work=""
started=$SECONDS

say() { echo "test-slurm: $*"; }

fail() {
    if [ -n "$work" ] && [ -d "$work" ]; then
        for log in "$work"/submit/*.out "$work"/log/*; do
            [ -s "$log" ] && { echo "--- $log (last lines)"; tail -n 15 "$log"; } >&2
        done
    fi
    echo "test-slurm: FAIL: $*" >&2
    exit 1
}

# wait_for SECONDS WHAT COMMAND...: runs COMMAND every 0.1 s until it succeeds.
wait_for() {
    local limit=$1 what=$2
    shift 2
    local deadline=$((SECONDS + limit))
    until "$@"; do
        [ "$SECONDS" -lt "$deadline" ] || fail "timed out after ${limit} s waiting for $what"
        sleep 0.1
    done
}

[ "$(id -u)" = 0 ] || fail "run as root: it installs Debian packages and starts Slurm's daemons"

# --- what it needs -------------------------------------------------------------------
packages=(slurmctld slurmd slurm-client munge qpdf python3)
missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
    say "installing ${missing[*]}"
    apt-get update -qq || fail "apt-get update failed"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null \
        || fail "cannot install ${missing[*]}"
fi
for tool in munged mungekey slurmctld slurmd sbatch scancel squeue scontrol sinfo qpdf python3; do
    command -v "$tool" >/dev/null || fail "$tool is not on PATH after installing ${packages[*]}"
done

if [ -z "${INKPDF:-}" ]; then
    say "building inkpdf (make build)"
    make -C "$repo" build || fail "make build failed"
    INKPDF=$repo/.build/release/inkpdf
fi
INKPDF=$(readlink -f "$INKPDF") || fail "INKPDF: no such file"
[ -x "$INKPDF" ] || fail "INKPDF=$INKPDF is not an executable"
export INKPDF

# --- a one-node cluster in a temporary folder ---------------------------------------------
munged_pid="" ctld_pid="" slurmd_pid=""

# stop PID: SIGTERM, then SIGKILL after 10 s.
stop() {
    local pid=$1 waited=0
    [ -n "$pid" ] || return 0
    kill -TERM "$pid" 2>/dev/null || return 0
    while kill -0 "$pid" 2>/dev/null && [ "$waited" -lt 100 ]; do sleep 0.1; waited=$((waited + 1)); done
    kill -KILL "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
}

cleanup() {
    local code=$?
    trap - EXIT INT TERM ERR
    if [ -n "$ctld_pid" ] && kill -0 "$ctld_pid" 2>/dev/null; then
        # Cancel whatever still runs and let slurmd's step daemons end it before slurmd stops.
        local jobs
        jobs=$(timeout 10 squeue -h -o %A 2>/dev/null | sort -u) || true
        [ -z "$jobs" ] || timeout 10 scancel $jobs 2>/dev/null || true
        local waited=0
        while [ -n "$(timeout 5 squeue -h 2>/dev/null)" ] && [ "$waited" -lt 150 ]; do sleep 0.1; waited=$((waited + 1)); done
    fi
    stop "$slurmd_pid"
    stop "$ctld_pid"
    stop "$munged_pid"
    # Anything a job of this cluster started that outlived its step daemon: only processes
    # whose environment names this cluster's slurm.conf.
    if [ -n "$work" ]; then
        local entry pid
        for entry in /proc/[0-9]*; do
            pid=${entry#/proc/}
            [ "$pid" != $$ ] || continue
            if { tr '\0' '\n' <"$entry/environ"; } 2>/dev/null | grep -qxF "SLURM_CONF=$work/slurm.conf"; then
                kill -KILL "$pid" 2>/dev/null || true
            fi
        done
        rm -rf "$work"
    fi
    exit "$code"
}
trap cleanup EXIT
trap 'fail "interrupted"' INT TERM
# A command that fails where no check expected it still ends in one line that says where.
trap 'fail "unexpected failure (exit $?) at scripts/test-slurm.sh line $LINENO"' ERR

work=$(mktemp -d /tmp/inkpdf-slurm.XXXXXX) || fail "cannot make a temporary folder"
# munged wants the folders on its socket's path searchable by all, its key's folder private.
chmod 755 "$work"
mkdir -p "$work"/{munge,key,state,spool,log,submit,reports,notes,flattened}
chmod 755 "$work/munge"
chmod 700 "$work/key"

mungekey --create --keyfile="$work/key/munge.key" || fail "mungekey cannot create a key"
munged --foreground --socket="$work/munge/socket" --key-file="$work/key/munge.key" \
    --pid-file="$work/munge/munged.pid" --log-file="$work/log/munged.log" --seed-file="$work/munge/seed" \
    >"$work/log/munged.out" 2>&1 &
munged_pid=$!
wait_for 15 "munged's socket" test -S "$work/munge/socket"

read -r ctld_port slurmd_port < <(python3 -c '
import socket
sockets = [socket.socket() for _ in range(2)]
for s in sockets: s.bind(("127.0.0.1", 0))
print(*(s.getsockname()[1] for s in sockets))')
node=inkpdf-test
cpus=$((shards * 4)) # each task asks for 4 CPUs (the script's --cpus-per-task): all tasks run at once
cat >"$work/slurm.conf" <<EOF
# A one-node cluster for scripts/test-slurm.sh: no cgroups, no accounting, all in $work.
ClusterName=inkpdftest
SlurmctldHost=$(hostname -s)(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$work/munge/socket
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/log/slurmctld.log
SlurmdLogFile=$work/log/slurmd.log
PlugStackConfig=$work/plugstack.conf
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU_Memory
SchedulerType=sched/backfill
MpiDefault=none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
ReturnToService=2
# The node has the CPUs and memory this file says, whatever the machine has.
SlurmdParameters=config_overrides
# scancel: SIGTERM, then SIGKILL 5 s later. Finished jobs stay visible to scontrol for 10 min.
KillWait=5
MinJobAge=600
NodeName=$node NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$((cpus * 2048)) State=UNKNOWN
PartitionName=test Nodes=$node Default=YES MaxTime=INFINITE State=UP
EOF
: >"$work/plugstack.conf"
export SLURM_CONF=$work/slurm.conf
slurmctld -D -f "$SLURM_CONF" >"$work/log/slurmctld.out" 2>&1 &
ctld_pid=$!
slurmd -D -f "$SLURM_CONF" -N "$node" >"$work/log/slurmd.out" 2>&1 &
slurmd_pid=$!
node_idle() { [ "$(sinfo -h -n "$node" -o %t 2>/dev/null)" = idle ]; }
wait_for 60 "node $node to be idle (slurmctld on port $ctld_port, slurmd on $slurmd_port)" node_idle
say "cluster up: slurmctld :$ctld_port, slurmd :$slurmd_port, node $node with $cpus CPUs"

# --- a term of course notes: the bundled samples under many names ---------------------------
samples=$repo/SamplePDFs
expected=() # the documents that have ink, relative to notes/
for i in $(seq -w 1 "$lectures"); do
    folder="week $(( (10#$i - 1) / 10 + 1 ))"
    mkdir -p "$work/notes/$folder"
    cp "$samples/course-notes.pdf" "$work/notes/$folder/lecture $i.pdf"
    cp "$samples/course-notes.ink.jsonl" "$work/notes/$folder/lecture $i.ink.jsonl"
    expected+=("$folder/lecture $i")
done
mkdir -p "$work/notes/worksheets"
for i in $(seq -w 1 "$sheets"); do
    cp "$samples/letter-worksheet.pdf" "$work/notes/worksheets/sheet $i.pdf"
    cp "$samples/letter-worksheet.ink.jsonl.gz" "$work/notes/worksheets/sheet $i.ink.jsonl.gz"
    expected+=("worksheets/sheet $i")
done
cp "$samples/letter-worksheet.pdf" "$work/notes/syllabus.pdf" # no ink: skipped, no output
total=${#expected[@]}
say "$total documents with ink and 1 without, in $shards shards"

# --- the array job ---------------------------------------------------------------------------
script=$repo/scripts/slurm/inkpdf-batch.sbatch
gate=(--trust "$samples/demo-licence/trust.json" --proof "$samples/demo-licence/demo-pro-licence.jws")
export INKPDF_REPORTS=$work/reports
cd "$work/submit"
job=$(sbatch --parsable --array=0-$((shards - 1)) "$script" "$work/notes" "$work/flattened" "$shards" "${gate[@]}") \
    || fail "sbatch refused the array job"
job=${job%%;*}
say "submitted array job $job (tasks 0-$((shards - 1)))"

state_of() { scontrol show job "$1" 2>/dev/null | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p' | head -n 1; }
exit_of() { scontrol show job "$1" 2>/dev/null | sed -n 's/.* ExitCode=\([0-9:]*\).*/\1/p' | head -n 1; }
ended() {
    case $(state_of "$1") in
        COMPLETED | FAILED | CANCELLED | TIMEOUT | NODE_FAIL | OUT_OF_MEMORY | BOOT_FAIL | DEADLINE | PREEMPTED) return 0 ;;
    esac
    return 1
}
flattened_in() { if [ -f "$1" ]; then grep -c '^flattened ' "$1" || true; else echo 0; fi; }
has_flattened() { [ "$(flattened_in "$1")" -ge 1 ]; }

# Cancel task $cancel_task once it has finished a document: it is then mid-shard.
cancel_log=$work/submit/inkpdf-batch-${job}_${cancel_task}.out
started_work() { has_flattened "$cancel_log" || ended "${job}_${cancel_task}"; }
wait_for 120 "task $cancel_task's first flattened document" started_work
has_flattened "$cancel_log" || fail "task ${job}_${cancel_task} ended $(state_of "${job}_${cancel_task}") without flattening a document"
scancel "${job}_${cancel_task}" || fail "scancel ${job}_${cancel_task} failed"
wait_for 30 "task ${job}_${cancel_task} to end after scancel" ended "${job}_${cancel_task}"
[ "$(state_of "${job}_${cancel_task}")" = CANCELLED ] \
    || fail "task ${job}_${cancel_task} ended $(state_of "${job}_${cancel_task}") before the cancel reached it: make the batch larger (LECTURES=$((lectures * 2)))"
done_before_cancel=$(flattened_in "$cancel_log")
say "cancelled task ${job}_${cancel_task} after $done_before_cancel flattened documents"

# What was on disk when it stopped: the finished documents' identity, to compare at the end.
snapshot() {
    (cd "$work/flattened" && find . -type f -name '*.pdf' -printf '%P\t%i\t%T@\n' | LC_ALL=C sort)
}
snapshot >"$work/at-cancel.tsv"

for task in $(seq 0 $((shards - 1))); do
    [ "$task" = "$cancel_task" ] && continue
    wait_for 240 "task ${job}_$task to end" ended "${job}_$task"
    [ "$(state_of "${job}_$task")" = COMPLETED ] && [ "$(exit_of "${job}_$task")" = 0:0 ] \
        || fail "task ${job}_$task ended $(state_of "${job}_$task") with exit $(exit_of "${job}_$task")"
done
say "tasks other than $cancel_task completed"

# The cancelled task removed what it was writing (SIGTERM), and left its shard unfinished.
leftovers=$(find "$work/flattened" "$work/reports" -name '.*.inkpdf-*')
[ -z "$leftovers" ] || fail "temporary files left after the cancel: $(echo "$leftovers" | head -n 3 | tr '\n' ' ')"
# Its report, if SIGTERM left it time to write one, says it was interrupted (batch lists the
# documents in flight as "interrupted" and the rest as "not started" before it exits).
cancelled_report=$work/reports/shard-$((cancel_task + 1))-of-$shards.json
if [ -e "$cancelled_report" ]; then
    verdict=$(python3 - "$cancelled_report" <<'EOF'
import json, sys
report = json.load(open(sys.argv[1]))
statuses = [document["status"] for document in report["documents"]]
if report.get("interrupted") is not True or report.get("signal") != "SIGTERM":
    print(f"says interrupted={report.get('interrupted')} signal={report.get('signal')}, not an interruption by SIGTERM")
elif report.get("allSucceeded") is not False:
    print("says allSucceeded though it was interrupted")
elif not any(status in ("interrupted", "notStarted") for status in statuses):
    print("lists no document as interrupted or not started: it was not cancelled mid-work")
EOF
    ) || fail "cannot read the cancelled task's report $cancelled_report"
    [ -z "$verdict" ] || fail "the cancelled task's report $verdict"
    say "the cancelled task's report says it was interrupted by SIGTERM"
fi
present=$(find "$work/flattened" -type f -name '*.pdf' | wc -l)
[ "$present" -lt "$total" ] || fail "all $total outputs exist before the resubmission: the cancel came too late"
say "after the cancel: $present of $total outputs, no temporary files"

# Resubmit the cancelled task alone, as a user would.
rerun=$(sbatch --parsable --array="$cancel_task" "$script" "$work/notes" "$work/flattened" "$shards" "${gate[@]}") \
    || fail "sbatch refused the resubmission"
rerun=${rerun%%;*}
wait_for 240 "the resubmitted task ${rerun}_${cancel_task} to end" ended "${rerun}_${cancel_task}"
[ "$(state_of "${rerun}_${cancel_task}")" = COMPLETED ] && [ "$(exit_of "${rerun}_${cancel_task}")" = 0:0 ] \
    || fail "the resubmitted task ended $(state_of "${rerun}_${cancel_task}") with exit $(exit_of "${rerun}_${cancel_task}")"
say "resubmitted task ${rerun}_${cancel_task} completed"

# --- the outputs themselves ------------------------------------------------------------------
# Exactly the expected files: NAME.pdf and NAME.ink.jsonl.gz for each inked document, nothing else
# (no output for the PDF without ink, no temporary file, no second copy under another name).
for name in "${expected[@]}"; do printf '%s.pdf\n%s.ink.jsonl.gz\n' "$name" "$name"; done | LC_ALL=C sort >"$work/expected.txt"
(cd "$work/flattened" && find . -type f -printf '%P\n' | LC_ALL=C sort) >"$work/actual.txt"
if ! cmp -s "$work/expected.txt" "$work/actual.txt"; then
    fail "the output folder is not one PDF and one sidecar per document: $(diff "$work/expected.txt" "$work/actual.txt" | grep '^[<>]' | head -n 4 | tr '\n' ' ')"
fi
leftovers=$(find "$work/flattened" "$work/reports" -name '.*.inkpdf-*')
[ -z "$leftovers" ] || fail "temporary files left: $(echo "$leftovers" | head -n 3 | tr '\n' ' ')"

for name in "${expected[@]}"; do
    out=$work/flattened/$name.pdf
    src=$work/notes/$name.pdf
    qpdf --check "$out" >/dev/null 2>&1 || fail "$name.pdf: qpdf --check fails on the output"
    [ "$(qpdf --show-npages "$out")" = "$(qpdf --show-npages "$src")" ] || fail "$name.pdf: not its source's page count"
    ! cmp -s "$out" "$src" || fail "$name.pdf: the output is its source unchanged (no ink)"
done
say "all $total outputs are valid PDFs with their source's pages, and nothing else is there"

# The reports: every shard once, disjoint, covering, all succeeded (the project's checker) ...
checked=$(python3 "$repo/scripts/shard_reports.py" "$work/reports" 2>&1) || fail "the shards' reports do not add up: $(echo "$checked" | head -n 3 | tr '\n' ' ')"
say "$checked"
# ... and, read here independently, what each document's final run did.
checked=$(python3 - "$work/reports" "$shards" "$((cancel_task + 1))" "$work/at-cancel.tsv" "$work/notes" "$work/submit" <<'EOF'

import glob, json, os, re, sys
reports, shards, resumed, at_cancel, notes, logs = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], sys.argv[5], sys.argv[6]
def problem(text):
    print(text); sys.exit(1)
inputs = sorted(os.path.relpath(os.path.join(d, f), notes) for d, _, fs in os.walk(notes) for f in fs if f.endswith(".pdf"))
shard_of, status = {}, {}
for index in range(1, shards + 1):
    report = json.load(open(os.path.join(reports, f"shard-{index}-of-{shards}.json")))
    if report["shard"] != {"index": index, "count": shards}: problem(f"shard-{index}-of-{shards}.json is of shard {report['shard']}")
    for document in report["documents"]:
        if document["path"] in shard_of: problem(f"{document['path']} is in shards {shard_of[document['path']]} and {index}")
        shard_of[document["path"]], status[document["path"]] = index, document["status"]
if sorted(shard_of) != inputs: problem(f"the shards hold {len(shard_of)} documents, the folder {len(inputs)}")
# Shards never cancelled ran once: every inked document flattened there.
for path, index in shard_of.items():
    expected = "skipped" if path == "syllabus.pdf" else ("flattened" if index != resumed else None)
    if expected and status[path] != expected: problem(f"{path} (shard {index}) is {status[path]}, not {expected}")
# The resumed shard: what was finished at the cancel is up to date, the rest flattened now.
finished = {line.split("\t")[0] for line in open(at_cancel) if line.strip()}
mine = [path for path, index in shard_of.items() if index == resumed and path != "syllabus.pdf"]
kept = [path for path in mine if path in finished]
redone = [path for path in mine if path not in finished]
for path in kept:
    if status[path] != "upToDate": problem(f"{path} was finished before the cancel but the resubmitted task says {status[path]}")
for path in redone:
    if status[path] != "flattened": problem(f"{path} was not finished at the cancel but the resubmitted task says {status[path]}")
if not kept: problem("the cancelled task had finished nothing: no resumption shown")
if not redone: problem("the cancelled task had finished its shard: it was not cancelled mid-work")
# Every 'flattened NAME (…)' line of every task's log (the cancelled one's too): each document at most once.
lines = {}
for log in glob.glob(os.path.join(logs, "*.out")):
    for line in open(log, encoding="utf-8"):
        match = re.match(r"flattened (.*) \(\d+ pages?, ", line)
        if match: lines[match.group(1)] = lines.get(match.group(1), 0) + 1
twice = sorted(path for path, count in lines.items() if count > 1)
if twice: problem(f"flattened twice: {', '.join(twice[:3])}")
never = sorted(path for path in shard_of if path != "syllabus.pdf" and path not in lines and path not in finished)
if never: problem(f"never reported flattened: {', '.join(never[:3])}")
print(f"shard {resumed} resumed: {len(kept)} documents kept from before the cancel, {len(redone)} flattened by the resubmitted task")
EOF
) || fail "$checked"
say "$checked"

# Nothing finished before the cancel was written again: same inode, same modification time.
before=$work/at-cancel.tsv
snapshot | LC_ALL=C join -t "$(printf '\t')" "$before" - >"$work/joined.tsv"
[ "$(wc -l <"$work/joined.tsv")" = "$(wc -l <"$before")" ] || fail "an output present at the cancel is gone"
changed=$(awk -F '\t' '$2 != $4 || $3 != $5 { print $1 }' "$work/joined.tsv")
[ -z "$changed" ] || fail "outputs rewritten after the cancel: $(echo "$changed" | head -n 3 | tr '\n' ' ')"
say "the $(wc -l <"$before") outputs there at the cancel are untouched (inode and mtime)"

say "PASS: $total documents in $shards shards, task $cancel_task cancelled and resumed, every output exactly once ($((SECONDS - started)) s)"
