# convnet_rows_check: the ConvNet front end's packed-row kernels on the Cortex-A9 against the
# golden model (test firmware.convnet_rows_check.*). Same optimisation as the convnet app.
set(APP_EXTRA_SOURCES
  ${ZVP_GOLDEN_ROOT}/convnet/csp_rows.c
  ${ZVP_GOLDEN_ROOT}/convnet/csp_rows_check.c
  ${ZVP_GOLDEN_ROOT}/convnet/convnet.c
  ${ZVP_GOLDEN_ROOT}/csp/csp_ref.c)
set(APP_LIBS m)
