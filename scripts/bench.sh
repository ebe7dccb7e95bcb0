#!/usr/bin/env bash
# Benchmark of `inkpdf flatten` against `pdftocairo -pdf` (the same poppler-to-cairo
# work without ink: the floor), on generated documents with dense handwriting
# (about 150 strokes of about 60 points on every page). Reports time ratios and
# peak memory (max RSS) at 36 and at 1000 pages. Targets: time ratio ≤ 1.5 at
# 1000 pages, peak RSS ≤ 64 MB, and the 1000-page RSS ≤ 1.25 × the 36-page RSS.
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
PAGES=${PAGES:-1000}
RUNS=${RUNS:-2}
work=bench-work
mkdir -p "$work"
# The benchmark measures flattening, not licensing: a policy that makes export free.
echo '{"exportAnnotated":"free"}' > "$work/policy.json"

$SWIFT build -c release --product inkpdf >/dev/null
$SWIFT build -c release --product inkpdf-samples >/dev/null
bin=$($SWIFT build -c release --show-bin-path)

for n in 36 "$PAGES"; do
    if [ ! -f "$work/bench-$n.pdf" ] || [ ! -f "$work/bench-$n.ink.jsonl" ]; then
        echo "generating $n dense pages…"
        "$bin/inkpdf-samples" bench --pages "$n" "$work" >/dev/null
    fi
done

# Runs a command RUNS times; prints the best wall time (s) and the largest max RSS (KB).
measure() {
    local best="" rss=0 t m
    for _ in $(seq "$RUNS"); do
        /usr/bin/time -o "$work/time.txt" -f "%e %M" "$@" >/dev/null 2>&1 || { echo "failed: $*" >&2; exit 1; }
        read -r t m < "$work/time.txt"
        if [ -z "$best" ] || awk "BEGIN{exit !($t < $best)}"; then best=$t; fi
        [ "$m" -gt "$rss" ] && rss=$m
    done
    echo "$best $rss"
}

printf "%-8s %-22s %9s %11s\n" pages command seconds "max RSS MB"
declare -A T R
for n in 36 "$PAGES"; do
    read -r t m < <(measure pdftocairo -pdf "$work/bench-$n.pdf" "$work/floor-$n.pdf")
    T[floor-$n]=$t; R[floor-$n]=$m
    printf "%-8s %-22s %9s %11.1f\n" "$n" "pdftocairo -pdf" "$t" "$(awk "BEGIN{print $m/1024}")"
    read -r t m < <(measure "$bin/inkpdf" flatten "$work/bench-$n.pdf" --ink "$work/bench-$n.ink.jsonl" -o "$work/out-$n.pdf" --policy "$work/policy.json")
    T[ink-$n]=$t; R[ink-$n]=$m
    printf "%-8s %-22s %9s %11.1f\n" "$n" "inkpdf flatten" "$t" "$(awk "BEGIN{print $m/1024}")"
done
echo
awk -v a="${T[ink-$PAGES]}" -v b="${T[floor-$PAGES]}" 'BEGIN{printf "time ratio inkpdf / pdftocairo at %s pages: %.2f (target ≤ 1.5, aim 1.25)\n", "'"$PAGES"'", a/b}'
awk -v a="${R[ink-$PAGES]}" 'BEGIN{printf "inkpdf peak RSS at %s pages: %.1f MB (target ≤ 64)\n", "'"$PAGES"'", a/1024}'
awk -v a="${R[ink-$PAGES]}" -v b="${R[ink-36]}" 'BEGIN{printf "RSS growth %s pages / 36 pages: %.2f (target ≤ 1.25)\n", "'"$PAGES"'", a/b}'
ls -l "$work/out-$PAGES.pdf" "$work/floor-$PAGES.pdf" | awk '{printf "%s %.1f MB\n", $9, $5/1048576}'
