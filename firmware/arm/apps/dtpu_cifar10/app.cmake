# dtpu_cifar10: the seed-003 CIFAR-10 network (seeded weights and inputs) on the DTPU or on the ARM alone
# (boot flag bit 1).
set(APP_EXTRA_SOURCES
  ${ZVP_FIRMWARE_ROOT}/common/dtpu/dtpu_mxu.c
  ${ZVP_FIRMWARE_ROOT}/common/dtpu/dtpu_gemm.c
  ${ZVP_FIRMWARE_ROOT}/common/dtpu/dtpu_net.c)
set(APP_INCLUDES ${ZVP_FIRMWARE_ROOT}/common/dtpu)
set(APP_OPT -O2 -ffp-contract=off)
