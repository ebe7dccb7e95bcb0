#!/usr/bin/env bash
# Dense handwriting on a real manual: the first PAGES pages of a large manual of
# the shared corpus (MANUAL, default ../shared/corpus/pdfs-oversize/deb-source2e.pdf,
# A4, 1221 pages, read in place; cut with qpdf), each with the dense benchmark
# page's ink (bench-work/bench-PAGES.ink.jsonl, made for A4 pages of the same
# size; --ignore-mismatch, since it was recorded for the synthetic PDF). Its pages
# cost poppler what real pages do, unlike the synthetic ones. Reports, against
# `pdftocairo -pdf` of the same pages in the same run: flatten and export time
# ratios and peak memory (summed PSS of inkpdf and its worker).
# Targets: flatten / pdftocairo ≤ 1.25, export / pdftocairo ≤ 0.25, peak memory ≤ 64 MB.
set -euo pipefail
# shellcheck source=scripts/bench-common.sh
source "$(dirname "$0")/bench-common.sh"
manual=${MANUAL:-../shared/corpus/pdfs-oversize/deb-source2e.pdf}
[ -f "$manual" ] || { echo "no manual at $manual; skipping the real-manual benchmark"; exit 0; }
dense_document "$PAGES"
src="$work/manual-$PAGES.pdf" ink="$work/bench-$PAGES.ink.jsonl"
total=$(pdfinfo "$manual" | awk '/^Pages:/{print $2}')
n=$(( PAGES < total ? PAGES : total ))
[ -f "$src" ] || qpdf --empty --pages "$manual" "1-$n" -- "$src"
row() { printf "%-44s %9s %11.1f\n" "$1" "$2" "$(awk "BEGIN{print $3/1024}")"; }
echo
printf "%-44s %9s %11s\n" "$(basename "$manual" .pdf), first $n pages, dense ink" seconds "peak MB"
read -r tf mf < <(measure pdftocairo -pdf "$src" "$work/manual-floor.pdf"); row "pdftocairo -pdf" "$tf" "$mf"
read -r tl ml < <(measure "$bin/inkpdf" flatten "$src" --ink "$ink" -o "$work/manual-flatten.pdf" --ignore-mismatch --no-sidecar --quiet)
row "inkpdf flatten" "$tl" "$ml"
read -r te me < <(measure "$bin/inkpdf" export "$src" --ink "$ink" -o "$work/manual-export.pdf" --ignore-mismatch --no-sidecar --quiet)
row "inkpdf export" "$te" "$me"
echo
awk -v a="$tl" -v b="$tf" 'BEGIN{printf "real manual: flatten / pdftocairo -pdf: %.2f (target ≤ 1.25)\n", a/b}'
awk -v a="$te" -v b="$tf" 'BEGIN{printf "real manual: export / pdftocairo -pdf: %.2f (target ≤ 0.25)\n", a/b}'
awk -v a="$ml" -v b="$me" 'BEGIN{printf "real manual: peak memory flatten %.1f MB, export %.1f MB (target ≤ 64)\n", a/1024, b/1024}'
for f in manual-flatten manual-export; do
    qpdf --check "$work/$f.pdf" >/dev/null 2>&1 && echo "qpdf --check $f.pdf: passed" || echo "qpdf --check $f.pdf: FAILED"
done
floor=$(stat -c %s "$work/manual-floor.pdf"); flat=$(stat -c %s "$work/manual-flatten.pdf")
awk -v o="$flat" -v f="$floor" -v n="$n" 'BEGIN{printf "real manual: ink bytes per page (flatten − pdftocairo) / pages: %.1f KB\n", (o-f)/n/1024}'
