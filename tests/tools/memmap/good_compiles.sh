#!/usr/bin/env bash
# Generates the headers of a valid map and checks they compile as C and as C++17 (the firmware
# includes them from C, the models from C++), and that the values in good_values.{c,cpp} hold.
# usage: good_compiles.sh GEN CC CXX OUTDIR YAML...
set -e
gen=$1 cc=$2 cxx=$3 out=$4
shift 4
"$gen" "$out/zvp_memmap.h" "$@"
for h in "$out"/zvp_memmap.h "$out"/regs/*.h; do
  "$cc" -fsyntax-only -Wall -Werror -x c "$h"
  "$cxx" -std=c++17 -fsyntax-only -Wall -Werror -x c++ "$h"
done
here=$(dirname "$0")
"$cc" -std=c11 -fsyntax-only -Wall -Werror -I "$out" "$here/good_values.c"
"$cxx" -std=c++17 -fsyntax-only -Wall -Werror -I "$out" "$here/good_values.cpp"
echo "ok: $(ls "$out"/regs)"
