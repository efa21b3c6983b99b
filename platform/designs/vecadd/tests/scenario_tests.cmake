# Tests of the example design "vecadd", included by tests/scenarios (zvp_design_tests in
# ../CMakeLists.txt; zvp_scenario_test comes from there).
set(VECADD_DIR ${CMAKE_CURRENT_LIST_DIR}/..)
zvp_scenario_test(vecadd-zybo scenario FILE ${VECADD_DIR}/vecadd-zybo.yaml)
# The adder's sums, bit for bit, against the host's own addition modulo 2^32, in both modes.
foreach(mode lt at)
  add_test(NAME scenario.vecadd-zybo.sums.${mode}
           COMMAND python3 ${CMAKE_CURRENT_LIST_DIR}/check_sums.py $<TARGET_FILE:zvp>
                   ${VECADD_DIR}/vecadd-zybo.yaml ${mode})
  set_tests_properties(scenario.vecadd-zybo.sums.${mode} PROPERTIES LABELS scenario)
endforeach()
# The design edits no shared file: its name appears in no file outside its folder (docs/adding-a-design.md's
# design section excepted), and that section lists exactly the files of the folder.
add_test(NAME scenario.vecadd.self_contained
         COMMAND python3 ${CMAKE_CURRENT_LIST_DIR}/self_contained.py ${PROJECT_SOURCE_DIR} ${VECADD_DIR})
set_tests_properties(scenario.vecadd.self_contained PROPERTIES LABELS scenario)
