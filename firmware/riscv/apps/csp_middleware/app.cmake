# The Middleware: scheduling loop (firmware/riscv/middleware), the shared layer plan
# (golden/convnet) and the golden model's geometry helpers (golden/csp).
# Linked at ZVP_RISCV_MEM_BASE, which must be the CSP's RISC-V L2 address (0 = ZVP_CSP_RV_L2_BASE).
set(APP_EXTRA_SOURCES
  ${CMAKE_CURRENT_SOURCE_DIR}/middleware/mw.c
  ${ZVP_GOLDEN_ROOT}/convnet/csp_plan.c
  ${ZVP_GOLDEN_ROOT}/csp/csp_ref.c)
