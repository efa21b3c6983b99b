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

# zvp_app_golden_paths(): called by the app helpers right after an app.cmake. Transitional:
# app.cmake files written before golden/ left firmware/common name its sources as
# ${ZVP_FIRMWARE_ROOT}/common/<family>/x.c and add <family> to APP_INCLUDES. Such sources are
# mapped to ${ZVP_GOLDEN_ROOT}, carrying over the compile options the app.cmake set on the old
# path (lenet5_sw's -O2 for lenet_orig.c), and such include folders are dropped (golden headers
# are included by path). A no-op once every app.cmake names ${ZVP_GOLDEN_ROOT}.
macro(zvp_app_golden_paths)
  set(_zvp_old_root "${ZVP_FIRMWARE_ROOT}/common/")
  set(_zvp_sources "")
  foreach(_zvp_src IN LISTS APP_EXTRA_SOURCES)
    string(FIND "${_zvp_src}" "${_zvp_old_root}" _zvp_at)
    string(REPLACE "${_zvp_old_root}" "${ZVP_GOLDEN_ROOT}/" _zvp_new "${_zvp_src}")
    if(_zvp_at EQUAL 0 AND EXISTS "${_zvp_new}")
      get_source_file_property(_zvp_opts "${_zvp_src}" COMPILE_OPTIONS)
      if(_zvp_opts)
        set_source_files_properties("${_zvp_new}" PROPERTIES COMPILE_OPTIONS "${_zvp_opts}")
      endif()
      set(_zvp_src "${_zvp_new}")
    endif()
    list(APPEND _zvp_sources "${_zvp_src}")
  endforeach()
  set(APP_EXTRA_SOURCES ${_zvp_sources})
  set(_zvp_includes "")
  foreach(_zvp_dir IN LISTS APP_INCLUDES)
    string(REPLACE "${_zvp_old_root}" "${ZVP_GOLDEN_ROOT}/" _zvp_new "${_zvp_dir}")
    if(NOT _zvp_new STREQUAL _zvp_dir AND IS_DIRECTORY "${_zvp_new}")
      continue()
    endif()
    list(APPEND _zvp_includes "${_zvp_dir}")
  endforeach()
  set(APP_INCLUDES ${_zvp_includes})
endmacro()
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
