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
awk -v o="$out" -v f="$floor" -v n="$PAGES" 'BEGIN{printf "ink bytes per page at %d pages: %.1f KB (target ≤ 15; Xournal++ about 60)\n", n, (o-f)/n/1024}'
read -r _ ssim _ worst _ pixels < <("$bin/inkpdf-samples" ink-fidelity "$work/bench-$PAGES.pdf" "$work/bench-$PAGES.ink.jsonl" \
    "1-$FIDELITY_PAGES" 288 "$work/ink-fidelity")
echo "SSIM near ink at 288 dpi, pages 1-$FIDELITY_PAGES, against the unfitted reference: $ssim (worst page $worst; $pixels pixels; target ≥ 0.99)"
