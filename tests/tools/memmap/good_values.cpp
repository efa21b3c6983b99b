// The generated C++ descriptors of good.regs.yaml have the values the YAML gives (hand-derived
// here): compiled against the generated header by good_compiles.sh (static assertions).
#include "regs/good_regs.h"

namespace g = zvp::regs::good;
using zvp::regs::Access;

static_assert(g::CTRL == 0x00u && g::CTRL_RESET == 0x128u && g::COUNT_RESET == 0u);
// The descriptor: name, offset, width, count, stride, access, reset, writable and w1c bits.
static_assert(g::CTRL_INFO.offset == 0x00u && g::CTRL_INFO.width == 4u && g::CTRL_INFO.count == 1u);
static_assert(g::CTRL_INFO.access == Access::RW && g::CTRL_INFO.reset == 0x128u);
static_assert(g::CTRL_INFO.name[0] == 'C' && g::CTRL_INFO.name[3] == 'L' && g::CTRL_INFO.name[4] == '\0');
// Writable: EN (bit 0), MODE (2:1), CLR (8, w1c), GO (31, wo); STAT (7:4) is read-only.
static_assert(g::CTRL_INFO.writable_mask == 0x80000107u);
static_assert(g::CTRL_INFO.w1c_mask == 0x100u);
static_assert(g::COUNT_INFO.width == 8u && g::COUNT_INFO.access == Access::RO && g::COUNT_INFO.writable_mask == 0u);
static_assert(g::CH_LEN_INFO.count == 4u && g::CH_LEN_INFO.stride == 0x10u && g::CH_LEN_INFO.offset == 0x14u);
static_assert(g::CH_LEN_INFO.reset == 0x40u && g::CH_LEN_INFO.writable_mask == 0xFFFFu);
// A w1c register without fields: every bit is written-1-to-clear; without fields, rw is all bits.
static_assert(g::FLAGS_INFO.access == Access::W1C && g::FLAGS_INFO.w1c_mask == 0xFFFFFFFFu);
static_assert(g::CH_ADDR_INFO.writable_mask == 0xFFFFFFFFu && g::CH_ADDR_INFO.w1c_mask == 0u);
// Fields take their register's access by default: ID is ro, so REV is.
static_assert(g::ID_INFO.writable_mask == 0u && g::ID_INFO.reset == 0xE441FA05u);

// Every register of the block, in map order.
static_assert(sizeof(g::ALL_REGS) / sizeof(g::ALL_REGS[0]) == 6 && g::ALL_REGS[0] == &g::CTRL_INFO &&
              g::ALL_REGS[5] == &g::ID_INFO);

// Field accessors.
static_assert(g::ctrl::MODE.shift == 1u && g::ctrl::MODE.width == 2u && g::ctrl::MODE.mask() == 0x6u);
static_assert(g::ctrl::MODE_SLOW == 2u && g::ctrl::MODE_OFF == 3u);
static_assert(g::ctrl::MODE.get(0x12Cu) == 2u);
static_assert(g::ctrl::MODE.prep(g::ctrl::MODE_OFF) == 0x6u && g::ctrl::MODE.prep(7u) == 0x6u);
static_assert(g::ctrl::MODE.set(0xFFu, g::ctrl::MODE_FAST) == 0xF9u);
static_assert(g::ctrl::GO.mask() == 0x80000000u && g::ctrl::GO.get(0x80000000u) == 1u);
static_assert(g::ch_len::LEN.mask() == 0xFFFFu);
