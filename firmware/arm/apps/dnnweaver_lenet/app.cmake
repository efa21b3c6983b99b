# dnnweaver_lenet: the Lite LeNet-5's convolutions on the DNNWeaver-style PU with encoded PEs
# (PL design "dnnweaver", seeds 000/002), fc layers on the ARM.
set(APP_EXTRA_SOURCES
  ${ZVP_GOLDEN_ROOT}/lenet/lenet_fixed.c
  ${ZVP_GOLDEN_ROOT}/lenet/lenet_lite.c
  ${ZVP_GENERATED_DIR}/lenet/lenet_params_lite.c
  ${ZVP_GOLDEN_ROOT}/dnnweaver/dw_encoding.c
  ${ZVP_GOLDEN_ROOT}/dnnweaver/dw_layer.c
  ${ZVP_GOLDEN_ROOT}/dnnweaver/dw_lenet.c)
set(APP_PRINTF_FLOAT ON)
