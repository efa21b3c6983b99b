# lenet5_sw_O3: lenet5_sw with the app and both networks at -O3, one of the four builds of
# seed 004's ARM-only table (Original and Lite at -O0/-O1/-O2/-O3; the BSP keeps its own -O2, as
# the Xilinx SDK builds the standalone BSP apart from the application). Scenario
# lenet5-sw-zybo-O3.
set(APP_SOURCES ${CMAKE_CURRENT_LIST_DIR}/../lenet5_sw/main.c)
set(APP_OPT -O3)
set(APP_DEFINES LITE_OPT="-O3" ORIG_OPT="-O3")
set(APP_EXTRA_SOURCES
  ${ZVP_FIRMWARE_ROOT}/common/lenet/lenet_fixed.c
  ${ZVP_FIRMWARE_ROOT}/common/lenet/lenet_lite.c
  ${ZVP_FIRMWARE_ROOT}/common/lenet/lenet_orig.c
  ${ZVP_GENERATED_DIR}/lenet/lenet_params_lite.c
  ${ZVP_GENERATED_DIR}/lenet/lenet_params_orig.c)
set(APP_INCLUDES ${ZVP_FIRMWARE_ROOT}/common/lenet)
