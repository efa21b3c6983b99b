# bench_compute_long: bench_compute's kernel at benchmark length (about 1.6 G instructions, so
# that QEMU's start-up time does not dominate its figure); tools/bench/bench_cpu.sh runs it.
# bench_compute itself stays short: the QEMU differential test boots it.
set(APP_SOURCES ${CMAKE_CURRENT_LIST_DIR}/../bench_compute/main.c)
set(APP_DEFINES BENCH_ROUNDS=660)
