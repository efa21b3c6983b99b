/* A C program on newlib with semihosting (librdimon): crt0 (SYS_HEAPINFO, SYS_GET_CMDLINE),
 * malloc, printf to stdout and stderr (SYS_OPEN ":tt" + SYS_WRITE), exit code through
 * SYS_EXIT_EXTENDED after reading ":semihosting-features". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char** argv) {
  char* p = malloc(1000);
  if (!p) return 10;
  strcpy(p, "heap");
  printf("hello %d %s argc=%d last=%s\n", 42, p, argc, argv[argc - 1]);
  fprintf(stderr, "to stderr\n");
  free(p);
  return 3;
}
