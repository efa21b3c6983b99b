// libsystemc refers to sc_main (its own main() calls it); the harnesses have their own main
// (libFuzzer's or replay_main.cpp), so this one is never called.
extern "C" int sc_main(int, char**) { return 0; }
