#!/usr/bin/env bash
# Benchmark of the handwriting's invisible text layer: `inkpdf flatten` and `inkpdf export`
# of the dense document of scripts/bench.sh (TEXT_PAGES pages, default 200), with its ink
# as it is and with a `text` entry for every 5 strokes (words of 3 to 11 letters, Latin,
# accented, Cyrillic, Greek, Japanese), under a policy that makes exporting and
# handwriting search free. Reports best wall time of RUNS runs, peak memory (summed PSS)
# and output bytes. Targets: with text ≤ 1.05 × the time and the bytes without it, memory unchanged.
set -euo pipefail
# shellcheck source=scripts/bench-common.sh
source "$(dirname "$0")/bench-common.sh"
n=${TEXT_PAGES:-200}
dense_document "$n"
echo '{"exportAnnotated":"free","handwritingSearch":"free"}' > "$work/policy-text.json"
plain="$work/bench-$n.ink.jsonl" text="$work/bench-$n-text.ink.jsonl"
if [ ! -f "$text" ] || [ "$text" -ot "$plain" ]; then
    python3 - "$plain" "$text" <<'PY'
import json, sys
words = ["convolution", "impulse", "système", "Fourier", "сигнал", "λόγος", "畳み込み", "linear", "response", "Übertragung"]
with open(sys.argv[1], encoding="utf-8") as source, open(sys.argv[2], "w", encoding="utf-8") as out:
    out.write(source.readline())
    for number, line in enumerate(source):
        line = line.rstrip("\n")
        if not line:
            continue
        count = len(json.loads(line)["strokes"])
        entries = [{"text": words[(number + i) % len(words)], "strokes": list(range(s, min(s + 5, count)))}
                   for i, s in enumerate(range(0, count, 5))]
        out.write(line[:-1] + ',"text":' + json.dumps(entries, ensure_ascii=False, separators=(",", ":")) + "}\n")
PY
fi
gate=(--policy "$work/policy-text.json")
row() { printf "%-34s %9s %11.1f %11.1f\n" "$1" "$2" "$(awk "BEGIN{print $3/1024}")" "$(awk "BEGIN{print $4/1048576}")"; }
echo
printf "%-34s %9s %11s %11s\n" "text layer, $n dense pages" seconds "peak MB" "output MB"
declare -A T M B
for command in flatten export; do
    for kind in plain text; do
        ink=$plain; [ "$kind" = text ] && ink=$text
        out="$work/text-$command-$kind.pdf"
        read -r t m < <(measure "$bin/inkpdf" "$command" "$work/bench-$n.pdf" --ink "$ink" -o "$out" --no-sidecar "${gate[@]}")
        T[$command-$kind]=$t; M[$command-$kind]=$m; B[$command-$kind]=$(stat -c %s "$out")
        row "inkpdf $command, $kind ink" "$t" "$m" "${B[$command-$kind]}"
    done
done
echo
for command in flatten export; do
    awk -v a="${T[$command-text]}" -v b="${T[$command-plain]}" -v c="${B[$command-text]}" -v d="${B[$command-plain]}" \
        -v e="${M[$command-text]}" -v f="${M[$command-plain]}" -v c0="$command" \
        'BEGIN{printf "%s with text / without: time %.3f, bytes %.3f (targets ≤ 1.05), peak memory %.3f\n", c0, a/b, c/d, e/f}'
    qpdf --check "$work/text-$command-text.pdf" >/dev/null 2>&1 && echo "qpdf --check text-$command-text.pdf: passed" \
        || echo "qpdf --check text-$command-text.pdf: FAILED"
done
