# Settings both firmware trees share (included by firmware/arm and firmware/riscv, which are
# built as external projects of the top-level build).
if(NOT ZVP_GENERATED_DIR OR NOT ZVP_FIRMWARE_OUT OR NOT ZVP_FIRMWARE_ROOT)
  message(FATAL_ERROR "Build this tree through the top-level ZVP build (needs ZVP_GENERATED_DIR, ZVP_FIRMWARE_OUT, ZVP_FIRMWARE_ROOT)")
endif()
# -O2 by default; apps may override with APP_OPT. No CMAKE_BUILD_TYPE flags: we set them ourselves.
set(CMAKE_BUILD_TYPE "" CACHE STRING "" FORCE)
set(CMAKE_C_STANDARD 11)
add_compile_options(-O2 -g -Wall -Wextra -ffunction-sections -fdata-sections -fno-common)
# The golden models live in golden/ at the top of the tree, beside firmware/ and below it in the
# layering; code includes them by path from the tree's root ("golden/dtpu/dtpu_mxu.h") and an app
# compiles the sources it needs as ${ZVP_GOLDEN_ROOT}/<family>/x.c. firmware/common keeps what only
# the firmware and the runner share (zvp_report.h).
get_filename_component(ZVP_SOURCE_ROOT ${ZVP_FIRMWARE_ROOT} DIRECTORY)
set(ZVP_GOLDEN_ROOT ${ZVP_SOURCE_ROOT}/golden)
include_directories(${CMAKE_CURRENT_SOURCE_DIR} ${ZVP_FIRMWARE_ROOT}/common ${ZVP_SOURCE_ROOT})

include_directories(SYSTEM ${ZVP_GENERATED_DIR})   # generated: not ours to warn about

# zvp_firmware_app_dirs(<out>): the tree's app folders: apps/* (sorted), then the folders other
# parts of the build declare (zvp_firmware_app in cmake/zvp_helpers.cmake, e.g. a PL design's own
# app), passed by the top-level build as ZVP_EXTRA_APP_DIRS with '|' for ';'. An app is named
# after its folder; two folders of one name are an error.
function(zvp_firmware_app_dirs out)
  file(GLOB dirs LIST_DIRECTORIES true CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/apps/*)
  list(SORT dirs)
  string(REPLACE "|" ";" extra "${ZVP_EXTRA_APP_DIRS}")
  set(result "")
  set(names "")
  foreach(dir ${dirs} ${extra})
    if(NOT IS_DIRECTORY ${dir})
      continue()
    endif()
    get_filename_component(name ${dir} NAME)
    if(name IN_LIST names)
      message(FATAL_ERROR "firmware app '${name}' is defined twice (a second folder: ${dir})")
    endif()
    list(APPEND names ${name})
    list(APPEND result ${dir})
  endforeach()
  set(${out} ${result} PARENT_SCOPE)
endfunction()
