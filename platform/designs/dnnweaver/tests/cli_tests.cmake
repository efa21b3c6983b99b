# `zvp encode` (seeds 000/002): Table I, worked examples, and bad input (one line, status 2).
# Included by tests/platform/cli (zvp_design_tests in ../CMakeLists.txt).
add_test(NAME cli.encode COMMAND ${CMAKE_CURRENT_LIST_DIR}/encode_test.sh ${ZVP})
set_tests_properties(cli.encode PROPERTIES LABELS scenario)
zvp_cli_test(encode.too_big 2 "256 does not fit in 8 bits" encode --bits 8 256)
zvp_cli_test(encode.not_a_number 2 "'12x' is not an unsigned 16-bit value" encode --bits 16 12x)
zvp_cli_test(encode.negative 2 "'-3' is not an unsigned 8-bit value" encode --bits 8 -- -3)
zvp_cli_test(encode.bad_bits 2 "--bits must be 8 or 16" encode --bits 12 5)
zvp_cli_test(encode.bad_mode 2 "unknown mode 'turbo'" encode --bits 8 --mode turbo 5)
zvp_cli_test(encode.m_sum 2 "m1 + m0 must be < N" encode --bits 8 --mode fast --m1 5 --m0 3 5)
zvp_cli_test(encode.m1_range 2 "m1 must be 1..N" encode --bits 8 --mode optimum --m1 9 --m0 0 5)
zvp_cli_test(encode.m_negative 2 "--m0 must be a non-negative integer, got '-1'" encode --bits 8 --mode fast --m1 3 --m0 -1 5)
