#!/usr/bin/env bash
# Benchmark of `inkpdf serve` (scripts/bench_serve.py): throughput with --jobs 2 against
# `inkpdf flatten` processes two at a time, the latency it adds, its own memory over 2000
# requests, and median and p99 latency for 1, 4 and 16 clients. Loopback only.
# SERVE_REQUESTS (default 120), SERVE_MEMORY_REQUESTS (default 2000).
set -euo pipefail
# shellcheck source=scripts/bench-common.sh
source "$(dirname "$0")/bench-common.sh"
echo
echo "service benchmark (the bundled samples, release build):"
python3 scripts/bench_serve.py "$bin/inkpdf" "$work/serve" --requests "${SERVE_REQUESTS:-120}" \
    --memory-requests "${SERVE_MEMORY_REQUESTS:-2000}" | tee "$work/serve.txt"
