# Scenario tests of the CSP design (seed 001), included by tests/scenarios (zvp_design_tests in
# ../CMakeLists.txt): zvp_scenario_test comes from there. The tiny ConvNet by default, the
# networks of the seed under `slow`.
zvp_scenario_test(convnet-tiny-minized scenario)
zvp_scenario_test(convnet-tiny-minized-8bit scenario)
foreach(name allcnnc-minized-8bit allcnnc-minized-16bit darknet-minized-8bit darknet-minized-16bit
             darknet-zc706-16bit)
  zvp_scenario_test(${name} slow)
endforeach()
