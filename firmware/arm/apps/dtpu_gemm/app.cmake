# dtpu_gemm: GEMM/GEMV self-checks on the DTPU over every precision, vector mode, fp32/bf16 and
# both accumulation modes, against the shared MXU reference (the golden model).
set(APP_EXTRA_SOURCES
  ${ZVP_GOLDEN_ROOT}/dtpu/dtpu_mxu.c
  ${ZVP_GOLDEN_ROOT}/dtpu/dtpu_gemm.c)
set(APP_OPT -O2 -ffp-contract=off)
