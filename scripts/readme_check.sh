#!/usr/bin/env bash
# Runs the README's examples, in order, as a new user would after `make run`, and fails
# on the first one that does not exit 0 (`make readme-check`; issue 53).
#
#   scripts/readme_check.sh [README]        (default: README.md at the repository's root)
#
# Environment:
#   INKPDF                the built command (default .build/release/inkpdf)
#   README_CHECK_TIMEOUT  seconds each command may take (default 120)
#   README_CHECK_KEEP=1   keep the scratch copy (its path is printed)
#
# Where it runs. The repository is copied into a fresh scratch folder (mktemp -d) with
# tar, leaving out what .gitignore leaves out (.git, .build, .build-*, out, bench-work,
# fuzz-work, *.swp), so that nothing the developer made by hand and nothing a previous
# run wrote is there. In the copy, .build/release is a link to the folder that holds
# $INKPDF, and `make run` runs there (its `build` step skipped with `make -o build`,
# since the binary is already built): the examples then find out/ as a fresh clone
# has it after `make run`. The folders of PATH that hold an `inkpdf` are taken off it,
# and INKPDF_* variables are unset, so that the README's own lines must put the
# command on the PATH and give the proof of Pro.
#
# What is a command. Only fenced blocks opened with ```sh (or ```bash, ```shell) are
# read; ``` blocks without a language, ```json and the rest are left alone (they show
# output or formats). In such a block:
#   - a line ending with a backslash continues on the next line: the lines make one
#     command;
#   - if any line of the block starts with "$ " the block is a transcript: the "$ "
#     lines (prompt removed, with their continuations) are the commands, and every
#     other line is the output they print, which is not compared;
#   - otherwise every line is a command, except blank lines and lines whose first
#     non-blank character is "#" (comments); a "# ..." after a command is the
#     shell's comment and is kept;
#   - a command whose first word is `make` is skipped and listed as such: `make run`
#     has already run, and `make test` or `make install` are not examples to repeat;
#   - a command starting with `inkpdf serve` is started in the background (it has
#     to listen on 127.0.0.1 or localhost, on a port nothing answers on yet), the
#     check waits up to 30 s for its GET /healthz to answer, and the service stays
#     up for the commands after it; it is stopped with SIGTERM when the check ends.
#
# How a command runs. Each in its own `bash` (stdin /dev/null, stdout and stderr kept
# apart), under `timeout`, starting in the scratch copy's root. As in one shell session,
# the exported variables and the working folder a command leaves are carried to the
# next (a plain `X=1` without export is not). The first command that exits non-zero
# (or times out) ends the check with exit 1, naming the README line, the command and
# its stderr.

set -u -o pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
readme=${1:-$root/README.md}
limit=${README_CHECK_TIMEOUT:-120}
inkpdf=${INKPDF:-.build/release/inkpdf}
case $inkpdf in /*) ;; *) inkpdf=$root/$inkpdf ;; esac

fail() { echo "readme-check: $*" >&2; exit 1; }

[ -f "$readme" ] || fail "no README at $readme"
[ -x "$inkpdf" ] || fail "no built inkpdf at $inkpdf: run 'make build' first"
[ "$(basename "$inkpdf")" = inkpdf ] || fail "INKPDF must name a file called inkpdf (the README calls it so): $inkpdf"
for tool in tar timeout setsid curl awk; do
    command -v "$tool" >/dev/null || fail "this check needs '$tool'"
done
readme_name=$(basename "$readme")

# ---- the commands, one record each: LINE <tab> KIND <tab> COMMAND, NUL-terminated ----
# KIND: run, skip (make), serve.
extract() {
    awk '
    function flush(   i, n, line, cmd, start, transcript, kind, t) {
        transcript = 0
        for (i = 1; i <= nb; i++) if (block[i] ~ /^[ \t]*\$ /) transcript = 1
        cmd = ""; start = 0
        for (i = 1; i <= nb; i++) {
            line = block[i]
            if (cmd == "") {
                if (transcript) {
                    if (line !~ /^[ \t]*\$ /) continue
                    sub(/^[ \t]*\$ /, "", line)
                } else if (line ~ /^[ \t]*(#|$)/) continue
                start = bline[i]; cmd = line
            } else cmd = cmd "\n" line
            if (line ~ /\\$/ && i < nb) continue
            t = cmd; sub(/^[ \t]+/, "", t)
            kind = "run"
            if (t ~ /^make([ \t]|$)/) kind = "skip"
            else if (t ~ /^inkpdf[ \t]+serve([ \t]|$)/) kind = "serve"
            printf "%d\t%s\t%s%c", start, kind, cmd, 0
            cmd = ""
        }
        nb = 0
    }
    {
        trimmed = $0; sub(/^[ \t]+/, "", trimmed)
        if (!infence) {
            if (trimmed ~ /^```/) {
                infence = 1
                info = substr(trimmed, 4); sub(/[ \t].*$/, "", info)
                wanted = (info == "sh" || info == "bash" || info == "shell")
                nb = 0
            }
            next
        }
        if (trimmed ~ /^```+[ \t]*$/) {
            if (wanted) flush()
            infence = 0; next
        }
        if (wanted) { nb++; block[nb] = $0; bline[nb] = NR }
    }' "$1"
}

# ---- the scratch copy ----
scratch=$(mktemp -d "${TMPDIR:-/tmp}/inkpdf-readme-check.XXXXXX") || fail "cannot make a scratch folder"
work=$scratch/repo
logs=$scratch/logs
mkdir -p "$work/.build" "$logs"
serve_pgid=""

cleanup() {
    if [ -n "$serve_pgid" ]; then
        kill -TERM -- "-$serve_pgid" 2>/dev/null
        for _ in $(seq 50); do kill -0 -- "-$serve_pgid" 2>/dev/null || break; sleep 0.2; done
        kill -KILL -- "-$serve_pgid" 2>/dev/null
    fi
    if [ "${README_CHECK_KEEP:-0}" = 1 ]; then
        echo "readme-check: the scratch copy is kept in $scratch"
    else
        rm -rf "$scratch"
    fi
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

tar -C "$root" --exclude=./.git --exclude=./.build --exclude='./.build-*' --exclude=./out \
    --exclude=./bench-work --exclude=./fuzz-work --exclude='*.swp' -cf - . | tar -C "$work" -xf - ||
    fail "cannot copy the repository into $work"
ln -s "$(dirname "$inkpdf")" "$work/.build/release"

# A clean environment for the examples: no inkpdf on the PATH, no INKPDF_* settings,
# no make flags from a make that called this script.
clean_path=""
IFS=: read -r -a dirs <<<"$PATH"
for d in "${dirs[@]}"; do
    [ -n "$d" ] && [ -x "$d/inkpdf" ] && continue
    clean_path=${clean_path:+$clean_path:}$d
done
export PATH=$clean_path
for v in $(compgen -e); do
    case $v in INKPDF_*|MAKEFLAGS|MFLAGS|MAKELEVEL|MAKEOVERRIDES) unset "$v" ;; esac
done

echo "readme-check: $readme_name's examples in $work, with $inkpdf"
echo "readme-check: make run (its build step skipped)"
if ! (cd "$work" && timeout -k 10 600 make -o build run INKPDF=.build/release/inkpdf) >"$logs/make-run.out" 2>"$logs/make-run.err"; then
    cat "$logs/make-run.out" "$logs/make-run.err" >&2
    fail "make run failed in the scratch copy (output above)"
fi

state=$scratch/state
{ export -p | grep -Ev '^declare -x (PWD|OLDPWD|SHLVL|_)='; printf 'cd %q\n' "$work"; } >"$state"

# Runs one command (a file) in a bash that starts from $state (the exported variables and
# the folder the previous command left) and writes what this one leaves to $state.new.
run_one='. "$1" || exit 125
. "$2"
rc=$?
{ export -p | grep -Ev "^declare -x (PWD|OLDPWD|SHLVL|_)="; printf "cd %q\n" "$PWD"; } >"$3"
exit $rc'

# Prints a command as one line for the log: continuations joined.
oneline() { printf '%s' "$1" | sed -e ':a' -e 'N' -e '$!ba' -e 's/[ \t]*\\\n[ \t]*/ /g'; }

report_failure() { # LINE COMMAND WHAT ERR-FILE OUT-FILE
    {
        echo "readme-check: FAILED: $readme_name:$1: $3:"
        printf '  %s\n' "$(oneline "$2")"
        if [ -s "$4" ]; then echo "its stderr:"; sed 's/^/  /' "$4" | tail -n 40; fi
        if [ -s "$5" ]; then echo "its stdout (last lines):"; sed 's/^/  /' "$5" | tail -n 10; fi
    } >&2
    exit 1
}

# Seconds since START (an $EPOCHREALTIME), to a tenth.
took() { awk -v a="${1/,/.}" -v b="${EPOCHREALTIME/,/.}" 'BEGIN { printf "%.1f s", b - a }'; }

ran=0 skipped=0 n=0
while IFS=$'\t' read -r -d '' line kind cmd; do
    n=$((n + 1))
    shown=$(oneline "$cmd")
    if [ "$kind" = skip ]; then
        echo "skip  $readme_name:$line: $shown"
        skipped=$((skipped + 1))
        continue
    fi
    printf '%s\n' "$cmd" >"$logs/$n.sh"
    out=$logs/$n.out err=$logs/$n.err
    if [ "$kind" = serve ]; then
        [ -z "$serve_pgid" ] || report_failure "$line" "$cmd" "a second 'inkpdf serve' (one at a time)" /dev/null /dev/null
        listen=$(printf '%s' "$shown" | sed -n 's/.*--listen[ =]\([^ ]*\).*/\1/p')
        listen=${listen:-127.0.0.1:8080}
        case ${listen%:*} in 127.0.0.1|localhost) ;;
            *) report_failure "$line" "$cmd" "serve must listen on 127.0.0.1 here, not $listen" /dev/null /dev/null ;;
        esac
        if curl -s -o /dev/null --max-time 2 "http://$listen/healthz"; then
            report_failure "$line" "$cmd" "something already answers on $listen; free the port" /dev/null /dev/null
        fi
        start=$EPOCHREALTIME
        setsid bash -c '. "$1" && . "$2"' readme-check "$state" "$logs/$n.sh" </dev/null >"$out" 2>"$err" &
        serve_pgid=$!
        up=0
        for _ in $(seq 150); do
            kill -0 "$serve_pgid" 2>/dev/null || break
            if curl -s -o /dev/null --max-time 2 "http://$listen/healthz"; then up=1; break; fi
            sleep 0.2
        done
        if [ "$up" != 1 ]; then
            kill -0 "$serve_pgid" 2>/dev/null && what="did not answer GET /healthz within 30 s" || what="stopped before it answered"
            report_failure "$line" "$cmd" "$what" "$err" "$out"
        fi
        echo "serve $readme_name:$line: $shown (listening on $listen, $(took "$start"))"
        ran=$((ran + 1))
        continue
    fi
    start=$EPOCHREALTIME
    rm -f "$state.new"
    timeout -k 10 "$limit" bash -c "$run_one" readme-check "$state" "$logs/$n.sh" "$state.new" \
        </dev/null >"$out" 2>"$err"
    rc=$?
    if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
        report_failure "$line" "$cmd" "timed out after $limit s (README_CHECK_TIMEOUT)" "$err" "$out"
    elif [ $rc -ne 0 ]; then
        report_failure "$line" "$cmd" "exit $rc" "$err" "$out"
    fi
    [ -f "$state.new" ] && mv "$state.new" "$state"
    echo "ok    $readme_name:$line: $shown ($(took "$start"))"
    ran=$((ran + 1))
done < <(extract "$readme")

[ $ran -gt 0 ] || fail "no commands found in $readme_name's sh blocks"
echo "readme-check: $ran commands of $readme_name exited 0 in order ($skipped skipped: make)"
