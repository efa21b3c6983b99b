# dnnweaver_vgg: the 13 VGG16 conv layer shapes on the DNNWeaver-style PU (seeds 000/002).
set(APP_EXTRA_SOURCES
  ${ZVP_GOLDEN_ROOT}/dnnweaver/dw_encoding.c
  ${ZVP_GOLDEN_ROOT}/dnnweaver/dw_layer.c
  ${ZVP_GOLDEN_ROOT}/dnnweaver/dw_stats.c)
set(APP_PRINTF_FLOAT ON)
