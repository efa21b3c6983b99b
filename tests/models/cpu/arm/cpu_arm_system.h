// The system the Cortex-A9 tests run on: the core's bus -> Router -> 1 MB DDR at 0, 256 KB OCM
// at 0xFFFC0000 (high vectors) and a fake peripheral at 0xE0000000 with an interrupt output.
#pragma once
#include <gtest/gtest.h>

#include <string>

#include "core/elf_loader.h"
#include "core/irq.h"
#include "core/memory.h"
#include "core/register_device.h"
#include "core/router.h"
#include "cpu/arm/cortex_a9.h"

namespace zvp::test {

constexpr uint64_t kDdrSize = 0x100000;
constexpr uint64_t kOcmBase = 0xFFFC0000, kOcmSize = 0x40000;
constexpr uint64_t kDevBase = 0xE0000000;
constexpr uint32_t kMbox = 0x8000;

// Registers: 0x00 DATA (RW), 0x04 STATUS (RO: 1 once simulated time reaches ready_at),
// 0x08 IRQ_SET, 0x0C IRQ_ACK (WO: drive / release the interrupt output), 0x10 COUNT (RO: number
// of reads of COUNT so far, including this one). Everything else is a hole (address error).
class FakeDevice : public RegisterDevice {
 public:
  IrqOut irq;
  sc_core::sc_time ready_at = sc_core::SC_ZERO_TIME;
  uint32_t count_reads = 0;
  Register* status = nullptr;  // the poll tests declare it steady or not

  explicit FakeDevice(sc_core::sc_module_name n) : RegisterDevice(n) {
    regs_.add("DATA", 0x00);
    status = &regs_.add("STATUS", 0x04, 0, Access::RO).on_read([this](uint32_t) {
      return sc_core::sc_time_stamp() >= ready_at ? 1u : 0u;
    });
    regs_.add("IRQ_SET", 0x08, 0, Access::WO).on_write([this](uint32_t, uint32_t) { irq.write(true); });
    regs_.add("IRQ_ACK", 0x0C, 0, Access::WO).on_write([this](uint32_t, uint32_t) { irq.write(false); });
    regs_.add("COUNT", 0x10, 0, Access::RO).on_read([this](uint32_t) { return ++count_reads; });
  }
};

// A debug-transport target that writes straight into the memories (program loading before the
// simulation starts, when the router's multi-sockets are not bound yet).
class BackdoorLoader : public tlm::tlm_fw_transport_if<> {
 public:
  void add(uint64_t base, Memory* m) { mems_.push_back({base, m}); }
  unsigned transport_dbg(tlm::tlm_generic_payload& gp) override {
    const uint64_t a = gp.get_address();
    for (auto& [base, m] : mems_)
      if (a >= base && a - base + gp.get_data_length() <= m->size())
        return m->load(a - base, gp.get_data_ptr(), gp.get_data_length()) ? gp.get_data_length() : 0;
    return 0;
  }
  void b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time&) override {
    gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
  }
  tlm::tlm_sync_enum nb_transport_fw(tlm::tlm_generic_payload&, tlm::tlm_phase&,
                                     sc_core::sc_time&) override {
    return tlm::TLM_COMPLETED;
  }
  bool get_direct_mem_ptr(tlm::tlm_generic_payload&, tlm::tlm_dmi&) override { return false; }

 private:
  std::vector<std::pair<uint64_t, Memory*>> mems_;
};

inline CortexA9Params test_params() {
  CortexA9Params p;
  p.clock = Clock("cpu", 100e6);  // 10 ns per cycle: easy arithmetic
  p.cpi = 1.0;
  p.quantum = sc_core::sc_time(1, sc_core::SC_US);
  p.stop_on_exit = false;         // the test body waits for exit_event() and checks results
  p.echo_semihosting = false;
  return p;
}

struct A9System {
  Router router;
  Memory ddr;
  Memory ocm;
  FakeDevice dev;
  IrqLine irq, fiq;
  CortexA9 cpu;
  BackdoorLoader loader;
  ElfImage image;

  // prefix: for two systems in one simulation (module names must differ). routes: the core
  // takes resolved routes to the device (CortexA9::bind_bus), as on the platform.
  explicit A9System(const CortexA9Params& p = test_params(), const std::string& prefix = "",
                    bool routes = false)
      : router((prefix + "router").c_str()), ddr((prefix + "ddr").c_str(), kDdrSize),
        ocm((prefix + "ocm").c_str(), kOcmSize), dev((prefix + "dev").c_str()),
        irq((prefix + "irq").c_str()), fiq((prefix + "fiq").c_str()), cpu((prefix + "cpu").c_str(), p) {
    if (routes) cpu.bind_bus(router);
    else cpu.bus.bind(router.target);
    router.initiator.bind(ddr.socket);
    router.initiator.bind(ocm.socket);
    router.initiator.bind(dev.socket);
    router.map(0, kDdrSize, 0, true, "ddr");
    router.map(kOcmBase, kOcmSize, 1, true, "ocm");
    router.map(kDevBase, 0x1000, 2, true, "dev");
    cpu.add_dmi_region(0, kDdrSize);
    cpu.add_dmi_region(kOcmBase, kOcmSize);
    cpu.connect_irq(irq);
    cpu.connect_fiq(fiq);
    dev.irq.bind(irq);
    loader.add(0, &ddr);
    loader.add(kOcmBase, &ocm);
  }

  // Loads programs/<name>.elf and sets the entry point.
  void load(const std::string& name) {
    image = load_elf_file(std::string(ZVP_CPU_ARM_PROGRAMS) + "/" + name + ".elf", kElfMachineArm);
    std::string err;
    ASSERT_TRUE(CortexA9::load_image_dbg(loader, image, &err)) << err;
    cpu.set_entry(static_cast<uint32_t>(image.entry));
  }
  uint32_t sym(const std::string& s) const {
    uint64_t v = 0;
    EXPECT_TRUE(image.symbol(s, v)) << s;
    return static_cast<uint32_t>(v & ~1ull);
  }
  uint32_t mbox(uint32_t off) const {
    uint32_t v = 0;
    ddr.peek(kMbox + off, &v, 4);
    return v;
  }
  // Waits (inside run_sim) until the program exits or `limit` of simulated time passes.
  bool wait_exit(const sc_core::sc_time& limit = sc_core::sc_time(1, sc_core::SC_MS)) {
    if (!cpu.exited()) sc_core::wait(limit, cpu.exit_event());
    return cpu.exited();
  }
};

}  // namespace zvp::test
