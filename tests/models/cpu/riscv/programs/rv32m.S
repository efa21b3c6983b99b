// RV32M: products (low and high halves, every signedness) and the division corner cases.
#include "harness.h"
  .option norvc
TEST_BEGIN
  li a1, 0x12345678
  li a2, 0x9abcdef0
  mul a0, a1, a2
  CHECK(1, a0, 0x242d2080)
  mulhu a0, a1, a2
  CHECK(2, a0, 0x0b00ea4e)
  mulh a0, a1, a2            // 0x12345678 * -0x65432110
  CHECK(3, a0, 0xf8cc93d6)
  mulhsu a0, a2, a1          // signed a2 * unsigned a1
  CHECK(4, a0, 0xf8cc93d6)
  mulhsu a0, a1, a2          // unsigned a2 as multiplier
  CHECK(5, a0, 0x0b00ea4e)
  li a1, -1
  mulh a0, a1, a1
  CHECK(6, a0, 0)
  mulhu a0, a1, a1
  CHECK(7, a0, 0xfffffffe)
  mulhsu a0, a1, a1          // -1 * 0xffffffff
  CHECK(8, a0, 0xffffffff)
  li a1, 0x80000000
  mulh a0, a1, a1
  CHECK(9, a0, 0x40000000)
  mul a0, a1, a1
  CHECK(10, a0, 0)
  // division, rounding toward zero
  li a1, -7
  li a2, 2
  div a0, a1, a2
  CHECK(11, a0, -3)
  rem a0, a1, a2
  CHECK(12, a0, -1)
  divu a0, a1, a2
  CHECK(13, a0, 0x7ffffffc)
  remu a0, a1, a2
  CHECK(14, a0, 1)
  li a2, -2
  div a0, a1, a2
  CHECK(15, a0, 3)
  rem a0, a1, a2
  CHECK(16, a0, -1)
  // division by zero: quotient all ones, remainder the dividend
  div a0, a1, zero
  CHECK(17, a0, -1)
  divu a0, a1, zero
  CHECK(18, a0, 0xffffffff)
  rem a0, a1, zero
  CHECK(19, a0, -7)
  remu a0, a1, zero
  CHECK(20, a0, -7)
  // signed overflow: INT_MIN / -1 = INT_MIN, remainder 0
  li a1, 0x80000000
  li a2, -1
  div a0, a1, a2
  CHECK(21, a0, 0x80000000)
  rem a0, a1, a2
  CHECK(22, a0, 0)
  divu a0, a1, a2
  CHECK(23, a0, 0)
  remu a0, a1, a2
  CHECK(24, a0, 0x80000000)
  // destination x0 is discarded
  li a1, 6
  mul zero, a1, a1
  div zero, a1, a1
  CHECK(25, zero, 0)
TEST_END
DEFAULT_TRAP_HANDLER
