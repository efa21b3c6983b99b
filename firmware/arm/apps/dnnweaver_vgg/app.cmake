# dnnweaver_vgg: the 13 VGG16 conv layer shapes on the DNNWeaver-style PU (seeds 000/002).
set(APP_EXTRA_SOURCES
  ${ZVP_FIRMWARE_ROOT}/common/dnnweaver/dw_encoding.c
  ${ZVP_FIRMWARE_ROOT}/common/dnnweaver/dw_layer.c
  ${ZVP_FIRMWARE_ROOT}/common/dnnweaver/dw_stats.c)
set(APP_INCLUDES ${ZVP_FIRMWARE_ROOT}/common/dnnweaver)
set(APP_PRINTF_FLOAT ON)
