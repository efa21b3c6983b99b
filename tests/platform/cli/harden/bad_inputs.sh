#!/usr/bin/env bash
# Issue 14's reproducers for user mistakes, rebuilt from its description: every case must end
# with status 2 and one line naming the file/key/option and what was expected; none may give 4
# (an internal error), a signal, or block. Each case also runs under a memory bound: a 1.1 GB
# data file or a 4 GB ELF segment must be refused before anything is allocated.
# usage: bad_inputs.sh <zvp> <firmware/arm dir> <scenarios dir> <tests/scenarios/bad dir>
set -u
zvp=$1 fw=$2 scn=$3 bad=$4
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
hello=$fw/hello.elf
fails=0 n=0 fours=0

# Max RSS (MB) a refused input may cost; not under ASan (its shadow memory counts).
rss_limit=300
[ -n "${ASAN_OPTIONS:-}" ] && rss_limit=0

# case <name> <expected status> <text in stderr> -- <zvp arguments...>
case_() {
  local name=$1 want=$2 text=$3
  shift 4
  n=$((n + 1))
  local rc
  if [ -x /usr/bin/time ]; then
    /usr/bin/time -f %M -o "$tmp/rss" timeout 60 "$zvp" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
    rc=$?
  else
    timeout 60 "$zvp" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
    rc=$?
    echo 0 >"$tmp/rss"
  fi
  local rss=$(( $(tail -n 1 "$tmp/rss" | tr -dc 0-9) / 1024 ))
  local msg
  msg=$(grep -v '^Command exited' "$tmp/err" | tail -n 1)
  [ "$rc" = 4 ] && fours=$((fours + 1))
  if [ "$rc" != "$want" ]; then
    echo "FAIL $name: status $rc, expected $want: $msg"; fails=$((fails + 1)); return
  fi
  if ! grep -qF -- "$text" "$tmp/err"; then
    echo "FAIL $name: stderr lacks '$text': $msg"; fails=$((fails + 1)); return
  fi
  if [ "$rss_limit" -gt 0 ] && [ "$rss" -gt "$rss_limit" ]; then
    echo "FAIL $name: $rss MB RSS (bound $rss_limit MB)"; fails=$((fails + 1)); return
  fi
  echo "ok   $name: $rc, ${rss} MB: $msg"
}

# A scenario derived from hello-zybo with the firmware path resolved.
hello_yaml() { sed "s|\${BUILD}/firmware/arm|$fw|" "$scn/hello-zybo.yaml"; }

# --- YAML shape (were status 4) -----------------------------------------------------------
printf '? [a, b]\n: 1\n' >"$tmp/key.yaml"
case_ nonscalar_key 2 "key.yaml: line 1, column 1: a key must be a plain name" -- run "$tmp/key.yaml"
hello_yaml | sed 's/^scenario:.*/&\nrun: 5/' >"$tmp/run.yaml"
case_ run_scalar 2 "'run' must be a mapping" -- run "$tmp/run.yaml"
hello_yaml | sed 's/^scenario:.*/&\ndata: [5]/' >"$tmp/data.yaml"
case_ data_scalar_entry 2 "data[0] must be {file, address}" -- run "$tmp/data.yaml"
hello_yaml | sed 's/^expect:/expect:\n  results: 5/' >"$tmp/results.yaml"
case_ results_scalar 2 "expect.results must map keys" -- run "$tmp/results.yaml"

# --- silent acceptance (now errors) ---------------------------------------------------------
hello_yaml | sed 's/^expect:/expect:\n  exit_stauts: 0/' >"$tmp/typo.yaml"
case_ nested_typo 2 "unknown key 'expect.exit_stauts'; did you mean 'exit_status'?" -- run "$tmp/typo.yaml"
hello_yaml | sed 's/^firmware:/firmware:\n  riscv: x.elf/' >"$tmp/fwkey.yaml"
case_ nested_unknown 2 "unknown key 'firmware.riscv'" -- run "$tmp/fwkey.yaml"
(hello_yaml; echo "board: zc706") >"$tmp/dup.yaml"
case_ duplicate_key 2 "duplicate key 'board'" -- run "$tmp/dup.yaml"
(hello_yaml; printf -- '---\nscenario: two\n') >"$tmp/docs.yaml"
case_ second_document 2 "a second YAML document" -- run "$tmp/docs.yaml"
hello_yaml | sed 's/^scenario:.*/&\nrun: {images: -1}/' >"$tmp/neg.yaml"
case_ run_images_negative 2 "run.images: '-1' is not a whole number" -- run "$tmp/neg.yaml"
hello_yaml | sed 's/^scenario:.*/&\nrun: {images: 4294967296}/' >"$tmp/big.yaml"
case_ run_images_wrap 2 "larger than 4294967295" -- run "$tmp/big.yaml"
case_ images_wrap 2 "--images: '4294967296' is larger than 4294967295" -- boot "$hello" --images 4294967296
case_ images_wrap_run 2 "--images: '4294967296' is larger than 4294967295" -- run "$scn/hello-zybo.yaml" --images 4294967296
case_ boot_flags_negative 2 "--boot-flags: '-1' is not a whole number" -- boot "$hello" --boot-flags -1
case_ rv32_max_insns_negative 2 "--max-instructions: '-1' is not a whole number" -- rv32 "$hello" --max-instructions -1
case_ max_sim_time_negative 2 "out of range" -- boot "$hello" --max-sim-time -5ms

# Boards: clocks and DDR rates outside physical ranges, empty names.
board() { printf 'name: %s\npart: XC7Z020\nconsole_uart: 1\npl_design: none\nparams:\n  %s\n' "$1" "$2" >"$tmp/$3.yaml"; }
board b 'clocks: {cpu: 1Hz}' cpu1
case_ board_cpu_1hz 2 "clocks.cpu" -- boot "$hello" --board "$tmp/cpu1.yaml"
board b 'clocks: {fclk0: 1e-300}' fclk
case_ board_fclk_tiny 2 "clocks.fclk0" -- boot "$hello" --board "$tmp/fclk.yaml"
board b 'ps.ddrc: {data_rate_mts: 1e-300}' ddr
case_ board_ddr_rate_tiny 2 "ps.ddrc.data_rate_mts" -- boot "$hello" --board "$tmp/ddr.yaml"
board '""' 'clocks: {cpu: 667MHz}' noname
case_ board_empty_name 2 "'name' is empty" -- boot "$hello" --board "$tmp/noname.yaml"
printf 'name: b\nnmae: c\n' >"$tmp/btypo.yaml"
case_ board_unknown_key 2 "unknown key 'nmae'; did you mean 'name'?" -- boot "$hello" --board "$tmp/btypo.yaml"

# --- special files: refused without blocking -------------------------------------------------
mkdir "$tmp/dir.yaml" "$tmp/dir"
mkfifo "$tmp/fifo" "$tmp/fifo.yaml"
case_ scenario_dir 2 "scenario file $tmp/dir.yaml is a directory" -- run "$tmp/dir.yaml"
case_ scenario_fifo 2 "is a FIFO, expected a regular file" -- run "$tmp/fifo.yaml"
case_ scenario_dev_zero 2 "/dev/zero is a character device" -- run /dev/zero
case_ scenario_proc_mem 2 "/proc/self/mem" -- run /proc/self/mem
case_ board_dir 2 "board file $tmp/dir.yaml is a directory" -- boot "$hello" --board "$tmp/dir.yaml"
case_ board_fifo 2 "is a FIFO" -- boot "$hello" --board "$tmp/fifo.yaml"
case_ elf_dir 2 "not a regular file" -- boot "$tmp/dir"
case_ elf_fifo 2 "not a regular file" -- boot "$tmp/fifo"
case_ elf_dev_zero 2 "not a regular file" -- boot /dev/zero
case_ load_dir 2 "data file $tmp/dir is a directory" -- boot "$hello" --load "$tmp/dir@0x1000000"
case_ load_fifo 2 "data file $tmp/fifo is a FIFO" -- boot "$hello" --load "$tmp/fifo@0x1000000"
case_ load_dev_zero 2 "data file /dev/zero is a character device" -- boot "$hello" --load /dev/zero@0x1000000
case_ uart_rx_fifo 2 "UART1 input file $tmp/fifo is a FIFO" -- boot "$hello" --uart1-rx "$tmp/fifo"
hello_yaml | sed "s|^scenario:.*|&\ndata: [{file: $tmp/dir, address: 0x1000000}]|" >"$tmp/datadir.yaml"
case_ data_dir 2 "data file $tmp/dir is a directory" -- run "$tmp/datadir.yaml"
# 1.1 GB (sparse): refused by its size before it is read.
truncate -s 1100M "$tmp/huge.bin"
case_ load_huge 2 "more than the" -- boot "$hello" --load "$tmp/huge.bin@0x1000000"

# --- ELF segments too large: refused before allocation --------------------------------------
python3 - "$hello" "$tmp" <<'PY'
import struct, sys
src, out = sys.argv[1], sys.argv[2]
b = bytearray(open(src, 'rb').read())
phoff = struct.unpack_from('<I', b, 0x1C)[0]
phentsize, phnum = struct.unpack_from('<HH', b, 0x2A)
for i in range(phnum):
    o = phoff + i * phentsize
    if struct.unpack_from('<I', b, o)[0] == 1:  # PT_LOAD: p_memsz at +0x14
        first = o
        break
for name, memsz in (('seg_ddr', 0x3FFFF000), ('seg_4g', 0xF0000000)):
    c = bytearray(b)
    struct.pack_into('<I', c, first + 0x14, memsz)
    open(f'{out}/{name}.elf', 'wb').write(c)
PY
case_ elf_segment_outside_ddr 2 "is outside DDR" -- boot "$tmp/seg_ddr.elf"
case_ elf_segment_4g 2 "larger than any memory of the platform" -- boot "$tmp/seg_4g.elf"

# --- overlapping loads -------------------------------------------------------------------------
head -c 4096 /dev/urandom >"$tmp/a.bin"
case_ load_over_firmware 2 "overlaps the firmware" -- boot "$hello" --load "$tmp/a.bin@0x100000"
case_ load_over_load 2 "overlaps data file" -- boot "$hello" --load "$tmp/a.bin@0x1000000,$tmp/a.bin@0x1000800"
hello_yaml | sed "s|^scenario:.*|&\ndata: [{file: $tmp/a.bin, address: 0x1000000}, {file: $tmp/a.bin, address: 0x1000800}]|" >"$tmp/ov.yaml"
case_ data_over_data 2 "overlaps data file" -- run "$tmp/ov.yaml"
hello_yaml | sed "s|^scenario:.*|&\ndata: [{file: $tmp/a.bin, address: 0x1000000}, {file: $tmp/a.bin, address: 0x1000800, overlap: allowed}]|" >"$tmp/ovok.yaml"
case_ data_overlap_allowed 0 "(simulator: expectations hold)" -- run "$tmp/ovok.yaml" --quiet-console
case_ load_overlap_allowed 0 "(firmware exit(0))" -- boot "$hello" --load "$tmp/a.bin@0x1000000,$tmp/a.bin@0x1000800" --allow-overlap

# --- outputs that cannot be written: status 2 before the run -----------------------------------
case_ report_unwritable 2 "--report: cannot write $tmp/none/r.json" -- run "$scn/hello-zybo.yaml" --report "$tmp/none/r.json"
case_ report_is_dir 2 "--report: cannot write $tmp/dir" -- run "$scn/hello-zybo.yaml" --report "$tmp/dir"
case_ csv_unwritable 2 "--csv: cannot write" -- run "$scn/hello-zybo.yaml" --csv "$tmp/none/r.csv"
case_ uart_unwritable 2 "--uart1: cannot write" -- boot "$hello" --uart1 "$tmp/none/u.txt"
case_ vcd_unwritable 2 "--vcd: cannot write" -- boot "$hello" --vcd "$tmp/none/x.vcd"
case_ trace_unwritable 2 "--trace-file: cannot write" -- boot "$hello" --trace-file "$tmp/none/t.txt"
case_ status_file_unwritable 2 "--status-file: cannot write" -- boot "$hello" --status-file "$tmp/none/s.json"

# --- every bad scenario in the suite: status 2 (5 for a failing expectation), never 4 ----------
for f in "$bad"/*.yaml "$here"/*.yaml; do
  [ -e "$f" ] || continue
  want=2
  case "$f" in *failing-expectation*|*failing-regression*) want=5 ;; esac
  case_ "file:$(basename "$f")" "$want" "" -- run "$f" --quiet-console
done

echo "$n cases, $fails failed, $fours with status 4"
[ "$fails" = 0 ] && [ "$fours" = 0 ]
