#!/usr/bin/env bash
# Smoke test of the single-node cluster: a 4-task job array (sbatch --array=0-3 --wait) in which
# every task writes one file into OUT; all 4 files must exist with their task's id.
# usage: job_array.sh CLUSTER_SH SLURM_DIR OUT. Exit 77 (SKIPPED) when the cluster is not up.
set -u
[ $# -eq 3 ] || { echo "usage: $0 CLUSTER_SH SLURM_DIR OUT" >&2; exit 2; }
CLUSTER=$1 SLURM_DIR=$2 OUT=$3

if ! status=$(bash "$CLUSTER" status "$SLURM_DIR" 2>&1); then
  echo "SKIPPED: the Slurm cluster in $SLURM_DIR is not up (see slurm.start): $(echo "$status" | tr '\n' ' ')"
  exit 77
fi
eval "$(bash "$CLUSTER" env "$SLURM_DIR")"

rm -rf "$OUT"
mkdir -p "$OUT" || { echo "cannot create $OUT"; exit 1; }
# --wait: sbatch returns when every task has ended, with the highest exit code among them.
# shellcheck disable=SC2016  # expanded by the task's shell
if ! timeout 90 sbatch --array=0-3 --wait --job-name=zvp_smoke --chdir="$OUT" \
       --output="$OUT/slurm-%A_%a.out" \
       --wrap 'echo "task $SLURM_ARRAY_TASK_ID of $SLURM_ARRAY_JOB_ID" > "task$SLURM_ARRAY_TASK_ID.txt"'; then
  echo "FAIL: sbatch --array=0-3 --wait did not succeed"
  squeue; tail -n 5 "$SLURM_DIR"/log/slurmctld.log "$SLURM_DIR"/log/slurmd.log
  exit 1
fi
fail=0
for i in 0 1 2 3; do
  if ! grep -q "^task $i of " "$OUT/task$i.txt" 2>/dev/null; then
    echo "FAIL: task $i wrote no $OUT/task$i.txt"; fail=1
  fi
done
[ $fail = 0 ] && echo "OK: 4 array tasks ran, 4 files in $OUT"
exit $fail
