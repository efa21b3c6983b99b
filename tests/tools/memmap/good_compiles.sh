#!/usr/bin/env bash
# Generates the headers of a valid map and checks they compile as C and as C++17 (the firmware
# includes them from C, the models from C++). usage: good_compiles.sh GEN CC CXX OUTDIR YAML...
set -e
gen=$1 cc=$2 cxx=$3 out=$4
shift 4
"$gen" "$out/zvp_memmap.h" "$@"
for h in "$out"/zvp_memmap.h "$out"/regs/*_regs.h; do
  "$cc" -fsyntax-only -Wall -Werror -x c "$h"
  "$cxx" -std=c++17 -fsyntax-only -Wall -Werror -x c++ "$h"
done
echo "ok: $(ls "$out"/regs)"
