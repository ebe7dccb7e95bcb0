#!/usr/bin/env bash
# Benchmark of `inkpdf recognize` (called from scripts/bench.sh; BENCH_RECOGNIZE=0 skips it).
#
# 1. The benchmark's dense pages (about 150 strokes of 60 points each, `inkpdf-samples bench`) at
#    RECOGNIZE_PAGES and 4 × RECOGNIZE_PAGES pages: time per page and peak memory (inkpdf's PSS,
#    scripts/tree-rss.py), which should stay flat in pages; against `ocrmypdf --force-ocr -l eng+jpn`
#    on the same pages flattened (its whole process tree), in the same run.
# 2. The project's handwriting samples (scripts/handwriting_samples.py: print, cursive, Japanese)
#    flattened over blank pages: the words each finds (recognize: at their place, as search matches;
#    ocrmypdf: anywhere in pdftotext's text of its output) and the time, against the same OCRmyPDF.
#    Targets (issue 41): at least OCRmyPDF's recall in ≤ 0.5 × its time.
set -euo pipefail
# shellcheck source=scripts/bench-common.sh
source "$(dirname "$0")/bench-common.sh"
small=${RECOGNIZE_PAGES:-8}
large=$((small * 4))
echo '{"exportAnnotated":"free","handwritingSearch":"free"}' > "$work/policy-recognize.json"
gate=(--policy "$work/policy-recognize.json")
command -v ocrmypdf >/dev/null || { echo "ocrmypdf is missing: make deps installs it" >&2; exit 1; }

echo
echo "recognize: dense pages"
printf "%-8s %-34s %9s %10s %11s\n" pages command seconds "s/page" "peak MB"
declare -A T R
for n in "$small" "$large"; do
    dense_document "$n"
    rm -f "$work/recognized-$n.ink.jsonl"
    read -r t m < <(measure "$bin/inkpdf" recognize "$work/bench-$n.ink.jsonl" --pdf "$work/bench-$n.pdf" -o "$work/recognized-$n.ink.jsonl" --redo --lang en "${gate[@]}" --quiet)
    T[ink-$n]=$t; R[ink-$n]=$m
    printf "%-8s %-34s %9s %10.3f %11.1f\n" "$n" "inkpdf recognize --lang en" "$t" "$(awk "BEGIN{print $t/$n}")" "$(awk "BEGIN{print $m/1024}")"
    "$bin/inkpdf" flatten "$work/bench-$n.pdf" --ink "$work/bench-$n.ink.jsonl" -o "$work/flat-$n.pdf" "${gate[@]}" --quiet --no-sidecar
    read -r t m < <(measure ocrmypdf --force-ocr -q -l eng+jpn "$work/flat-$n.pdf" "$work/ocr-$n.pdf")
    T[ocr-$n]=$t; R[ocr-$n]=$m
    printf "%-8s %-34s %9s %10.3f %11.1f\n" "$n" "ocrmypdf --force-ocr -l eng+jpn" "$t" "$(awk "BEGIN{print $t/$n}")" "$(awk "BEGIN{print $m/1024}")"
done
awk -v a="${T[ink-$large]}" -v b="${T[ocr-$large]}" 'BEGIN{printf "time ratio recognize / ocrmypdf at %s dense pages: %.2f (reported)\n", "'"$large"'", a/b}'
awk -v a="${R[ink-$large]}" -v b="${R[ink-$small]}" 'BEGIN{printf "recognize memory growth %s pages / %s pages: %.2f (target ≤ 1.25)\n", "'"$large"'", "'"$small"'", a/b}'

echo
echo "recognize: handwriting samples (words found)"
samples="$work/handwriting"
python3 scripts/handwriting_samples.py "$samples" >/dev/null
python3 - "$samples/blank.pdf" <<'PY'
import sys, fitz
document = fitz.open()
for _ in range(2):
    document.new_page(width=595, height=842)
document.save(sys.argv[1])
PY
printf "%-10s %-10s %9s %16s %9s\n" sample engine words "found" seconds
for style in print cursive japanese; do
    lang=en; [ "$style" = japanese ] && lang=ja
    rm -f "$samples/$style.recognized.ink.jsonl"
    read -r t _ < <(measure "$bin/inkpdf" recognize "$samples/$style.ink.jsonl" -o "$samples/$style.recognized.ink.jsonl" --redo --lang "$lang" "${gate[@]}" --quiet)
    found=$(python3 scripts/recognition_score.py "$samples/$style.recognized.ink.jsonl" "$samples/$style.truth.json")
    printf "%-10s %-10s %9s %16s %9s\n" "$style" recognize "$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))))' "$samples/$style.truth.json")" "$found" "$t"
    "$bin/inkpdf" flatten "$samples/blank.pdf" --ink "$samples/$style.ink.jsonl" -o "$samples/$style.pdf" --ignore-mismatch "${gate[@]}" --quiet --no-sidecar
    read -r t _ < <(measure ocrmypdf --force-ocr -q -l eng+jpn "$samples/$style.pdf" "$samples/$style.ocr.pdf")
    found=$(pdftotext -enc UTF-8 "$samples/$style.ocr.pdf" - | python3 scripts/recognition_score.py --text - "$samples/$style.truth.json")
    printf "%-10s %-10s %9s %16s %9s\n" "$style" ocrmypdf "" "$found" "$t"
done
