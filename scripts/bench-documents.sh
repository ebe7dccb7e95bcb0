#!/usr/bin/env bash
# Real-world documents (issue 7's target): manuals, papers and reports from the
# shared corpus (CORPUS, default ../shared/corpus, read in place), each with a
# few handwritten words in the margin of every page (`inkpdf-samples
# margin-notes`). Reports per document: flatten time against `pdftocairo -pdf`,
# the links, outline entries, metadata fields and page labels kept
# (`inkpdf-samples compare-documents`, read back with poppler), and whether the
# words `pdftotext` extracts are those of the source (and, for comparison,
# whether they are for pdftocairo's copy). Targets: 100 % kept, identical
# text, and the flatten time target. Documents missing from the corpus are skipped.
set -euo pipefail
# shellcheck source=scripts/bench-common.sh
source "$(dirname "$0")/bench-common.sh"
corpus=${CORPUS:-../shared/corpus}
documents=(pdfs/deb-hyperref.pdf pdfs/deb-gnuplot.pdf pdfs/pdfplumber-chelsea_pdta.pdf
           pdfs/pysamples-GeoTopo-komprimiert.pdf pdfs-oversize/deb-source2e.pdf)
out="$work/documents"
mkdir -p "$out"

words() { pdftotext -enc UTF-8 "$1" - 2>/dev/null | tr -s '[:space:]' '\n'; }
# Differing words between two PDFs' text, or "same".
text_difference() {
    local n
    n=$(diff <(words "$1") <(words "$2") | grep -c '^[<>]' || true)
    [ "$n" = 0 ] && echo same || echo "$n words"
}

echo
printf "%-36s %5s %7s %7s %6s  %-12s %-11s %-10s %-9s %-10s %-10s\n" "real-world document" pages "cairo s" "inkpdf" ratio links outline metadata labels text "cairo text"
tf=0; ti=0; links=0; links_all=0; outline=0; outline_all=0; meta=0; meta_all=0; labels=0; labels_all=0; same=0; count=0
for relative in "${documents[@]}"; do
    src="$corpus/$relative"
    [ -f "$src" ] || continue
    name=$(basename "$src" .pdf)
    [ -f "$out/$name.ink.jsonl" ] || "$bin/inkpdf-samples" margin-notes "$src" "$out/$name.ink.jsonl" >/dev/null
    read -r t1 _ < <(measure pdftocairo -pdf "$src" "$out/$name.cairo.pdf")
    read -r t2 _ < <(measure "$bin/inkpdf" flatten "$src" --ink "$out/$name.ink.jsonl" -o "$out/$name.pdf" --no-sidecar --quiet)
    read -r _ l _ o _ m _ g < <("$bin/inkpdf-samples" compare-documents "$src" "$out/$name.pdf")
    text=$(text_difference "$src" "$out/$name.pdf"); cairo_text=$(text_difference "$src" "$out/$name.cairo.pdf")
    pages=$(pdfinfo "$src" 2>/dev/null | awk '/^Pages:/{print $2}')
    printf "%-36s %5s %7s %7s %6.2f  %-12s %-11s %-10s %-9s %-10s %-10s\n" "$name" "$pages" "$t1" "$t2" "$(awk "BEGIN{print $t2/$t1}")" "$l" "$o" "$m" "$g" "$text" "$cairo_text"
    tf=$(awk "BEGIN{print $tf+$t1}"); ti=$(awk "BEGIN{print $ti+$t2}")
    links=$((links + ${l%/*})); links_all=$((links_all + ${l#*/}))
    outline=$((outline + ${o%/*})); outline_all=$((outline_all + ${o#*/}))
    meta=$((meta + ${m%/*})); meta_all=$((meta_all + ${m#*/}))
    labels=$((labels + ${g%/*})); labels_all=$((labels_all + ${g#*/}))
    [ "$text" = same ] && same=$((same + 1))
    count=$((count + 1))
done
[ "$count" -gt 0 ] || { echo "no real-world documents found under $corpus"; exit 0; }
pct() { awk -v a="$1" -v b="$2" 'BEGIN{printf "%.1f %% (%d of %d)", (b ? 100*a/b : 100), a, b}'; }
echo
echo "links kept: $(pct $links $links_all); outline entries kept: $(pct $outline $outline_all); metadata fields kept: $(pct $meta $meta_all); page labels kept: $(pct $labels $labels_all) (targets 100 %)"
echo "extracted text identical: $same of $count documents"
awk -v a="$ti" -v b="$tf" 'BEGIN{printf "time inkpdf flatten / pdftocairo -pdf over these documents: %.2f (target ≤ 1.5)\n", a/b}'
