// Idle loops (README.md, "Idle loops"): a core spinning in a block that only branches to itself
// costs no host time per iteration.
#include "cpu/arm/cortex_a9.h"

namespace zvp {

// The idle block b has just been accounted by the block hook's slow path. Run by Unicorn, its
// next iterations would each take the hook's fast path (units += cost, instructions += count,
// nothing else: the block touches no register, flag or memory, and its unconditional direct
// branch leaves the predictor alone) for as long as units_ < stop_at_, and the first one at or
// past stop_at_ would come back here through the slow path (slice end, profile sample, stop
// request; stop_at_ is 0 while an interrupt line is high or a handler is being tracked). Those
// iterations are accounted here at once; the slow path then handles their end exactly as it
// would have. Only an interrupt, which is looked at at that point, leaves the loop.
// Not with a debugger (a breakpoint or watchpoint in the loop must be hit), the cache model
// (every fetch is then observed; its maintenance hooks come with it) or a code hook inside the
// block (an SMP hook: SEV, MPIDR); code hooks elsewhere (a two-core platform's) do not matter.
void CortexA9::skip_idle_loop(const BlockInfo& b) {
  if (units_ >= stop_at_ || dbg_.agent() || mem_ || hooked_code(b.addr, b.size)) return;
  const uint64_t n = (stop_at_ - units_ + b.units - 1) / b.units;
  units_ += n * b.units;
  insns_ += n * b.count;
  idle_skipped_ += n;
}

}  // namespace zvp
