#!/bin/sh
# Every design's HTML report in headless Chromium: runs one scenario per design (LeNet-5 IP,
# LeNet-5 software, DNNWeaver, DTPU, CSP ConvNet) with 3 inputs and --no-expect (fewer inputs
# than the scenario's bands describe), writes the JSON report and the page, renders the page
# again from the JSON (zvp report), checks the per-image times of the designs that log them
# (item_times_check.py) and each page with html_check.py. Screenshots stay in OUT.
# usage: designs_in_chromium.sh ZVP CHROMIUM SOURCE_DIR OUT [SCENARIO...] (default: one per design)
# Exit 77 (ctest: skipped) with one line when Chromium is not installed.
zvp=$1 chromium=$2 src=$3 out=$4
shift 4
scenarios=${*:-lenet5-zybo lenet5-sw-zybo dnnweaver-lenet-zc702 dtpu-mnist-pynq-short convnet-tiny-minized}
if [ -z "$chromium" ] || ! command -v "$chromium" >/dev/null 2>&1; then
  echo "skipped: chromium is not installed (tools/setup.sh installs it); the report pages were not rendered"
  exit 77
fi
mkdir -p "$out" || exit 1
for sc in $scenarios; do
  "$zvp" run "$src/scenarios/$sc.yaml" --images 3 --no-expect --quiet-console --report "$out/$sc.json" \
    --html "$out/$sc.html" --csv "$out/$sc.csv" >"$out/$sc.log" 2>&1 || { cat "$out/$sc.log"; echo "FAIL: zvp run $sc"; exit 1; }
  "$zvp" report "$out/$sc.json" -o "$out/$sc.again.html" >/dev/null || exit 1
  # The same page but for the line naming its source.
  grep -v '^<p><small>Rendered by zvp from ' "$out/$sc.html" >"$out/$sc.a" &&
    grep -v '^<p><small>Rendered by zvp from ' "$out/$sc.again.html" | cmp -s - "$out/$sc.a" ||
    { echo "FAIL: zvp report renders $sc differently from zvp run --html"; exit 1; }
  # A design that logs its per-image times (item_times_check.py knows its relation; status 2: it
  # logs none) must have one per input, so the page's histogram below is of all of them.
  python3 "$src/tests/platform/run/item_times_check.py" "$out/$sc.json"
  case $? in 0|2) ;; *) echo "FAIL: $sc's per-image times"; exit 1;; esac
  python3 "$src/tests/platform/run/html_check.py" "$chromium" "$out/$sc.json" "$out/$sc.html" "$out/$sc.png" "$out" ||
    { echo "FAIL: $sc's page"; exit 1; }
done
