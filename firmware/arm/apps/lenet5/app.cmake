# lenet5: the seed-004 driver flow on the LeNet-5 predict IP (PL design "lenet").
# The golden C code is only used to convert a raw MNIST input file with the model's input format.
# Built at -O0 as seed 004 built it: its IP measurement is labelled "-O0 (predict)", the Xilinx
# SDK's Debug configuration for the application (the BSP keeps its own -O2).
set(APP_OPT -O0)
set(APP_EXTRA_SOURCES
  ${ZVP_GOLDEN_ROOT}/lenet/lenet_fixed.c
  ${ZVP_GOLDEN_ROOT}/lenet/lenet_lite.c
  ${ZVP_GENERATED_DIR}/lenet/lenet_params_lite.c)
