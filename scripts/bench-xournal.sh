#!/usr/bin/env bash
# Benchmark of `inkpdf flatten` on a Xournal++ document against Xournal++ itself
# (`xournalpp --create-pdf`, run once: it is slow), in the same run: a dense
# XOURNAL_PAGES-page .xopp (default 360; the dense benchmark's handwriting, about
# 150 strokes a page, `inkpdf-samples xournal-bench`) over the first pages of a
# real manual of the corpus (CORPUS, default ../shared/corpus; XOURNAL_PDF, default
# pdfs/deb-hyperref.pdf). Reports
#   - time ratio inkpdf / Xournal++ (target ≤ 0.1: ≥ 10 × faster);
#   - against the same strokes as ink-layers over the same pages (`xournal-bench --layers`, the
#     native peer): flatten time and output bytes of the .xopp / ink-layers (targets ≤ 1.1);
#   - peak memory, summed PSS of inkpdf and its workers (scripts/tree-rss.py), against
#     Xournal++'s (Xvfb runs apart and is not counted): targets ≤ 0.25 × Xournal++'s, ≤ 64 MB;
#   - ink placement on XOURNAL_SAMPLE pages: the share of Xournal++'s ink pixels with one
#     of inkpdf's within 1 px at 72 dpi (ink = where a page differs from the same tool's
#     export of the page without ink), and the converse (target ≥ 97 %);
#   - links, outline entries, metadata fields and page labels kept against the cut manual
#     (`inkpdf-samples compare-documents`), for inkpdf and for Xournal++.
# Skipped when xournalpp or Xvfb is missing. SWIFT_BUILD_FLAGS is passed to swift build.
set -euo pipefail
# shellcheck source=scripts/bench-common.sh
source "$(dirname "$0")/bench-common.sh"
corpus=${CORPUS:-../shared/corpus}
manual="$corpus/${XOURNAL_PDF:-pdfs/deb-hyperref.pdf}"
n=${XOURNAL_PAGES:-360}
sample=${XOURNAL_SAMPLE:-}
out="$work/xournal"
mkdir -p "$out"
if ! command -v xournalpp >/dev/null || ! command -v Xvfb >/dev/null; then
    echo "xournalpp or Xvfb missing (apt-get install xournalpp xvfb xauth): Xournal++ benchmark skipped"; exit 0
fi
[ -f "$manual" ] || { echo "$manual not found: Xournal++ benchmark skipped"; exit 0; }
total=$(pdfinfo "$manual" | awk '/^Pages:/{print $2}')
[ "$n" -le "$total" ] || n=$total
[ -n "$sample" ] || sample=$(awk -v n="$n" 'BEGIN{s=1; for (i = 1; i <= 4; i++) s = s "," int(i * n / 4); print s}')

# The manual cut to its first n pages (qpdf keeps the outline and the links of those pages).
src="$out/manual-$n.pdf"
[ -f "$src" ] || qpdf "$manual" --pages . "1-$n" -- "$src"
"$bin/inkpdf-samples" xournal-bench "$src" "1-$n" "$out/dense-$n.xml" --layers "$out/dense-$n.ink.jsonl" >/dev/null
gzip -c "$out/dense-$n.xml" > "$out/dense-$n.xopp"
"$bin/inkpdf-samples" xournal-bench "$src" "$sample" "$out/sample.xml" >/dev/null
"$bin/inkpdf-samples" xournal-bench "$src" "$sample" "$out/sample-bare.xml" --no-ink >/dev/null
for f in sample sample-bare; do gzip -c "$out/$f.xml" > "$out/$f.xopp"; done

# One X server for every Xournal++ run, outside the measured process tree.
exec 3< <(exec Xvfb -displayfd 1 -nolisten tcp 2>/dev/null)
xvfb_pid=$!
read -r display <&3
trap 'kill "$xvfb_pid" 2>/dev/null || true' EXIT
export DISPLAY=":$display"

row() { printf "%-40s %9s %11.1f\n" "$1" "$2" "$(awk "BEGIN{print $3/1024}")"; }
echo
printf "%-40s %9s %11s\n" "Xournal++ document, $n dense pages" seconds "peak MB"
read -r ti mi < <(measure "$bin/inkpdf" flatten "$out/dense-$n.xopp" -o "$out/inkpdf-$n.pdf" --no-sidecar --quiet)
row "inkpdf flatten" "$ti" "$mi"
read -r tn mn < <(measure "$bin/inkpdf" flatten "$src" --ink "$out/dense-$n.ink.jsonl" -o "$out/native-$n.pdf" --no-sidecar --quiet)
row "inkpdf flatten, the strokes as ink-layers" "$tn" "$mn"
read -r tx mx < <(RUNS=1 measure xournalpp "--create-pdf=$out/xournal-$n.pdf" "$out/dense-$n.xopp")
row "xournalpp --create-pdf (one run)" "$tx" "$mx"

for f in sample sample-bare; do
    xournalpp "--create-pdf=$out/$f-xournal.pdf" "$out/$f.xopp" >/dev/null 2>&1
    "$bin/inkpdf" flatten "$out/$f.xopp" -o "$out/$f-inkpdf.pdf" --no-sidecar --quiet
done
read -r _ placed _ converse _ pixels _ < <("$bin/inkpdf-samples" compare-ink "$out/sample-xournal.pdf" "$out/sample-bare-xournal.pdf" \
    "$out/sample-inkpdf.pdf" "$out/sample-bare-inkpdf.pdf")
read -r _ l _ o _ m _ g < <("$bin/inkpdf-samples" compare-documents "$src" "$out/inkpdf-$n.pdf")
read -r _ xl _ xo _ xm _ xg < <("$bin/inkpdf-samples" compare-documents "$src" "$out/xournal-$n.pdf")
ls -l "$out/inkpdf-$n.pdf" "$out/native-$n.pdf" "$out/xournal-$n.pdf" | awk '{printf "%s %.1f MB\n", $9, $5/1048576}'
echo
awk -v a="$ti" -v b="$tx" 'BEGIN{printf "time inkpdf / Xournal++: %.3f (target ≤ 0.1)\n", a/b}'
awk -v a="$mi" -v b="$mx" 'BEGIN{printf "peak memory inkpdf / Xournal++: %.3f (target ≤ 0.25); inkpdf %.1f MB (target ≤ 64)\n", a/b, a/1024}'
bx=$(stat -c %s "$out/inkpdf-$n.pdf"); bn=$(stat -c %s "$out/native-$n.pdf")
awk -v a="$ti" -v b="$tn" -v x="$bx" -v y="$bn" 'BEGIN{printf ".xopp / the same strokes as ink-layers: time %.2f, output bytes %.2f (targets ≤ 1.1)\n", a/b, x/y}'
awk -v a="$placed" -v b="$converse" -v p="$pixels" -v s="$sample" \
    'BEGIN{printf "ink placement, pages %s: %.2f %% of Xournal++'"'"'s %d ink pixels within 1 px of inkpdf'"'"'s (target ≥ 97 %%); converse %.2f %%\n", s, 100*a, p, 100*b}'
echo "kept by inkpdf: links $l, outline entries $o, metadata fields $m, page labels $g"
echo "kept by Xournal++: links $xl, outline entries $xo, metadata fields $xm, page labels $xg"
