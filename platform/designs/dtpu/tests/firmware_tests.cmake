# Firmware tests of the DTPU design, included by tests/firmware/arm/apps (zvp_design_tests in
# ../CMakeLists.txt): FW, CHECK and zvp_fw_test come from there.
# DTPU (seed 003, PL design dtpu on the PYNQ-Z2): GEMM/GEMV self-checks over every mode against
# the MXU reference, tiled GEMMs and the bad-input reactions.
zvp_fw_test(dtpu_gemm 0 --expect "dtpu_gemm: 19 checks, 0 failures" -- --board pynq-z2)
