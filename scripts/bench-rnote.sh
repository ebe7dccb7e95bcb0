#!/usr/bin/env bash
# Benchmark of `inkpdf flatten` on an rnote notebook against the same strokes as an ink-layers
# file, in the same run: a dense RNOTE_PAGES-page .rnote (default 360; the dense benchmark's
# handwriting, about 150 strokes a page, `inkpdf-samples rnote-bench`) flattened alone (its
# pages as rnote cuts them, white paper), and its conversion (`inkpdf convert`, the same strokes)
# flattened over a blank PDF of as many A4 pages. Reports
#   - time ratio rnote / ink-layers (target ≤ 1.1);
#   - peak memory of the rnote flatten, summed PSS of inkpdf and its workers (scripts/tree-rss.py)
#     (target ≤ 64 MB), and its ratio to the peer's.
# SWIFT_BUILD_FLAGS is passed to swift build.
set -euo pipefail
# shellcheck source=scripts/bench-common.sh
source "$(dirname "$0")/bench-common.sh"
n=${RNOTE_PAGES:-360}
out="$work/rnote"
mkdir -p "$out"
if [ ! -f "$out/dense-$n.rnote" ] || [ ! -f "$out/blank-$n.pdf" ]; then
    "$bin/inkpdf-samples" rnote-bench "$n" "$out/dense-$n.json" "$out/blank-$n.pdf" >/dev/null
    gzip -5 -c "$out/dense-$n.json" > "$out/dense-$n.rnote"
    rm -f "$out/dense-$n.json"
fi
"$bin/inkpdf" convert "$out/dense-$n.rnote" -o "$out/dense-$n.ink.jsonl.gz" --quiet

row() { printf "%-44s %9s %11.1f\n" "$1" "$2" "$(awk "BEGIN{print $3/1024}")"; }
echo
printf "%-44s %9s %11s\n" "rnote notebook, $n dense pages" seconds "peak MB"
read -r tr mr < <(measure "$bin/inkpdf" flatten "$out/dense-$n.rnote" -o "$out/rnote-$n.pdf" --no-sidecar --quiet)
row "inkpdf flatten NOTEBOOK.rnote" "$tr" "$mr"
read -r ti mi < <(measure "$bin/inkpdf" flatten "$out/blank-$n.pdf" --ink "$out/dense-$n.ink.jsonl.gz" -o "$out/layers-$n.pdf" --no-sidecar --quiet)
row "inkpdf flatten BLANK.pdf --ink (same strokes)" "$ti" "$mi"
ls -l "$out/dense-$n.rnote" "$out/dense-$n.ink.jsonl.gz" | awk '{printf "%s %.1f MB\n", $9, $5/1048576}'
echo
awk -v a="$tr" -v b="$ti" 'BEGIN{printf "time rnote / ink-layers: %.3f (target ≤ 1.1)\n", a/b}'
awk -v a="$mr" -v b="$mi" 'BEGIN{printf "peak memory rnote: %.1f MB (target ≤ 64); rnote / ink-layers %.3f\n", a/1024, a/b}'
