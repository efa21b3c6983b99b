// GoogleTest inside SystemC: libsystemc provides main() and calls sc_main. SystemC cannot be
// re-elaborated in one process, so each test builds its own modules and runs its own
// simulation; CTest runs every test in a process of its own (gtest_discover_tests).
#include <gtest/gtest.h>

#include <cstdlib>
#include <systemc>

int sc_main(int argc, char** argv) {
  // Multi-sockets finish binding at elaboration: tests that use them call run_sim().
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}

int main(int argc, char** argv) {
  setenv("SC_COPYRIGHT_MESSAGE", "DISABLE", 1);  // no banner in test logs
  return sc_core::sc_elab_and_sim(argc, argv);
}
