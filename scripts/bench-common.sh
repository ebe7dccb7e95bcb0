# Shared set-up of the benchmark scripts (sourced, not run): builds inkpdf and
# the sample generator in release mode, makes the dense PAGES-page document if
# it is missing, writes a policy that makes exporting free (the benchmarks
# measure drawing, not licensing) and defines `measure`.
# Sets: SWIFT, PAGES, RUNS, work, bin. SWIFT_BUILD_FLAGS (e.g. "--scratch-path
# .build-x") is passed to swift build.
cd "$(dirname "${BASH_SOURCE[0]}")/.."
SWIFT=${SWIFT:-swift}
PAGES=${PAGES:-1000}
RUNS=${RUNS:-2}
work=bench-work
mkdir -p "$work"
echo '{"exportAnnotated":"free"}' > "$work/policy.json"
export INKPDF_POLICY="$work/policy.json"

# shellcheck disable=SC2086
$SWIFT build -c release ${SWIFT_BUILD_FLAGS:-} --product inkpdf >/dev/null
# shellcheck disable=SC2086
$SWIFT build -c release ${SWIFT_BUILD_FLAGS:-} --product inkpdf-samples >/dev/null
# shellcheck disable=SC2086
bin=$($SWIFT build -c release ${SWIFT_BUILD_FLAGS:-} --show-bin-path)

# Makes bench-work/bench-N.{pdf,ink.jsonl} (N dense pages) unless they exist.
dense_document() {
    if [ ! -f "$work/bench-$1.pdf" ] || [ ! -f "$work/bench-$1.ink.jsonl" ]; then
        echo "generating $1 dense pages…"
        "$bin/inkpdf-samples" bench --pages "$1" "$work" >/dev/null
    fi
}

# Runs a command RUNS times; prints the best wall time (s) and the largest peak
# memory (KB) of the command and its worker processes together: their summed
# PSS, so that library pages they share count once (scripts/tree-rss.py).
measure() {
    local best="" peak=0 t m
    for _ in $(seq "$RUNS"); do
        read -r t m _ < <(scripts/tree-rss.py "$@") || { echo "failed: $*" >&2; exit 1; }
        [ -n "$t" ] || { echo "failed: $*" >&2; exit 1; }
        if [ -z "$best" ] || awk "BEGIN{exit !($t < $best)}"; then best=$t; fi
        [ "$m" -gt "$peak" ] && peak=$m
    done
    echo "$best $peak"
}
