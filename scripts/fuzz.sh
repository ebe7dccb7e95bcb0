#!/usr/bin/env bash
# Fuzzes a reader with libFuzzer.
# Usage: scripts/fuzz.sh [SECONDS] [TARGET]   (default 600 seconds; TARGET ink-layers (default), the
# ink-layers codec, remarkable, the `.rm` lines-file reader, xournal, the Xournal++ importer, inkml, the
# InkML importer, rnote, the rnote importer, pdf-annotations, the PDF annotation reader, or
# serve-request, the service's request parsing).
#
# The fuzzer is the package's own inkpdf-fuzz (Fuzz/inkpdf-fuzz), which runs every input through the
# target's check in Fuzz/InkFuzzChecks, the check FuzzRegressionTests runs (`make test`). SwiftPM builds
# it instrumented (--sanitize=fuzzer,address, the readers testable) in .build-fuzz, apart from the
# normal build. Seeds: the target's kept inputs in Tests/FuzzRegressions/TARGET/ and the files of its
# format in CORPUS (both read in place); what the fuzzer learns stays in fuzz-work/TARGET/corpus, and
# every finding is copied into Tests/FuzzRegressions/TARGET/: fix the bug, keep the file.
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_TO_RUN=${1:-600}
TARGET=${2:-ink-layers}
CORPUS=${CORPUS:-../shared/corpus}
SWIFT=${SWIFT:-swift}

max_len=262144
timeout=30
corpus_folder=
case "$TARGET" in
ink-layers) max_len=65536; timeout=1200 ;;
remarkable) corpus_folder=ink/remarkable; timeout=10 ;;
# A timeout of 30 s: the largest xournal seed (an 18 MB document, refused at the 8 MB budget) takes 2–3 s under ASan alone.
xournal) corpus_folder=ink/xournalpp ;;
inkml) corpus_folder=ink/inkml ;;
rnote) corpus_folder=ink/rnote ;;
pdf-annotations) corpus_folder=pdfs-annotated ;;
serve-request) max_len=65536 ;;
*)
    echo "fuzz.sh: unknown target '$TARGET' (ink-layers, remarkable, xournal, inkml, rnote, pdf-annotations or serve-request)" >&2
    exit 64
    ;;
esac

build=(-c release --scratch-path .build-fuzz --sanitize=fuzzer --sanitize=address -Xswiftc -enable-testing)
INKPDF_FUZZ_BUILD=1 "$SWIFT" build "${build[@]}" --product inkpdf-fuzz
fuzzer="$(INKPDF_FUZZ_BUILD=1 "$SWIFT" build "${build[@]}" --show-bin-path)/inkpdf-fuzz"

work=fuzz-work/$TARGET
regressions=Tests/FuzzRegressions/$TARGET
mkdir -p "$work/corpus" "$regressions"
# ink-layers: the first lines of the bundled samples' layers, as they are today.
if [ "$TARGET" = ink-layers ] && [ -z "$(ls -A "$work/corpus")" ]; then
    head -c 4000 SamplePDFs/course-notes.ink.jsonl | head -1 > "$work/corpus/header"
    sed -n 2p SamplePDFs/course-notes.ink.jsonl | head -c 20000 > "$work/corpus/layer-prefix"
fi
seeds=("$regressions")
[ -n "$corpus_folder" ] && [ -d "$CORPUS/$corpus_folder" ] && seeds+=("$CORPUS/$corpus_folder")

status=0
INKPDF_FUZZ_TARGET=$TARGET "$fuzzer" "$work/corpus" "${seeds[@]}" -max_total_time="$SECONDS_TO_RUN" -max_len="$max_len" \
    -rss_limit_mb=2048 -timeout="$timeout" -artifact_prefix="$work/" -print_final_stats=1 || status=$?
for finding in "$work"/crash-* "$work"/leak-* "$work"/timeout-* "$work"/oom-*; do
    [ -e "$finding" ] || continue
    cp "$finding" "$regressions/$(basename "$finding").input"
    echo "fuzz: finding kept as $regressions/$(basename "$finding").input"
done
exit $status
