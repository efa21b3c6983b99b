# bench_store_long: bench_store's kernel at benchmark length (about 0.5 G instructions);
# tools/bench/bench_cpu.sh runs it. bench_store itself stays short for the QEMU differential test.
set(APP_SOURCES ${CMAKE_CURRENT_LIST_DIR}/../bench_store/main.c)
set(APP_DEFINES BENCH_ROUNDS=168)
