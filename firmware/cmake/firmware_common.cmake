# Settings both firmware trees share (included by firmware/arm and firmware/riscv, which are
# built as external projects of the top-level build).
if(NOT ZVP_GENERATED_DIR OR NOT ZVP_FIRMWARE_OUT OR NOT ZVP_FIRMWARE_ROOT)
  message(FATAL_ERROR "Build this tree through the top-level ZVP build (needs ZVP_GENERATED_DIR, ZVP_FIRMWARE_OUT, ZVP_FIRMWARE_ROOT)")
endif()
# -O2 by default; apps may override with APP_OPT. No CMAKE_BUILD_TYPE flags: we set them ourselves.
set(CMAKE_BUILD_TYPE "" CACHE STRING "" FORCE)
set(CMAKE_C_STANDARD 11)
add_compile_options(-O2 -g -Wall -Wextra -ffunction-sections -fdata-sections -fno-common)
include_directories(${CMAKE_CURRENT_SOURCE_DIR} ${ZVP_FIRMWARE_ROOT}/common)
include_directories(SYSTEM ${ZVP_GENERATED_DIR})   # generated: not ours to warn about
