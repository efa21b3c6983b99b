# lenet5_sw: ARM-only inference, built as in seed 004: the Lite network (float and fixed point)
# at -O3, the Original network at -O2. One app: APP_OPT (-O3) applies to the app and the Lite
# sources; lenet_orig.c gets -O2 as a source property (it comes after the target's options, so it
# wins).
# Variants lenet5_sw_O0..O3: the app and both networks at one level each, the four builds of
# seed 004's ARM-only table (the BSP keeps its own -O2, as the Xilinx SDK builds the standalone
# BSP apart from the application). Scenarios lenet5-sw-zybo-O<n>.
set(APP_VARIANTS O0 O1 O2 O3)
set(APP_EXTRA_SOURCES
  ${ZVP_GOLDEN_ROOT}/lenet/lenet_fixed.c
  ${ZVP_GOLDEN_ROOT}/lenet/lenet_lite.c
  ${ZVP_GOLDEN_ROOT}/lenet/lenet_orig.c
  ${ZVP_GENERATED_DIR}/lenet/lenet_params_lite.c
  ${ZVP_GENERATED_DIR}/lenet/lenet_params_orig.c)
if(APP_VARIANT)
  set(APP_OPT -${APP_VARIANT})
  set(APP_DEFINES LITE_OPT="-${APP_VARIANT}" ORIG_OPT="-${APP_VARIANT}")
else()
  set(APP_OPT -O3)
  # Only for this app: the variants compile the same files at their own level.
  set_source_files_properties(${ZVP_GOLDEN_ROOT}/lenet/lenet_orig.c ${ZVP_GENERATED_DIR}/lenet/lenet_params_orig.c
                              PROPERTIES COMPILE_OPTIONS $<$<STREQUAL:$<TARGET_PROPERTY:NAME>,lenet5_sw>:-O2>)
endif()
