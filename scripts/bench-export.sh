#!/usr/bin/env bash
# Benchmark of `inkpdf export` (ink laid over the original pages) on the dense
# document of scripts/bench.sh (bench-work/bench-PAGES.*, generated if missing),
# against
#   - `pdftocairo -pdf` (re-drawing every page, no ink: the flatten floor), and
#   - the two-step script "draw an ink-only PDF, then qpdf SRC --overlay INK -- OUT"
#     (step 1 is `inkpdf export --ink-only`, the same cairo drawing export does).
# Reports best wall time of RUNS runs and peak memory (summed PSS of inkpdf and its
# worker). Targets: export / pdftocairo
# ≤ 1.0; export ≤ the two-step script; export peak memory ≤ 64 MB, through the
# qpdf rewrite too (--pages, --embed-ink, an encrypted copy of the document).
# SWIFT_BUILD_FLAGS (e.g. "--scratch-path .build-x") is passed to swift build.
set -euo pipefail
# shellcheck source=scripts/bench-common.sh
source "$(dirname "$0")/bench-common.sh"
dense_document 36
dense_document "$PAGES"
src="$work/bench-$PAGES.pdf" ink="$work/bench-$PAGES.ink.jsonl"
row() { printf "%-44s %9s %11.1f\n" "$1" "$2" "$(awk "BEGIN{print $3/1024}")"; }

echo
printf "%-44s %9s %11s\n" "export, $PAGES dense pages" seconds "peak MB"
read -r tf mf < <(measure pdftocairo -pdf "$src" "$work/export-floor.pdf"); row "pdftocairo -pdf" "$tf" "$mf"
read -r te me < <(measure "$bin/inkpdf" export "$src" --ink "$ink" -o "$work/export-$PAGES.pdf" --no-sidecar)
row "inkpdf export --no-sidecar" "$te" "$me"
read -r t36 m36 < <(measure "$bin/inkpdf" export "$work/bench-36.pdf" --ink "$work/bench-36.ink.jsonl" -o "$work/export-36.pdf" --no-sidecar)
row "inkpdf export --no-sidecar, 36 pages" "$t36" "$m36"
read -r tr mr < <(measure "$bin/inkpdf" export "$src" --ink "$ink" -o "$work/export-rewritten-$PAGES.pdf" --no-sidecar --pages "1-$((PAGES - 1))")
row "inkpdf export --pages 1-$((PAGES - 1)) (qpdf rewrite)" "$tr" "$mr"
read -r _ mr36 < <(measure "$bin/inkpdf" export "$work/bench-36.pdf" --ink "$work/bench-36.ink.jsonl" -o "$work/export-rewritten-36.pdf" --no-sidecar --pages 1-35)
row "inkpdf export --pages 1-35 (qpdf rewrite), 36 pages" "" "$mr36"
read -r ts ms < <(measure "$bin/inkpdf" export "$src" --ink "$ink" -o "$work/export-$PAGES.pdf")
row "inkpdf export (with sidecar)" "$ts" "$ms"
read -r tm mm < <(measure "$bin/inkpdf" export "$src" --ink "$ink" -o "$work/export-embedded-$PAGES.pdf" --embed-ink)
row "inkpdf export --embed-ink (qpdf rewrite)" "$tm" "$mm"
[ -f "$work/bench-$PAGES-encrypted.pdf" ] || qpdf --encrypt user owner 256 -- "$src" "$work/bench-$PAGES-encrypted.pdf"
read -r tc mc < <(measure "$bin/inkpdf" export "$work/bench-$PAGES-encrypted.pdf" --password user --ignore-mismatch --ink "$ink" \
                  -o "$work/export-encrypted-$PAGES.pdf" --no-sidecar)
row "inkpdf export, encrypted (qpdf rewrite)" "$tc" "$mc"
read -r t1 m1 < <(measure "$bin/inkpdf" export "$src" --ink "$ink" -o "$work/export-ink-only.pdf" --ink-only --no-sidecar)
row "two-step 1: inkpdf export --ink-only" "$t1" "$m1"
read -r t2 m2 < <(measure qpdf "$src" --overlay "$work/export-ink-only.pdf" -- "$work/export-qpdf-overlay.pdf")
row "two-step 2: qpdf --overlay" "$t2" "$m2"
echo
awk -v a="$te" -v b="$tf" 'BEGIN{printf "time export / pdftocairo -pdf: %.2f (target ≤ 1.0)\n", a/b}'
awk -v a="$tr" -v b="$tf" 'BEGIN{printf "time export through the qpdf rewrite / pdftocairo -pdf: %.2f\n", a/b}'
awk -v a="$me" -v b="$m36" 'BEGIN{printf "export memory growth %s pages / 36 pages: %.2f (target ≤ 1.25)\n", "'"$PAGES"'", a/b}'
awk -v a="$mr" -v m="$mm" -v c="$mc" 'BEGIN{printf "qpdf rewrite peak memory: --pages %.1f MB, --embed-ink %.1f MB, encrypted %.1f MB (target ≤ 64)\n", a/1024, m/1024, c/1024}'
awk -v a="$mr" -v b="$mr36" 'BEGIN{printf "qpdf rewrite memory growth %s pages / 36 pages: %.2f (target ≤ 1.25)\n", "'"$PAGES"'", a/b}'
for f in "export-$PAGES" "export-rewritten-$PAGES" "export-embedded-$PAGES"; do
    qpdf --check "$work/$f.pdf" >/dev/null 2>&1 && echo "qpdf --check $f.pdf: passed" || echo "qpdf --check $f.pdf: FAILED"
done
awk -v a="$te" -v b="$t1" -v c="$t2" 'BEGIN{printf "time export / two-step script: %.2f (target ≤ 1; two-step %.2f s)\n", a/(b+c), b+c}'
awk -v a="$me" -v b="$ms" 'BEGIN{printf "export peak memory: %.1f MB, %.1f MB with the sidecar (target ≤ 64)\n", a/1024, b/1024}'
ls -l "$src" "$work/export-$PAGES.pdf" "$work/export-qpdf-overlay.pdf" | awk '{printf "%s %.1f MB\n", $9, $5/1048576}'
