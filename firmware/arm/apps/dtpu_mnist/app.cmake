# dtpu_mnist: the seed-003 MNIST network on the DTPU (PL design "dtpu") or on the ARM alone
# (boot flag bit 1), with the network trained and quantised at build time (tools/dtpu).
set(APP_EXTRA_SOURCES
  ${ZVP_GOLDEN_ROOT}/dtpu/dtpu_mxu.c
  ${ZVP_GOLDEN_ROOT}/dtpu/dtpu_gemm.c
  ${ZVP_GOLDEN_ROOT}/dtpu/dtpu_net.c
  ${ZVP_GENERATED_DIR}/dtpu/dtpu_mnist_params.c)
set(APP_OPT -O2 -ffp-contract=off)
