#!/usr/bin/env bash
# Benchmark of `inkpdf export --ink-as annotations` (every stroke an /Ink annotation,
# appended as an incremental update) against the content export (`inkpdf export`, the
# ink in the page content) in the same run, on the dense document of scripts/bench.sh
# (bench-work/bench-PAGES.*, generated if missing). Two rows: one annotation a stroke,
# and --group layer (one a layer and page). Reports, each against its target:
#   time annotations / content                       ≤ 1.2
#   peak memory (inkpdf and its worker, summed PSS)   ≤ 64 MB; PAGES / 36 pages ≤ 1.25
#   output bytes annotations / content               ≤ 1.6, with where the appended
#     bytes go (appearance streams, /InkPDF:Layer streams, annotation dictionaries,
#     pages, xref: scripts/annotation_bytes.py)
#   `inkpdf convert` of the annotation export back to ink-layers: time ≤ 0.5 × the
#     export's; peak memory
#   PyMuPDF opening the annotation export and listing every annotation (report only).
# Until inkpdf has --ink-as, says so and stops (exit 0, so that scripts/bench.sh goes on).
# SWIFT_BUILD_FLAGS (e.g. "--scratch-path .build-x") is passed to swift build.
set -euo pipefail
# shellcheck source=scripts/bench-common.sh
source "$(dirname "$0")/bench-common.sh"
echo
if ! "$bin/inkpdf" export --help 2>&1 | grep -q -- '--ink-as'; then
    echo "annotation export benchmark: skipped, this inkpdf has no 'export --ink-as annotations' yet"
    exit 0
fi
dense_document 36
dense_document "$PAGES"
src="$work/bench-$PAGES.pdf" ink="$work/bench-$PAGES.ink.jsonl"
row() { printf "%-60s %9s %11.1f\n" "$1" "$2" "$(awk "BEGIN{print $3/1024}")"; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN{printf "%.2f", a/b}'; }
# PyMuPDF: open the document and read every annotation's type, rectangle and vertices.
list_annots='import sys, pymupdf
doc = pymupdf.open(sys.argv[1]); n = 0
for page in doc:
    for a in page.annots(): a.type; a.rect; a.vertices; n += 1
print(n)'

printf "%-60s %9s %11s\n" "export, $PAGES dense pages" seconds "peak MB"
read -r tc mc < <(measure "$bin/inkpdf" export "$src" --ink "$ink" -o "$work/export-$PAGES.pdf" --no-sidecar)
row "inkpdf export (content) --no-sidecar" "$tc" "$mc"
content_bytes=$(stat -c %s "$work/export-$PAGES.pdf")

for group in stroke layer; do
    flags=(--ink-as annotations --no-sidecar)
    [ "$group" = stroke ] || flags+=(--group "$group")
    out="$work/export-annots-$group-$PAGES.pdf"
    echo
    echo "# --ink-as annotations, one annotation a $group"
    read -r ta ma < <(measure "$bin/inkpdf" export "$src" --ink "$ink" -o "$out" "${flags[@]}")
    row "inkpdf export ${flags[*]}" "$ta" "$ma"
    read -r t36 m36 < <(measure "$bin/inkpdf" export "$work/bench-36.pdf" --ink "$work/bench-36.ink.jsonl" \
        -o "$work/export-annots-$group-36.pdf" "${flags[@]}")
    row "  the same, 36 pages" "$t36" "$m36"
    if conv=$(measure "$bin/inkpdf" convert "$out" -o "$work/export-annots-$group-back.ink.jsonl.gz" --quiet 2>&1); then
        read -r tv mv <<<"$conv"
        row "inkpdf convert of it to ink-layers" "$tv" "$mv"
    else
        tv=""; echo "inkpdf convert of it to ink-layers: failed ($(head -1 <<<"$conv"))"
    fi
    if lst=$(measure python3 -c "$list_annots" "$out" 2>&1); then
        read -r tl ml <<<"$lst"
        row "PyMuPDF: open and list every annotation" "$tl" "$ml"
    else
        echo "PyMuPDF: open and list every annotation: failed"
    fi
    bytes=$(stat -c %s "$out")
    echo "time annotations / content export: $(ratio "$ta" "$tc") (target ≤ 1.2)"
    echo "peak memory: $(awk "BEGIN{printf \"%.1f\", $ma/1024}") MB (target ≤ 64); growth $PAGES / 36 pages: $(ratio "$ma" "$m36") (target ≤ 1.25)"
    [ -z "$tv" ] || echo "time convert / annotation export: $(ratio "$tv" "$ta") (target ≤ 0.5)"
    echo "output bytes annotations / content export: $(ratio "$bytes" "$content_bytes") (target ≤ 1.6; $(awk "BEGIN{printf \"%.1f MB / %.1f MB\", $bytes/1048576, $content_bytes/1048576}"))"
    python3 scripts/annotation_bytes.py "$src" "$out" | python3 -c '
import json, sys
r = json.load(sys.stdin)
appended, mb = r["appended"], 1048576
parts = ", ".join("%s %.2f MB (%.0f%%, %s objects)" % (k, v / mb, 100 * v / appended, r["objects"].get(k, "-"))
                  for k, v in sorted(r["bytes"].items(), key=lambda kv: -kv[1]))
print("appended %.2f MB: %s" % (appended / mb, parts))' || echo "byte breakdown: failed"
    qpdf --check "$out" >/dev/null 2>&1 && echo "qpdf --check $(basename "$out"): passed" || echo "qpdf --check $(basename "$out"): FAILED"
done
