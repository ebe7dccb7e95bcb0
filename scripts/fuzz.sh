#!/usr/bin/env bash
# Fuzzes the ink-layers reader with libFuzzer (`swiftc -sanitize=fuzzer`).
# Usage: scripts/fuzz.sh [SECONDS]   (default 600). Findings land in fuzz-work/ and are
# copied into Tests/InkModelTests/FuzzRegressions/, where FuzzRegressionTests.swift runs
# every file through the same check as the fuzz target: fix the bug, keep the file.
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_TO_RUN=${1:-600}
work=fuzz-work
mkdir -p "$work/corpus"
swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name InkLayersFuzz \
    -I Sources/CZlib -lz $(find Sources/InkModel -name "*.swift") Fuzz/InkLayersFuzzer.swift -o "$work/ink-layers-fuzzer"
# Seeds: the first lines of the bundled samples' layers, and small hand-written lines.
if [ -z "$(ls -A "$work/corpus")" ]; then
    head -c 4000 SamplePDFs/course-notes.ink.jsonl | head -1 > "$work/corpus/header"
    sed -n 2p SamplePDFs/course-notes.ink.jsonl | head -c 20000 > "$work/corpus/layer-prefix"
    printf '{"page":1,"strokes":[{"ink":{"type":"pen","color":"#000000"},"created":1,"points":[[1,2,0,1,1,1,1,0,1.5]]}]}' > "$work/corpus/minimal"
fi
status=0
"$work/ink-layers-fuzzer" "$work/corpus" -max_total_time="$SECONDS_TO_RUN" -max_len=65536 -rss_limit_mb=2048 \
    -artifact_prefix="$work/" -print_final_stats=1 || status=$?
regressions=Tests/InkModelTests/FuzzRegressions
for finding in "$work"/crash-* "$work"/leak-* "$work"/timeout-* "$work"/oom-*; do
    [ -e "$finding" ] || continue
    cp "$finding" "$regressions/$(basename "$finding").input"
    echo "fuzz: finding kept as $regressions/$(basename "$finding").input"
done
exit $status
