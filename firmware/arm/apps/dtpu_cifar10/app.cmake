# dtpu_cifar10: the seed-003 CIFAR-10 network (seeded weights and inputs) on the DTPU or on the ARM alone
# (boot flag bit 1).
set(APP_EXTRA_SOURCES
  ${ZVP_GOLDEN_ROOT}/dtpu/dtpu_mxu.c
  ${ZVP_GOLDEN_ROOT}/dtpu/dtpu_gemm.c
  ${ZVP_GOLDEN_ROOT}/dtpu/dtpu_net.c)
set(APP_OPT -O2 -ffp-contract=off)
