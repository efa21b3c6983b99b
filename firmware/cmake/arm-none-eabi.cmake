# Toolchain: bare-metal Cortex-A9 (Zynq-7000 PS), hard-float VFPv3.
# -mcpu=cortex-a9 -mfpu=vfpv3 -mfloat-abi=hard selects newlib's thumb/v7-a+fp/hard multilib
# (`arm-none-eabi-gcc -print-multi-lib`); it interworks with our ARM-state code (-marm default).
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR arm)
set(CMAKE_C_COMPILER arm-none-eabi-gcc)
set(CMAKE_ASM_COMPILER arm-none-eabi-gcc)
set(CMAKE_OBJCOPY arm-none-eabi-objcopy CACHE FILEPATH "")
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)

set(ZVP_ARM_CPU_FLAGS "-mcpu=cortex-a9 -mfpu=vfpv3 -mfloat-abi=hard")
# Unaligned accesses stay allowed (GCC's ARMv7 default, as in the vendor's builds): bsp_init turns
# the MMU on with DDR as Normal memory before main(), where the A9 handles them.
set(CMAKE_C_FLAGS_INIT "${ZVP_ARM_CPU_FLAGS} -marm")
set(CMAKE_ASM_FLAGS_INIT "${ZVP_ARM_CPU_FLAGS} -marm")
set(CMAKE_EXE_LINKER_FLAGS_INIT "${ZVP_ARM_CPU_FLAGS} --specs=nano.specs -nostartfiles")

set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
