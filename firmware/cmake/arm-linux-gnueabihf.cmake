# Toolchain: Linux user space on the Zynq's Cortex-A9 (Debian's gcc-arm-linux-gnueabihf), static
# programs for the project's BusyBox initramfs (firmware/linux).
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR arm)
set(CMAKE_C_COMPILER arm-linux-gnueabihf-gcc)
set(CMAKE_C_FLAGS_INIT "-mcpu=cortex-a9 -mfpu=vfpv3 -mfloat-abi=hard -marm")
set(CMAKE_EXE_LINKER_FLAGS_INIT "-static -s")
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
