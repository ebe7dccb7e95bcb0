#!/usr/bin/env bash
# Benchmark of `inkpdf flatten` on a W3C InkML document against the same strokes as
# ink-layers, in the same run: INKML_PAGES dense pages (default 360; the dense benchmark's
# handwriting, about 150 strokes a page) written as InkML as Microsoft Office stores ink
# (`inkpdf-samples inkml-bench`: 1/1000 cm, pressure, second differences, one page group a
# page), flattened over the dense benchmark's PDF; the peer flattens that PDF with the
# document converted to ink-layers (`inkpdf convert`), so both draw the very same points.
# Reports
#   - time ratio InkML / ink-layers (target ≤ 1.1);
#   - peak memory of each (summed PSS of inkpdf and its workers, scripts/tree-rss.py):
#     InkML ≤ 64 MB, and flat: against the same run on INKML_SMALL pages (default 90), ≤ 1.25
#     (the reader streams the XML; no tree is built).
# SWIFT_BUILD_FLAGS is passed to swift build.
set -euo pipefail
# shellcheck source=scripts/bench-common.sh
source "$(dirname "$0")/bench-common.sh"
n=${INKML_PAGES:-360}
small=${INKML_SMALL:-90}
out="$work/inkml"
mkdir -p "$out"
for pages in "$small" "$n"; do
    dense_document "$pages"
    "$bin/inkpdf-samples" inkml-bench "$work/bench-$pages.ink.jsonl" "$out/dense-$pages.inkml" >/dev/null
done
pdf="$work/bench-$n.pdf"
"$bin/inkpdf" convert "$out/dense-$n.inkml" --pdf "$pdf" -o "$out/peer-$n.ink.jsonl" --quiet
ls -l "$out/dense-$n.inkml" "$out/peer-$n.ink.jsonl" | awk '{printf "%s %.1f MB\n", $9, $5/1048576}'

row() { printf "%-44s %9s %11.1f\n" "$1" "$2" "$(awk "BEGIN{print $3/1024}")"; }
echo
printf "%-44s %9s %11s\n" "$n dense pages" seconds "peak MB"
read -r ti mi < <(measure "$bin/inkpdf" flatten "$out/dense-$n.inkml" --pdf "$pdf" -o "$out/inkml-$n.pdf" --no-sidecar --quiet)
row "inkpdf flatten DOC.inkml --pdf" "$ti" "$mi"
read -r tl ml < <(measure "$bin/inkpdf" flatten "$pdf" --ink "$out/peer-$n.ink.jsonl" -o "$out/layers-$n.pdf" --no-sidecar --quiet)
row "inkpdf flatten --ink (the same strokes)" "$tl" "$ml"
read -r ts ms < <(measure "$bin/inkpdf" flatten "$out/dense-$small.inkml" --pdf "$work/bench-$small.pdf" -o "$out/inkml-$small.pdf" --no-sidecar --quiet)
row "inkpdf flatten DOC.inkml --pdf, $small pages" "$ts" "$ms"
echo
awk -v a="$ti" -v b="$tl" 'BEGIN{printf "time InkML / ink-layers: %.3f (target ≤ 1.1)\n", a/b}'
awk -v a="$mi" -v b="$ml" 'BEGIN{printf "peak memory InkML %.1f MB (target ≤ 64), ink-layers %.1f MB; ratio %.3f\n", a/1024, b/1024, a/b}'
awk -v a="$mi" -v b="$ms" -v n="$n" -v s="$small" 'BEGIN{printf "InkML peak memory %d / %d pages: %.3f (flat: target ≤ 1.25)\n", n, s, a/b}'
