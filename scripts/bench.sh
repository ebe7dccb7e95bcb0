#!/usr/bin/env bash
# Benchmark of `inkpdf flatten` against `pdftocairo -pdf` (the same poppler-to-cairo
# work without ink: the floor), on generated documents with dense handwriting
# (about 150 strokes of about 60 points on every page). Reports time ratios and
# peak memory (inkpdf and its worker process together: their summed PSS, see
# scripts/tree-rss.py) at 36 and at 1000 pages. Targets: time ratio ≤ 1.5 at
# 1000 pages, peak memory ≤ 64 MB, and the 1000-page peak ≤ 1.25 × the 36-page peak.
# The ink's cost per dense page, step by step (`inkpdf-content-bench profile`), beside
# poppler's drawing of a page (pdftocairo's time per page).
# Then the batch benchmark (see the end; BENCH_BATCH=0 skips it), and the export, annotation
# export, service, ink, real-world, Xournal++, reMarkable and InkML benchmarks (BENCH_EXPORT, BENCH_ANNOTATIONS, BENCH_SERVE,
# BENCH_INK, BENCH_DOCUMENTS, BENCH_XOURNAL, BENCH_REMARKABLE, BENCH_INKML, BENCH_TEXT=0 skip them).
# Writes docs/benchmark-results.md from the run's figures (see below).
set -euo pipefail
self="$(cd "$(dirname "$0")" && pwd)/$(basename "$0")"
# shellcheck source=scripts/bench-common.sh
source "$(dirname "$0")/bench-common.sh"
# The whole run is also kept in bench-work/bench.log; when it succeeds, its figures become
# docs/benchmark-results.md (scripts/bench-results.py: date, machine, each target and figure).
if [ -z "${BENCH_LOG:-}" ]; then
    export BENCH_LOG="$work/bench.log" PAGES RUNS
    status=0
    "$self" "$@" 2>&1 | tee "$BENCH_LOG" || status=$?
    if [ "$status" = 0 ]; then
        scripts/bench-results.py "$BENCH_LOG" > docs/benchmark-results.md.tmp && mv docs/benchmark-results.md.tmp docs/benchmark-results.md
        echo "wrote docs/benchmark-results.md"
    fi
    exit "$status"
fi
dense_document 36
dense_document "$PAGES"

printf "%-8s %-22s %9s %11s\n" pages command seconds "peak MB"
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
awk -v a="${T[ink-$PAGES]}" -v b="${T[floor-$PAGES]}" 'BEGIN{printf "time ratio inkpdf flatten / pdftocairo at %s synthetic pages: %.2f (target ≤ 1.5)\n", "'"$PAGES"'", a/b}'
awk -v a="${R[ink-$PAGES]}" 'BEGIN{printf "inkpdf peak memory at %s pages: %.1f MB (target ≤ 64)\n", "'"$PAGES"'", a/1024}'
awk -v a="${R[ink-$PAGES]}" -v b="${R[ink-36]}" 'BEGIN{printf "memory growth %s pages / 36 pages: %.2f (target ≤ 1.25)\n", "'"$PAGES"'", a/b}'
ls -l "$work/out-$PAGES.pdf" "$work/floor-$PAGES.pdf" | awk '{printf "%s %.1f MB\n", $9, $5/1048576}'
qpdf --check "$work/out-$PAGES.pdf" >/dev/null 2>&1 && echo "qpdf --check out-$PAGES.pdf: passed" || echo "qpdf --check out-$PAGES.pdf: FAILED"
# shellcheck disable=SC2086
$SWIFT build -c release ${SWIFT_BUILD_FLAGS:-} --product inkpdf-content-bench >/dev/null
echo
awk -v t="${T[floor-$PAGES]}" -v n="$PAGES" 'BEGIN{printf "profile per page: page (pdftocairo -pdf / pages) %.2f ms\n", t/n*1000}'
profile=$("$bin/inkpdf-content-bench" profile 24 "$work/content")
grep "by ink" <<<"$profile" || true
profile=$(tail -1 <<<"$profile")
echo "$profile"
# The geometry's own target (strokes to drawings on one core), a row of the results table.
sed -n 's/.*geometry \([0-9.]*\) ms.*/ink geometry per dense page, one core: \1 ms (target ≤ 2.5)/p' <<<"$profile"

# Batch: a term of BATCH_DOCS generated documents (default 200; 10 to 60 pages
# each, handwriting on about 4 pages in 5), flattened by `inkpdf batch` with
# --jobs 1 and --jobs 2 (each document on one core: --jobs N keeps to N cores).
# Targets: documents per second with --jobs 2 ≥ 1.8 × --jobs 1, and peak memory of
# the whole --jobs 2 run (parent and workers summed) ≤ 2 × the peak of
# flattening the largest document alone (also parent and worker summed). BENCH_BATCH=0 skips this part (it
# takes a few minutes; the corpus is generated once into bench-work/).
if [ "${BENCH_BATCH:-1}" != 0 ]; then
    docs=${BATCH_DOCS:-200}
    corpus="$work/batch-$docs"
    if [ ! -f "$corpus.done" ]; then
        echo
        echo "generating $docs batch documents…"
        rm -rf "$corpus"
        "$bin/inkpdf-samples" batch --documents "$docs" "$corpus" >/dev/null
        touch "$corpus.done"
    fi
    gate=(--policy "$work/policy.json")
    largest=$(find "$corpus" -name '*.pdf' -printf '%s\t%p\n' | sort -n | tail -1 | cut -f2-)
    largest_ink="${largest%.pdf}.ink.jsonl"; [ -f "$largest_ink" ] || largest_ink="$largest_ink.gz"
    pages=$(find "$corpus" -name '*.pdf' -exec pdfinfo {} \; | awk '/^Pages:/{n+=$2} END{print n}')
    echo
    printf "%-34s %9s %9s %11s\n" "batch of $docs documents ($pages pages)" seconds "docs/s" "peak MB"
    read -r ts ms < <(measure "$bin/inkpdf" flatten "$largest" --ink "$largest_ink" -o "$work/batch-single.pdf" "${gate[@]}")
    printf "%-34s %9s %9s %11.1f\n" "flatten largest document alone" "$ts" "-" "$(awk "BEGIN{print $ms/1024}")"
    declare -A BT BR
    for jobs in 1 2; do
        rm -rf "$work/batch-out"
        read -r t m < <(measure "$bin/inkpdf" batch "$corpus" -o "$work/batch-out" --jobs "$jobs" --force --quiet "${gate[@]}")
        BT[$jobs]=$t; BR[$jobs]=$m
        printf "%-34s %9s %9.2f %11.1f\n" "inkpdf batch --jobs $jobs" "$t" "$(awk "BEGIN{print $docs/$t}")" "$(awk "BEGIN{print $m/1024}")"
    done
    echo
    awk -v a="${BT[1]}" -v b="${BT[2]}" 'BEGIN{printf "batch speed-up, docs/s with --jobs 2 / --jobs 1: %.2f (target ≥ 1.8)\n", a/b}'
    awk -v a="${BR[2]}" -v b="$ms" 'BEGIN{printf "batch peak memory with --jobs 2 / largest document alone: %.2f (target ≤ 2)\n", a/b}'
fi
[ "${BENCH_EXPORT:-1}" = 0 ] || PAGES="$PAGES" RUNS="$RUNS" SWIFT="$SWIFT" scripts/bench-export.sh   # export benchmark; BENCH_EXPORT=0 skips it
[ "${BENCH_ANNOTATIONS:-1}" = 0 ] || PAGES="$PAGES" RUNS="$RUNS" SWIFT="$SWIFT" scripts/bench-annotations.sh   # export as annotations; BENCH_ANNOTATIONS=0 skips it
[ "${BENCH_SERVE:-1}" = 0 ] || SWIFT="$SWIFT" scripts/bench-serve.sh   # inkpdf serve against flatten processes; BENCH_SERVE=0 skips it
[ "${BENCH_INK:-1}" = 0 ] || PAGES="$PAGES" SWIFT="$SWIFT" scripts/bench-ink.sh   # ink bytes per page and fidelity; BENCH_INK=0 skips it
[ "${BENCH_TEXT:-1}" = 0 ] || RUNS="$RUNS" SWIFT="$SWIFT" scripts/bench-text.sh   # the handwriting's text layer; BENCH_TEXT=0 skips it
[ "${BENCH_MANUAL:-1}" = 0 ] || PAGES="$PAGES" RUNS="$RUNS" SWIFT="$SWIFT" scripts/bench-manual.sh   # dense ink on a real manual; BENCH_MANUAL=0 skips it
[ "${BENCH_DOCUMENTS:-1}" = 0 ] || PAGES="$PAGES" RUNS="$RUNS" SWIFT="$SWIFT" scripts/bench-documents.sh   # real-world documents; BENCH_DOCUMENTS=0 skips it
[ "${BENCH_REMARKABLE:-1}" = 0 ] || RUNS="$RUNS" SWIFT="$SWIFT" scripts/bench-remarkable.sh   # reMarkable documents; BENCH_REMARKABLE=0 skips it
[ "${BENCH_INKML:-1}" = 0 ] || RUNS="$RUNS" SWIFT="$SWIFT" scripts/bench-inkml.sh             # InkML documents; BENCH_INKML=0 skips it
[ "${BENCH_XOURNAL:-1}" = 0 ] || RUNS="$RUNS" SWIFT="$SWIFT" scripts/bench-xournal.sh   # against Xournal++ on a dense .xopp; BENCH_XOURNAL=0 skips it
[ "${BENCH_SEARCH:-1}" = 0 ] || RUNS="$RUNS" SWIFT="$SWIFT" scripts/bench-search.sh   # search over a batch's output folder; BENCH_SEARCH=0 skips it
[ "${BENCH_RNOTE:-1}" = 0 ] || RUNS="$RUNS" SWIFT="$SWIFT" scripts/bench-rnote.sh   # an rnote notebook against the same strokes as ink-layers; BENCH_RNOTE=0 skips it
[ "${BENCH_RECOGNIZE:-1}" = 0 ] || RUNS="$RUNS" SWIFT="$SWIFT" scripts/bench-recognize.sh   # recognize against ocrmypdf; BENCH_RECOGNIZE=0 skips it
