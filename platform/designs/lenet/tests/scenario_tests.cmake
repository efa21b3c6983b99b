# Scenario tests of the LeNet-5 design (seed 004), included by tests/scenarios
# (zvp_design_tests in ../CMakeLists.txt): SCN and zvp_scenario_test come from there.
zvp_scenario_test(lenet5-zybo scenario --images 60)
# The same LeNet-5 run in at mode: the same classes (accuracy expectation) with the 4-phase path.
add_test(NAME scenario.lenet5-zybo.at
         COMMAND $<TARGET_FILE:zvp> run ${SCN}/lenet5-zybo.yaml --quiet-console --timing at --images 60)
set_tests_properties(scenario.lenet5-zybo.at PROPERTIES LABELS scenario)
zvp_scenario_test(lenet5-zybo-full slow)
