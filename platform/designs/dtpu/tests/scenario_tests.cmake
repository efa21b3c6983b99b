# Scenario tests of the DTPU design, included by tests/scenarios (zvp_design_tests in
# ../CMakeLists.txt): SCN, OUT and zvp_scenario_test come from there.
# DTPU (seed 003, PYNQ-Z2): 20 digits and one CIFAR-10 image in the default suite (lt; the MNIST
# run also in at), the ARM-only baselines; the full 1,996-digit runs per precision/mode and the
# CIFAR-10 int16/int32 runs under `slow`.
zvp_scenario_test(dtpu-mnist-pynq-short scenario)
zvp_scenario_test(dtpu-mnist-pynq-short-at scenario)
add_test(NAME scenario.dtpu-mnist-sw-pynq.short
         COMMAND $<TARGET_FILE:zvp> run ${SCN}/dtpu-mnist-sw-pynq.yaml --quiet-console --images 20)
set_tests_properties(scenario.dtpu-mnist-sw-pynq.short PROPERTIES LABELS scenario)
zvp_scenario_test(dtpu-cifar10-pynq scenario)
# Batching (issue 32): 64 digits, 32 per batch, on the 12x12 int8 MXU at 120 MHz, bit-exact against
# the golden model in lt (with its latency bands) and in at (the firmware's golden check: exit 0).
zvp_scenario_test(dtpu-mnist-pynq-batch32 scenario)
add_test(NAME scenario.dtpu-mnist-pynq-batch32.at
         COMMAND $<TARGET_FILE:zvp> run ${SCN}/dtpu-mnist-pynq-batch32.yaml --quiet-console --timing at --no-expect)
set_tests_properties(scenario.dtpu-mnist-pynq-batch32.at PROPERTIES LABELS scenario)
# The study's scenarios and a precision the build does not give alone (exit 1 with a message).
add_test(NAME scenario.dtpu-study-mnist.short
         COMMAND $<TARGET_FILE:zvp> run ${SCN}/dtpu-study-mnist.yaml --quiet-console --images 4)
add_test(NAME scenario.dtpu-study.precision_from_a_multi_precision_build
         COMMAND sh -c "\"$<TARGET_FILE:zvp>\" run ${SCN}/dtpu-study-mnist.yaml --set pl.dtpu.precisions=int8,int16 2>&1 | grep -q 'must synthesise exactly one'")
set_tests_properties(scenario.dtpu-study-mnist.short scenario.dtpu-study.precision_from_a_multi_precision_build
                     PROPERTIES LABELS scenario)
zvp_scenario_test(dtpu-cifar10-sw-pynq scenario)
foreach(name dtpu-mnist-pynq dtpu-mnist-pynq-int16 dtpu-mnist-pynq-int32 dtpu-mnist-pynq-wrap dtpu-mnist-sw-pynq
        dtpu-cifar10-pynq-int16 dtpu-cifar10-pynq-int32)
  zvp_scenario_test(${name} slow)
endforeach()
# DTPU bad input: an unknown precision name is a configuration error (exit 2); a network
# precision the build did not synthesise gives the adapter's PRECISION error (ERROR bit 4) that
# the firmware reports, never a simulator crash.
add_test(NAME scenario.dtpu.unknown_precision_param
         COMMAND sh -c "\"$<TARGET_FILE:zvp>\" run ${SCN}/dtpu-mnist-pynq-short.yaml --set pl.dtpu.precisions=int7 >/dev/null 2>&1; test $? -eq 2")
add_test(NAME scenario.dtpu.precision_not_synthesised
         COMMAND sh -c "\"$<TARGET_FILE:zvp>\" run ${SCN}/dtpu-mnist-pynq-short.yaml --set pl.dtpu.precisions=int16 --images 1 2>&1 | grep -q 'error -11 (ERROR 0x10'")
set_tests_properties(scenario.dtpu.unknown_precision_param scenario.dtpu.precision_not_synthesised
                     PROPERTIES LABELS scenario)
