# dnnweaver_lenet: the Lite LeNet-5's convolutions on the DNNWeaver-style PU with encoded PEs
# (PL design "dnnweaver", seeds 000/002), fc layers on the ARM.
set(APP_EXTRA_SOURCES
  ${ZVP_FIRMWARE_ROOT}/common/lenet/lenet_fixed.c
  ${ZVP_FIRMWARE_ROOT}/common/lenet/lenet_lite.c
  ${ZVP_GENERATED_DIR}/lenet/lenet_params_lite.c
  ${ZVP_FIRMWARE_ROOT}/common/dnnweaver/dw_encoding.c
  ${ZVP_FIRMWARE_ROOT}/common/dnnweaver/dw_layer.c
  ${ZVP_FIRMWARE_ROOT}/common/dnnweaver/dw_lenet.c)
set(APP_INCLUDES ${ZVP_FIRMWARE_ROOT}/common/lenet ${ZVP_FIRMWARE_ROOT}/common/dnnweaver)
set(APP_PRINTF_FLOAT ON)
