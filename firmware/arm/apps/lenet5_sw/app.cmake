# lenet5_sw: ARM-only inference, built as in seed 004: the Lite network (float and fixed point)
# at -O3, the Original network at -O2. One app: APP_OPT (-O3) applies to the app and the Lite
# sources; lenet_orig.c gets -O2 as a source property (it comes after the target's options, so it
# wins).
set(APP_OPT -O3)
set(APP_EXTRA_SOURCES
  ${ZVP_FIRMWARE_ROOT}/common/lenet/lenet_fixed.c
  ${ZVP_FIRMWARE_ROOT}/common/lenet/lenet_lite.c
  ${ZVP_FIRMWARE_ROOT}/common/lenet/lenet_orig.c
  ${ZVP_GENERATED_DIR}/lenet/lenet_params_lite.c
  ${ZVP_GENERATED_DIR}/lenet/lenet_params_orig.c)
# Only for this app: the lenet5_sw_O<n> apps compile the same file at their own level.
set_source_files_properties(${ZVP_FIRMWARE_ROOT}/common/lenet/lenet_orig.c ${ZVP_GENERATED_DIR}/lenet/lenet_params_orig.c
                            PROPERTIES COMPILE_OPTIONS $<$<STREQUAL:$<TARGET_PROPERTY:NAME>,lenet5_sw>:-O2>)
set(APP_INCLUDES ${ZVP_FIRMWARE_ROOT}/common/lenet)
