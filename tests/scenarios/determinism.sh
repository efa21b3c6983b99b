#!/usr/bin/env bash
# Determinism (issue 14): each quick scenario runs twice in lt and twice in at. The two runs of a
# mode must give identical reports (apart from the wall-clock field) and identical consoles;
# lt and at must give identical functional results (determinism_compare.py: exit status, the
# classification results, expectation outcomes, the console with timing numbers masked).
# usage: determinism.sh <zvp> <scenarios dir> <out dir>
set -u
zvp=$1 scn=$2 out=$3
mkdir -p "$out"
here=$(cd "$(dirname "$0")" && pwd)
fails=0
# name, extra arguments (the quick sizes of the scenario tests, fewer LeNet images).
while read -r name args; do
  for mode in lt at; do
    for i in 1 2; do
      # shellcheck disable=SC2086
      "$zvp" run "$scn/$name.yaml" --timing $mode $args --report "$out/$name.$mode.$i.json" \
        >"$out/$name.$mode.$i.console" 2>"$out/$name.$mode.$i.stderr"
      echo "$?" >"$out/$name.$mode.$i.rc"
    done
  done
  python3 "$here/determinism_compare.py" "$out" "$name" || fails=$((fails + 1))
done <<'LIST'
hello-zybo
amp-pair-zybo
lenet5-zybo --images 20
lenet5-sw-zybo --images 2
convnet-tiny-minized
LIST
[ "$fails" = 0 ]
