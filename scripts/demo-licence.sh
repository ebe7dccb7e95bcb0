#!/usr/bin/env bash
# Regenerates SamplePDFs/demo-licence/: DEMO MATERIAL for `make run`, made with inkpdf's
# own commands: a demo vendor key pair (`inkpdf licence keygen`), a trust file that lists
# its public key, and a demo Pro licence that never expires (`inkpdf licence issue`).
# The demo private key is public (it ships in the repository): never trust it in production.
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
if [ -z "${INKPDF:-}" ]; then
    $SWIFT build -c release --product inkpdf >/dev/null
    INKPDF="$($SWIFT build -c release --show-bin-path)/inkpdf"
fi
dir=SamplePDFs/demo-licence
mkdir -p "$dir"
rm -f "$dir/demo-vendor.pem" "$dir/demo-vendor.pub.pem" "$dir/demo-pro-licence.jws"

"$INKPDF" licence keygen --private "$dir/demo-vendor.pem" --public "$dir/demo-vendor.pub.pem"
cat > "$dir/trust.json" <<'JSON'
{
  "bundleId": "com.example.notes",
  "environments": ["Production"],
  "appleRootCertificates": ["AppleRootCA-G3.pem"],
  "vendorPublicKeys": ["demo-vendor.pub.pem"],
  "proProducts": ["com.example.notes.pro.lifetime", "com.example.notes.pro.yearly"]
}
JSON
# No --expires, and issued at a fixed past date: the demo licence works on any machine whatever
# its calendar says, so `make run` and CI never break with the date.
"$INKPDF" licence issue --key "$dir/demo-vendor.pem" --product com.example.notes.pro.lifetime \
    --bundle com.example.notes --customer demo@example.com --id demo-pro-licence-1 --now 2025-01-01 \
    -o "$dir/demo-pro-licence.jws"
"$INKPDF" licence verify "$dir/demo-pro-licence.jws" --trust "$dir/trust.json"
