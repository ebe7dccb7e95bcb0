#!/usr/bin/env bash
# `inkpdf search` over a batch's output folder: BATCH_DOCS documents (default 200, the batch
# benchmark's term of 10 to 60 pages each, flattened by `inkpdf batch`, with their sidecars).
# Reports the time and peak memory of a search of print and handwriting, of print only, and of
# the peer: `pdftotext` over every PDF of the folder (poppler reading the same text, one process
# each, without matching), as a ratio in the same run. The corpus and its batch output are made
# once into bench-work/ (shared with the batch benchmark).
set -euo pipefail
# shellcheck source=scripts/bench-common.sh
source "$(dirname "$0")/bench-common.sh"
docs=${BATCH_DOCS:-200}
corpus="$work/batch-$docs"
if [ ! -f "$corpus.done" ]; then
    echo "generating $docs batch documents…"
    rm -rf "$corpus"
    "$bin/inkpdf-samples" batch --documents "$docs" "$corpus" >/dev/null
    touch "$corpus.done"
fi
out="$work/search-$docs"
if [ ! -f "$out.done" ]; then
    echo "flattening them with inkpdf batch…"
    rm -rf "$out"
    "$bin/inkpdf" batch "$corpus" -o "$out" --quiet --policy "$work/policy.json"
    touch "$out.done"
fi
echo '{"handwritingSearch":"free"}' > "$work/search-policy.json"
pdfs=$(find "$out" -name '*.pdf' | wc -l)
pages=$(find "$out" -name '*.pdf' -exec pdfinfo {} \; | awk '/^Pages:/{n+=$2} END{print n}')
hits=$("$bin/inkpdf" search convolution "$out" --policy "$work/search-policy.json" | wc -l)
echo
printf "%-44s %9s %11s\n" "search of $pdfs documents ($pages pages, $hits hits)" seconds "peak MB"
cat > "$work/search-peer.sh" <<PEER
#!/usr/bin/env bash
find "$out" -name '*.pdf' -print0 | xargs -0 -I{} pdftotext -q {} /dev/null
PEER
chmod +x "$work/search-peer.sh"
read -r tp mp < <(measure "$work/search-peer.sh")
printf "%-44s %9s %11.1f\n" "pdftotext of every PDF (peer)" "$tp" "$(awk "BEGIN{print $mp/1024}")"
read -r ts ms < <(measure "$bin/inkpdf" search convolution "$out" --policy "$work/search-policy.json" --json)
printf "%-44s %9s %11.1f\n" "inkpdf search (print and handwriting)" "$ts" "$(awk "BEGIN{print $ms/1024}")"
read -r to mo < <(measure "$bin/inkpdf" search convolution "$out" --print-only)
printf "%-44s %9s %11.1f\n" "inkpdf search --print-only" "$to" "$(awk "BEGIN{print $mo/1024}")"
echo
awk -v a="$ts" -v b="$tp" 'BEGIN{printf "search time / pdftotext of every PDF: %.2f (reported)\n", a/b}'
awk -v a="$ts" -v n="$pages" 'BEGIN{printf "search time per page: %.2f ms (reported)\n", a/n*1000}'
