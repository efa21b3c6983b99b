# Scenario tests of the DNNWeaver-style PU with encoded PEs (seeds 000/002, ZC702), included by
# tests/scenarios (zvp_design_tests in ../CMakeLists.txt): zvp_scenario_test comes from there.
zvp_scenario_test(dnnweaver-lenet-zc702 scenario)
zvp_scenario_test(dnnweaver-vgg16-small-zc702 scenario)
foreach(name dnnweaver-lenet-zc702-full dnnweaver-vgg16-zc702)
  zvp_scenario_test(${name} slow)
endforeach()
