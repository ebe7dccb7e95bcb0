#!/usr/bin/env bash
# Ink benchmark (issue 3), on the dense benchmark document (bench-work/bench-$PAGES.*,
# made by scripts/bench.sh or here): ink bytes per page = (inkpdf flatten output size −
# pdftocairo -pdf output size) / pages, and the fidelity of the written ink against an
# unfitted, finely sampled reference of the same strokes: SSIM restricted to pixels
# near ink (dilated by 3 px), at 288 dpi, over the first FIDELITY_PAGES pages.
# Targets: ≤ 15 KB of ink per page at SSIM ≥ 0.99 near ink.
set -euo pipefail
FIDELITY_PAGES=${FIDELITY_PAGES:-3}
# shellcheck source=scripts/bench-common.sh
source "$(dirname "$0")/bench-common.sh"
[ -f "$work/floor-$PAGES.pdf" ] || pdftocairo -pdf "$work/bench-$PAGES.pdf" "$work/floor-$PAGES.pdf"
"$bin/inkpdf" flatten "$work/bench-$PAGES.pdf" --ink "$work/bench-$PAGES.ink.jsonl" \
    -o "$work/ink-$PAGES.pdf" --no-sidecar --quiet
out=$(stat -c %s "$work/ink-$PAGES.pdf")
floor=$(stat -c %s "$work/floor-$PAGES.pdf")
echo
# Before the content writer, cairo wrote this document's ink at 69.8 KB a page (zlib 4;
# `inkpdf-content-bench measure`, the cairo column, on the same dense pages).
awk -v o="$out" -v f="$floor" -v n="$PAGES" 'BEGIN{k=(o-f)/n/1024; printf "ink bytes per page at %d pages: %.1f KB, %.2f of the cairo path'"'"'s 69.8 KB (target ≤ 0.6)\n", n, k, k/69.8}'
read -r _ ssim _ worst _ pixels < <("$bin/inkpdf-samples" ink-fidelity "$work/bench-$PAGES.pdf" "$work/bench-$PAGES.ink.jsonl" \
    "1-$FIDELITY_PAGES" 288 "$work/ink-fidelity")
echo "SSIM near ink at 288 dpi, pages 1-$FIDELITY_PAGES, the ink as written (poppler) against the unfitted reference: $ssim (worst page $worst; $pixels pixels; target ≥ 0.99)"

# The same strokes as ink-only PDFs: inkpdf's drawing against the peer that strokes
# each segment on its own with its point's width (Xournal++ 1.1's export method,
# re-created by `inkpdf-samples per-segment-peer`). Both are recompressed by qpdf at
# zlib level 6 first, so that the drawing is compared, not the compression level.
"$bin/inkpdf" export "$work/bench-$PAGES.pdf" --ink "$work/bench-$PAGES.ink.jsonl" -o "$work/ink-only-$PAGES.pdf" \
    --ink-only --no-sidecar --quiet
"$bin/inkpdf-samples" per-segment-peer "$work/bench-$PAGES.ink.jsonl" "$work/peer-$PAGES.pdf" >/dev/null
for name in ink-only peer; do
    qpdf --recompress-flate --compression-level=6 "$work/$name-$PAGES.pdf" "$work/$name-$PAGES-l6.pdf"
done
mine=$(stat -c %s "$work/ink-only-$PAGES-l6.pdf"); peer=$(stat -c %s "$work/peer-$PAGES-l6.pdf")
awk -v a="$mine" -v b="$peer" -v n="$PAGES" 'BEGIN{printf "ink-only PDF per page, both at zlib level 6: inkpdf %.1f KB, one stroke per segment (Xournal++ 1.1 method) %.1f KB: %.2f of the peer\n", a/n/1024, b/n/1024, a/b}'
