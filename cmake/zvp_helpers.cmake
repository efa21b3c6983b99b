# Adds every immediate sub-folder of the current source dir that has a CMakeLists.txt, in
# alphabetical order, so each model family / test family owns its own build file.
function(zvp_add_subdirs)
  file(GLOB children LIST_DIRECTORIES true RELATIVE ${CMAKE_CURRENT_SOURCE_DIR} ${CMAKE_CURRENT_SOURCE_DIR}/*)
  list(SORT children)
  foreach(child ${children})
    if(IS_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR}/${child} AND EXISTS ${CMAKE_CURRENT_SOURCE_DIR}/${child}/CMakeLists.txt)
      add_subdirectory(${child})
    endif()
  endforeach()
endfunction()

# zvp_gtest(<name> SOURCES ... LIBS ... [LABELS ...] [FIXTURES ...])
# One GoogleTest executable registered with CTest; default label "unit".
function(zvp_gtest name)
  cmake_parse_arguments(T "" "" "SOURCES;LIBS;LABELS;FIXTURES" ${ARGN})
  # A test whose sources are not (yet) there is skipped with a warning rather than breaking
  # the configuration of the whole tree.
  foreach(src ${T_SOURCES})
    if(NOT IS_ABSOLUTE ${src})
      set(src ${CMAKE_CURRENT_SOURCE_DIR}/${src})
    endif()
    string(FIND "${src}" "${CMAKE_BINARY_DIR}" in_build)
    if(NOT in_build EQUAL 0 AND NOT EXISTS ${src})  # generated sources live in the build tree
      message(WARNING "test ${name}: source ${src} missing: not built")
      return()
    endif()
  endforeach()
  # sc_main (which runs GoogleTest) is compiled into each test: libsystemc owns main().
  add_executable(${name} ${T_SOURCES} ${PROJECT_SOURCE_DIR}/tests/support/sc_test_main.cpp)
  target_link_libraries(${name} PRIVATE ${T_LIBS} GTest::gtest)
  set_target_properties(${name} PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/tests)
  if(NOT T_LABELS)
    set(T_LABELS unit)
  endif()
  set(props LABELS "${T_LABELS}")
  if(T_FIXTURES)
    list(APPEND props FIXTURES_REQUIRED "${T_FIXTURES}")  # e.g. a capture another test writes
  endif()
  gtest_discover_tests(${name} PROPERTIES ${props} DISCOVERY_TIMEOUT 60
                       WORKING_DIRECTORY ${CMAKE_BINARY_DIR})
endfunction()

# zvp_scenario_test(<name> <label> [FILE <scenario.yaml>] [extra zvp run arguments]):
# `zvp run scenarios/<name>.yaml` (or FILE, e.g. a scenario kept in its design's folder) as a CTest
# test (exit status 0 = every expectation holds), leaving its JSON report and per-layer CSV in
# <build>/reports. Usable from any tests/ folder and from a design's test file (zvp_design_tests).
function(zvp_scenario_test name label)
  cmake_parse_arguments(S "" "FILE" "" ${ARGN})
  if(NOT S_FILE)
    set(S_FILE ${PROJECT_SOURCE_DIR}/scenarios/${name}.yaml)
  endif()
  set(out ${CMAKE_BINARY_DIR}/reports)
  file(MAKE_DIRECTORY ${out})
  add_test(NAME scenario.${name}
           COMMAND $<TARGET_FILE:zvp> run ${S_FILE} --quiet-console
                   --report ${out}/${name}.json --csv ${out}/${name}.csv ${S_UNPARSED_ARGUMENTS})
  set_tests_properties(scenario.${name} PROPERTIES LABELS "${label}")
endfunction()

# ---- Designs as plug-ins ----------------------------------------------------------------------
# A PL design's folder (platform/designs/<name>/) declares everything it adds to the build with
# the functions below; the shared lists (tests/scenarios, tests/firmware/arm/apps,
# tests/platform/cli, firmware/CMakeLists.txt, platform/cli) read the declarations from global
# properties and never name a design. The design folders are configured before the firmware and
# the tests (top-level CMakeLists.txt: platform before firmware before tests).

# zvp_design_tests(<suite> <file.cmake>...): test definitions the test folder of <suite> includes
# in its own scope (variables and helpers of that folder available, tests run in its build
# directory); CMAKE_CURRENT_LIST_DIR in the file is the design's folder. Suites:
#   scenario   tests/scenarios            (SCN, OUT, EXPECT, BAD; zvp_scenario_test)
#   firmware   tests/firmware/arm/apps    (FW, CHECK; zvp_fw_test)
#   cli        tests/platform/cli         (ZVP, EXPECT; zvp_cli_test)
function(zvp_design_tests suite)
  if(NOT suite MATCHES "^(scenario|firmware|cli)$")
    message(FATAL_ERROR "zvp_design_tests: unknown suite '${suite}' (scenario, firmware, cli)")
  endif()
  foreach(f ${ARGN})
    if(NOT IS_ABSOLUTE ${f})
      set(f ${CMAKE_CURRENT_SOURCE_DIR}/${f})
    endif()
    if(NOT EXISTS ${f})
      message(FATAL_ERROR "zvp_design_tests(${suite}): ${f} does not exist")
    endif()
    set_property(GLOBAL APPEND PROPERTY ZVP_DESIGN_TESTS_${suite} ${f})
  endforeach()
endfunction()

# zvp_include_design_tests(<suite>): in a test folder, includes every file declared for <suite>.
macro(zvp_include_design_tests suite)
  get_property(_zvp_design_test_files GLOBAL PROPERTY ZVP_DESIGN_TESTS_${suite})
  foreach(_zvp_f ${_zvp_design_test_files})
    include(${_zvp_f})
  endforeach()
endmacro()

# zvp_firmware_depends(<arm|riscv> <target>...): host targets (generated headers and C files such
# as dtpu_params) the firmware tree must wait for.
function(zvp_firmware_depends tree)
  set_property(GLOBAL APPEND PROPERTY ZVP_FIRMWARE_DEPENDS_${tree} ${ARGN})
endfunction()

# zvp_firmware_app(<arm|riscv> <dir>...): app folders outside firmware/<tree>/apps, built like
# them (<dir>/app.cmake optional; the ELF is named after the folder).
function(zvp_firmware_app tree)
  foreach(d ${ARGN})
    if(NOT IS_ABSOLUTE ${d})
      set(d ${CMAKE_CURRENT_SOURCE_DIR}/${d})
    endif()
    set_property(GLOBAL APPEND PROPERTY ZVP_FIRMWARE_APPS_${tree} ${d})
  endforeach()
endfunction()

# zvp_cli_command(<name> SOURCES ... [LIBS ...]): a `zvp <name>` sub-command whose sources
# register it with ZVP_REGISTER_CLI_COMMAND (platform/cli/cli_command.h); an object library the
# zvp executable links (so the self-registration is always linked in).
function(zvp_cli_command name)
  cmake_parse_arguments(C "" "" "SOURCES;LIBS" ${ARGN})
  add_library(zvp_cli_cmd_${name} OBJECT ${C_SOURCES})
  target_link_libraries(zvp_cli_cmd_${name} PUBLIC zvp_cli_registry ${C_LIBS})
  set_property(GLOBAL APPEND PROPERTY ZVP_CLI_COMMANDS zvp_cli_cmd_${name})
endfunction()
