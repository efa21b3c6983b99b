# ConvNet front end for the CSP (seed 001): network definitions, the CSP layer plan and DDR
# layouts (golden/convnet) and the golden model (golden/csp).
set(APP_EXTRA_SOURCES
  ${ZVP_GOLDEN_ROOT}/convnet/convnet.c
  ${ZVP_GOLDEN_ROOT}/convnet/csp_plan.c
  ${ZVP_GOLDEN_ROOT}/convnet/csp_layout.c
  ${ZVP_GOLDEN_ROOT}/convnet/csp_rows.c
  ${ZVP_GOLDEN_ROOT}/csp/csp_ref.c)
set(APP_PRINTF_FLOAT ON)
# DarkNet 16-bit keeps ~40 MB of packed weights and micro-code: a 160 MB heap (it ends below the
# job file in the DDR region CONVNET_JOB = 192 MB).
set(APP_LIBS m -Wl,--defsym,BSP_HEAP_SIZE=0x0A000000)
