// Declares the registers of a block that have no behaviour of their own: every descriptor of the
// block's generated ALL_REGS (regs/<name>_regs.h) that the model has not declared yet becomes
// plain storage with the map's reset value, access and writable bits (arrays: every element).
// A model declares its registers with behaviour first, then calls this once.
#pragma once
#include "core/register_bank.h"

namespace zvp {

// all: a block's ALL_REGS, or any list of descriptor pointers.
template <typename Descriptors>
void add_plain_registers(RegisterBank& bank, const Descriptors& all) {
  for (const regs::RegInfo* r : all) {
    if (bank.find(r->offset)) continue;  // declared by the model
    if (r->count > 1) bank.add_array(*r);
    else bank.add(*r);
  }
}

}  // namespace zvp
