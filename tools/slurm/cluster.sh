#!/usr/bin/env bash
# A throw-away single-node Slurm cluster on this machine (localhost only), for the tests of
# `zvp sweep`'s Slurm backend. Everything lives in DIR: the config, the munge key and socket,
# the state and spool directories, the pid files and the logs. Nothing outside DIR is touched.
#
#   cluster.sh start  DIR [--port N]
#                           configure and start munged, slurmctld and slurmd; wait (<= 30 s) until
#                           the node is idle. Exit 0, or 77 with one line saying why it cannot run.
#                           slurmctld listens on port N and slurmd on N+1 (default 16817/16818, or
#                           the environment's ZVP_SLURMCTLD_PORT / ZVP_SLURMD_PORT): choose another
#                           N when those ports are taken, e.g. by a second cluster on the machine.
#   cluster.sh env    DIR   print the `export ...` lines Slurm clients (sbatch, squeue ...) need
#   cluster.sh status DIR   print the daemons and the node state; exit 0 iff all run and the node is up
#   cluster.sh stop   DIR   cancel the jobs, stop every process start started (pid files); idempotent
#
# Needs the Debian packages slurm-wlm and munge, and root (slurmd runs jobs as their submitter).
# The cluster has no accounting database (slurmdbd needs MariaDB), so `sacct` does not work:
# follow jobs with `squeue` and `scontrol show job` (finished jobs are kept MinJobAge = 1 h).
set -u

SKIP=77
CTLD_PORT=${ZVP_SLURMCTLD_PORT:-16817}
SLURMD_PORT=${ZVP_SLURMD_PORT:-16818}
NODE=localhost
START_TIMEOUT=30

die()  { echo "cluster.sh: $*" >&2; exit 1; }
skip() { echo "cluster.sh: SKIPPED: $*" >&2; exit "$SKIP"; }

usage() { echo "usage: $0 start DIR [--port N] | stop DIR | env DIR | status DIR" >&2; exit 2; }
if [ $# -eq 4 ] && [ "$1" = start ] && [ "$3" = --port ]; then
  case $4 in
    ''|*[!0-9]*) echo "cluster.sh: --port needs a port number, got '$4'" >&2; exit 2 ;;
  esac
  [ "$4" -ge 1024 ] && [ "$4" -le 65534 ] || { echo "cluster.sh: --port $4: not in 1024..65534" >&2; exit 2; }
  CTLD_PORT=$4
  SLURMD_PORT=$(($4 + 1))
  set -- "$1" "$2"
fi
[ $# -eq 2 ] || usage
CMD=$1
mkdir -p "$2" 2>/dev/null || die "cannot create $2"
DIR=$(cd "$2" && pwd) || die "cannot enter $2"

CONF=$DIR/slurm.conf
MUNGE_SOCKET=$DIR/munge/munge.socket

# The pid files, in the order stop takes them down.
PIDFILES=("$DIR/run/slurmd.pid" "$DIR/run/slurmctld.pid" "$DIR/munge/munged.pid")

have_packages() {
  local p missing=()
  for p in slurmctld slurmd munged sinfo sbatch squeue scontrol scancel; do
    command -v "$p" >/dev/null 2>&1 || [ -x "/usr/sbin/$p" ] || missing+=("$p")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    echo "slurm-wlm not installed (missing: ${missing[*]}; apt-get install slurm-wlm munge)"
    return 1
  fi
}
PATH=$PATH:/usr/sbin:/sbin

export_lines() {
  echo "export SLURM_CONF='$CONF'"
  # Slurm's clients find the munge socket through AuthInfo in slurm.conf; munge's own tools
  # (munge, unmunge) take --socket, for which this variable is a convenience.
  echo "export MUNGE_SOCKET='$MUNGE_SOCKET'"
}

pid_alive() {  # pidfile -> 0 if the process in it runs
  local pid
  [ -s "$1" ] || return 1
  pid=$(cat "$1" 2>/dev/null) || return 1
  [[ $pid =~ ^[0-9]+$ ]] || return 1
  kill -0 "$pid" 2>/dev/null
}

node_state() {
  SLURM_CONF=$CONF timeout 5 sinfo -h -n "$NODE" -o %t 2>/dev/null | head -1
}

# slurmstepd processes of our slurmd (they outlive it): those with a file open under DIR.
our_stepds() {
  local p exe fd
  for p in /proc/[0-9]*; do
    exe=$(readlink "$p/exe" 2>/dev/null) || continue
    case $exe in */slurmstepd|*/slurmstepd-*) ;; *) continue ;; esac
    for fd in "$p"/fd/*; do
      case $(readlink "$fd" 2>/dev/null) in "$DIR"/*) echo "${p#/proc/}"; break ;; esac
    done
  done
}

descendants() {  # pid... -> every process below them
  local -A kids=()
  local p pp todo=("$@") cur
  for p in /proc/[0-9]*/stat; do
    pp=$(awk '{ sub(/.*\) /, ""); print $2 }' "$p" 2>/dev/null) || continue
    p=${p#/proc/}; p=${p%/stat}
    [ -n "$pp" ] && kids[$pp]+="$p "
  done
  while [ ${#todo[@]} -gt 0 ]; do
    cur=${todo[0]}; todo=("${todo[@]:1}")
    for p in ${kids[$cur]:-}; do echo "$p"; todo+=("$p"); done
  done
}

stop_pids() {  # name pid...: TERM all, wait <= 10 s, then KILL what is left
  local name=$1 pid i left
  shift
  [ $# -gt 0 ] || return 0
  kill -TERM "$@" 2>/dev/null
  for i in $(seq 1 100); do
    left=()
    for pid in "$@"; do kill -0 "$pid" 2>/dev/null && left+=("$pid"); done
    [ ${#left[@]} -eq 0 ] && return 0
    sleep 0.1
  done
  echo "cluster.sh: $name (pid ${left[*]}) ignored SIGTERM for 10 s, killing" >&2
  kill -KILL "${left[@]}" 2>/dev/null
  for i in $(seq 1 20); do
    left=()
    for pid in "$@"; do kill -0 "$pid" 2>/dev/null && left+=("$pid"); done
    [ ${#left[@]} -eq 0 ] && return 0
    sleep 0.1
  done
  echo "cluster.sh: $name (pid ${left[*]}) still running after SIGKILL" >&2
  return 1
}

do_stop() {
  local f i pids ok=0
  if [ -f "$CONF" ] && pid_alive "$DIR/run/slurmctld.pid" && command -v scancel >/dev/null 2>&1; then
    SLURM_CONF=$CONF timeout 5 scancel --partition=zvp >/dev/null 2>&1
    for i in $(seq 1 50); do
      [ -z "$(SLURM_CONF=$CONF timeout 5 squeue -h -o %i 2>/dev/null)" ] && break
      sleep 0.2
    done
  fi
  # slurmd and slurmctld together, then the job steps left over, then munged (they use it).
  pids=()
  for f in "$DIR/run/slurmd.pid" "$DIR/run/slurmctld.pid"; do
    pid_alive "$f" && pids+=("$(cat "$f")")
  done
  stop_pids "slurm daemons" "${pids[@]}" || ok=1
  # Job steps left over (only when scancel could not end them): the slurmstepds and their
  # processes (found before the stepds die and their children move to init).
  local stepds tasks
  stepds=$(our_stepds)
  if [ -n "$stepds" ]; then
    # shellcheck disable=SC2086
    tasks=$(descendants $stepds)
    # shellcheck disable=SC2086
    stop_pids slurmstepd $stepds || ok=1
    # shellcheck disable=SC2086
    stop_pids "job processes" $tasks || ok=1
  fi
  pids=()
  pid_alive "$DIR/munge/munged.pid" && pids+=("$(cat "$DIR/munge/munged.pid")")
  stop_pids munged "${pids[@]}" || ok=1
  [ $ok = 0 ] && rm -f "${PIDFILES[@]}"
  return $ok
}

write_config() {
  local cpus sockets cores threads mem line
  cpus=$(nproc); sockets=1; cores=$cpus; threads=1
  mem=$(awk '/^MemTotal:/ {print int($2/1024)}' /proc/meminfo)
  # slurmd -C reports the hardware the way slurmd will check it (a node with less than its
  # configured RealMemory or CPUs is drained).
  line=$(slurmd -C 2>/dev/null | head -1)
  if [ -n "$line" ]; then
    cpus=$(sed -n 's/.* CPUs=\([0-9]*\).*/\1/p' <<<"$line")
    sockets=$(sed -n 's/.* SocketsPerBoard=\([0-9]*\).*/\1/p' <<<"$line")
    cores=$(sed -n 's/.* CoresPerSocket=\([0-9]*\).*/\1/p' <<<"$line")
    threads=$(sed -n 's/.* ThreadsPerCore=\([0-9]*\).*/\1/p' <<<"$line")
    mem=$(sed -n 's/.* RealMemory=\([0-9]*\).*/\1/p' <<<"$line")
  fi
  cat >"$CONF" <<EOF
# Generated by tools/slurm/cluster.sh: a single-node cluster on localhost, all files in $DIR
ClusterName=zvp
SlurmctldHost=$NODE(127.0.0.1)
SlurmctldPort=$CTLD_PORT
SlurmdPort=$SLURMD_PORT
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$MUNGE_SOCKET
StateSaveLocation=$DIR/state
SlurmdSpoolDir=$DIR/spool
SlurmctldPidFile=$DIR/run/slurmctld.pid
SlurmdPidFile=$DIR/run/slurmd.pid
SlurmctldLogFile=$DIR/log/slurmctld.log
SlurmdLogFile=$DIR/log/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
# No cgroups in a container: track processes through /proc, bind nothing.
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/filetxt
JobCompLoc=$DIR/log/jobcomp.txt
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
MpiDefault=none
SwitchType=switch/none
ReturnToService=2
MinJobAge=3600
MaxArraySize=100001
MaxJobCount=100000
SlurmctldTimeout=30
SlurmdTimeout=60
InactiveLimit=0
KillWait=5
Waittime=0
NodeName=$NODE NodeAddr=127.0.0.1 CPUs=$cpus Sockets=$sockets CoresPerSocket=$cores ThreadsPerCore=$threads RealMemory=$mem State=UNKNOWN
PartitionName=zvp Nodes=$NODE Default=YES MaxTime=INFINITE State=UP OverSubscribe=NO
EOF
}

last_log_line() {  # file -> the last error line of a log, or its last line
  [ -s "$1" ] || { echo "(no log)"; return; }
  local l
  l=$(grep -E 'error|fatal|Error|FATAL' "$1" | tail -1)
  [ -n "$l" ] || l=$(tail -1 "$1")
  echo "$l"
}

do_start() {
  local why i st
  why=$(have_packages) || skip "$why"
  [ "$(id -u)" = 0 ] || skip "needs root (slurmd runs jobs as their submitter and munged as its key owner)"
  do_stop
  rm -rf "$DIR/state" "$DIR/spool" "$DIR/run" "$DIR/log" "$DIR/munge"
  mkdir -p "$DIR/state" "$DIR/spool" "$DIR/run" "$DIR/log" "$DIR/munge" || die "cannot create directories in $DIR"
  # munged wants its socket directory executable by all (clients connect), its key private.
  mkdir -p "$DIR/munge/key" && chmod 0755 "$DIR/munge" && chmod 0700 "$DIR/munge/key"
  write_config

  # munge: an own key (1 KiB from the kernel's generator), socket, pid, seed and log.
  dd if=/dev/urandom of="$DIR/munge/key/munge.key" bs=1024 count=1 status=none || die "cannot write the munge key"
  chmod 0400 "$DIR/munge/key/munge.key"
  if ! munged --key-file="$DIR/munge/key/munge.key" --socket="$MUNGE_SOCKET" \
       --pid-file="$DIR/munge/munged.pid" --seed-file="$DIR/munge/munged.seed" \
       --log-file="$DIR/munge/munged.log" >"$DIR/log/munged.out" 2>&1; then
    why="munged does not start: $(tail -1 "$DIR/log/munged.out")"
    do_stop; skip "$why"
  fi
  for i in $(seq 1 50); do [ -S "$MUNGE_SOCKET" ] && break; sleep 0.1; done
  if ! munge --socket="$MUNGE_SOCKET" -n 2>/dev/null | unmunge --socket="$MUNGE_SOCKET" >/dev/null 2>&1; then
    why="munged does not answer on $MUNGE_SOCKET: $(last_log_line "$DIR/munge/munged.log")"
    do_stop; skip "$why"
  fi

  # slurmctld and slurmd fork into the background and write their pid files themselves.
  if ! SLURM_CONF=$CONF slurmctld -f "$CONF" >"$DIR/log/slurmctld.out" 2>&1; then
    why="slurmctld does not start: $(tail -1 "$DIR/log/slurmctld.out")"
    do_stop; skip "$why"
  fi
  if ! SLURM_CONF=$CONF slurmd -f "$CONF" -N "$NODE" >"$DIR/log/slurmd.out" 2>&1; then
    why="slurmd does not start: $(tail -1 "$DIR/log/slurmd.out")"
    do_stop; skip "$why"
  fi

  st=""
  for i in $(seq 1 $((START_TIMEOUT * 2))); do
    if ! pid_alive "$DIR/run/slurmctld.pid" && [ "$i" -gt 4 ]; then
      why="slurmctld exited: $(last_log_line "$DIR/log/slurmctld.log")"; do_stop; skip "$why"
    fi
    if ! pid_alive "$DIR/run/slurmd.pid" && [ "$i" -gt 4 ]; then
      why="slurmd exited: $(last_log_line "$DIR/log/slurmd.log")"; do_stop; skip "$why"
    fi
    st=$(node_state)
    [ "$st" = idle ] && break
    sleep 0.5
  done
  if [ "$st" != idle ]; then
    why="node $NODE not idle after ${START_TIMEOUT} s (state '${st:-none}'): slurmd: $(last_log_line "$DIR/log/slurmd.log"); slurmctld: $(last_log_line "$DIR/log/slurmctld.log")"
    do_stop; skip "$why"
  fi
  echo "cluster.sh: single-node Slurm up in $DIR (node $NODE idle, ports $CTLD_PORT/$SLURMD_PORT)"
}

do_status() {
  local f ok=0 st
  for f in "${PIDFILES[@]}"; do
    if pid_alive "$f"; then echo "$(basename "$f" .pid): running (pid $(cat "$f"))"
    else echo "$(basename "$f" .pid): not running"; ok=1; fi
  done
  if [ $ok = 0 ]; then
    st=$(node_state)
    echo "node $NODE: ${st:-unknown}"
    case $st in idle|mix|alloc|comp) ;; *) ok=1 ;; esac
  fi
  return $ok
}

case $CMD in
  start)  do_start ;;
  stop)   do_stop; rc=$?
          # Nothing can have been started without the packages: report it as a skip, not a pass.
          if [ $rc = 0 ] && ! why=$(have_packages); then skip "$why"; fi
          exit $rc ;;
  env)    export_lines ;;
  status) why=$(have_packages) || skip "$why"; do_status ;;
  *)      usage ;;
esac
