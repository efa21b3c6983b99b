# Toolchain: Zero-riscy (RV32IMC + Zicsr, ilp32) with Debian's riscv64-unknown-elf-gcc.
# That compiler has no rv32imc multilib, so programs link with -nostdlib -nostartfiles against our
# own crt0 + runtime (firmware/riscv/runtime) and the rv32im/ilp32 libgcc (same ABI; the
# compressed extension only changes our own code's encoding).
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR riscv32)
set(CMAKE_C_COMPILER /usr/bin/riscv64-unknown-elf-gcc)
set(CMAKE_ASM_COMPILER /usr/bin/riscv64-unknown-elf-gcc)
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)

set(ZVP_RISCV_ARCH_FLAGS "-march=rv32imc_zicsr -mabi=ilp32 -mcmodel=medlow")
set(CMAKE_C_FLAGS_INIT "${ZVP_RISCV_ARCH_FLAGS} -ffreestanding")
set(CMAKE_ASM_FLAGS_INIT "${ZVP_RISCV_ARCH_FLAGS}")
set(CMAKE_EXE_LINKER_FLAGS_INIT "${ZVP_RISCV_ARCH_FLAGS} -nostdlib -nostartfiles")

execute_process(COMMAND ${CMAKE_C_COMPILER} -march=rv32im -mabi=ilp32 -print-libgcc-file-name
                OUTPUT_VARIABLE ZVP_RISCV_LIBGCC OUTPUT_STRIP_TRAILING_WHITESPACE)

set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
