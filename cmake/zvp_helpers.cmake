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

# zvp_scenario_test(<name> <label> [extra zvp run arguments]): `zvp run scenarios/<name>.yaml` as a
# CTest test (exit status 0 = every expectation holds), leaving its JSON report and per-layer CSV in
# <build>/reports. Usable from any tests/ folder, so a new design registers its scenarios from its
# own test folder.
function(zvp_scenario_test name label)
  set(out ${CMAKE_BINARY_DIR}/reports)
  file(MAKE_DIRECTORY ${out})
  add_test(NAME scenario.${name}
           COMMAND $<TARGET_FILE:zvp> run ${PROJECT_SOURCE_DIR}/scenarios/${name}.yaml --quiet-console
                   --report ${out}/${name}.json --csv ${out}/${name}.csv ${ARGN})
  set_tests_properties(scenario.${name} PROPERTIES LABELS "${label}")
endfunction()
