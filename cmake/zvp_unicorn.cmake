# The CPU engine: Unicorn 2.1.1 from Debian's next release, fetched and extracted into the build
# tree by tools/unicorn/fetch.sh (tools/setup.sh runs it; configuring runs it when it has not
# been run), linked with an rpath so no system-wide install is needed. Defines zvp::unicorn.
#   -DZVP_UNICORN=fetched (default) | system (the installed libunicorn-dev, e.g. Debian 12's 2.0.1:
#   same results, several times slower on stores)
set(ZVP_UNICORN "fetched" CACHE STRING "Unicorn to build against: fetched (2.1.1, pinned) or system")
set_property(CACHE ZVP_UNICORN PROPERTY STRINGS fetched system)

if(ZVP_UNICORN STREQUAL "system")
  pkg_check_modules(UNICORN REQUIRED IMPORTED_TARGET unicorn)
  add_library(zvp::unicorn ALIAS PkgConfig::UNICORN)
  message(STATUS "Unicorn: system package ${UNICORN_VERSION}")
  return()
endif()

set(ZVP_UNICORN_ROOT ${CMAKE_BINARY_DIR}/third_party/unicorn)
set(_zvp_uc_fetch ${PROJECT_SOURCE_DIR}/tools/unicorn/fetch.sh)
execute_process(COMMAND bash ${_zvp_uc_fetch} ${ZVP_UNICORN_ROOT} RESULT_VARIABLE _zvp_uc_rc)
if(NOT _zvp_uc_rc EQUAL 0)
  message(FATAL_ERROR "Unicorn 2.1.1 could not be fetched (see the [unicorn] lines above). "
                      "Fix the network/apt access and reconfigure, or pass -DZVP_UNICORN=system.")
endif()
# Re-run the fetch when the pins change.
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/tools/unicorn/pins.txt)

file(GLOB _zvp_uc_lib ${ZVP_UNICORN_ROOT}/usr/lib/*/libunicorn.so.2)
if(NOT _zvp_uc_lib OR NOT EXISTS ${ZVP_UNICORN_ROOT}/usr/include/unicorn/unicorn.h)
  message(FATAL_ERROR "Unicorn: ${ZVP_UNICORN_ROOT} lacks libunicorn.so.2 or unicorn.h; delete it and reconfigure")
endif()
add_library(zvp_unicorn SHARED IMPORTED GLOBAL)
set_target_properties(zvp_unicorn PROPERTIES
  IMPORTED_LOCATION ${_zvp_uc_lib}
  IMPORTED_SONAME libunicorn.so.2
  INTERFACE_INCLUDE_DIRECTORIES ${ZVP_UNICORN_ROOT}/usr/include
  # The pinned build: tests may count on facts of this build (models/cpu/arm/unicorn_code_pages.cpp).
  INTERFACE_COMPILE_DEFINITIONS ZVP_UNICORN_PINNED=1)
add_library(zvp::unicorn ALIAS zvp_unicorn)
# Binaries find the extracted library through their RUNPATH: CMake puts the directory of an
# imported shared library into the build-tree rpath, and RUNPATH is searched before the system's
# /usr/lib (which may hold Debian 12's libunicorn.so.2 2.0.1, the same SONAME).
message(STATUS "Unicorn: fetched 2.1.1 in ${ZVP_UNICORN_ROOT}")
