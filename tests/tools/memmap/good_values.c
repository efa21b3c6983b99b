/* The generated C macros of good.regs.yaml have the values the YAML gives (hand-derived here):
 * compiled against the generated header by good_compiles.sh (C11 static assertions). */
#include "regs/good_regs.h"

_Static_assert(ZVP_GOOD_CTRL == 0x00u, "offset");
_Static_assert(ZVP_GOOD_CTRL_RESET == 0x128u, "reset");
_Static_assert(ZVP_GOOD_COUNT_RESET == 0u, "a reset of 0 is emitted too");
_Static_assert(ZVP_GOOD_CTRL_EN_SHIFT == 0u && ZVP_GOOD_CTRL_EN_WIDTH == 1u && ZVP_GOOD_CTRL_EN_MASK == 0x1u, "one bit");
_Static_assert(ZVP_GOOD_CTRL_MODE_SHIFT == 1u && ZVP_GOOD_CTRL_MODE_WIDTH == 2u && ZVP_GOOD_CTRL_MODE_MASK == 0x6u, "hi:lo");
_Static_assert(ZVP_GOOD_CTRL_MODE_SLOW == 2u && ZVP_GOOD_CTRL_MODE_OFF == 3u, "enum values, not shifted");
_Static_assert(ZVP_GOOD_CTRL_STAT_MASK == 0xF0u, "mask in place");
_Static_assert(ZVP_GOOD_CTRL_GO_MASK == 0x80000000u, "bit 31");
_Static_assert(ZVP_FIELD_GET(ZVP_GOOD_CTRL_MODE, 0x12Cu) == 2u, "get");
_Static_assert(ZVP_FIELD_GET(ZVP_GOOD_CTRL_STAT, 0xA5u) == 0xAu, "get a nibble");
_Static_assert(ZVP_FIELD_PREP(ZVP_GOOD_CTRL_MODE, ZVP_GOOD_CTRL_MODE_OFF) == 0x6u, "prep");
_Static_assert(ZVP_FIELD_PREP(ZVP_GOOD_CTRL_MODE, 7u) == 0x6u, "prep masks a too-wide value");
_Static_assert(ZVP_GOOD_CH_LEN_RESET == 0x40u && ZVP_GOOD_CH_LEN_LEN_MASK == 0xFFFFu, "array fields");
_Static_assert(ZVP_GOOD_ID_RESET == 0xE441FA05u, "reset");
