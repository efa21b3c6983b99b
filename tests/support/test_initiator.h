// A test initiator bound straight to a model's target socket: 8/16/32-bit and burst reads and
// writes through b_transport (with the annotated delay honoured by wait()), or through the
// 4-phase nb_transport base protocol. run_sim() runs a test body as an SC_THREAD.
#pragma once
#include <systemc>
#include <tlm>
#include <tlm_utils/peq_with_get.h>
#include <tlm_utils/simple_initiator_socket.h>

#include <functional>
#include <vector>

namespace zvp::test {

class TestInitiator : public sc_core::sc_module {
 public:
  tlm_utils::simple_initiator_socket<TestInitiator> socket;

  explicit TestInitiator(sc_core::sc_module_name name = "initiator");

  // Blocking accesses. Return the TLM response; the delay is waited for unless wait_delay=false.
  tlm::tlm_response_status write(uint64_t addr, const void* data, unsigned len,
                                 bool wait_delay = true);
  tlm::tlm_response_status read(uint64_t addr, void* data, unsigned len, bool wait_delay = true);
  tlm::tlm_response_status write32(uint64_t addr, uint32_t v) { return write(addr, &v, 4); }
  tlm::tlm_response_status write16(uint64_t addr, uint16_t v) { return write(addr, &v, 2); }
  tlm::tlm_response_status write8(uint64_t addr, uint8_t v) { return write(addr, &v, 1); }
  uint32_t read32(uint64_t addr, tlm::tlm_response_status* st = nullptr);
  // Accesses of a temporally decoupled initiator (a CPU running up to a quantum ahead of the
  // kernel): issued with `local` - the initiator's local time ahead of sc_time_stamp() - as the
  // incoming b_transport delay, and not waited for (the kernel stays where it is).
  tlm::tlm_response_status write32_at(uint64_t addr, uint32_t v, const sc_core::sc_time& local);
  uint32_t read32_at(uint64_t addr, const sc_core::sc_time& local, tlm::tlm_response_status* st = nullptr);
  // Debug access (transport_dbg, as a debugger's memory reads and writes): returns the bytes
  // the target transferred; *st (if given) receives the response status.
  unsigned debug(bool write, uint64_t addr, void* data, unsigned len,
                 tlm::tlm_response_status* st = nullptr);
  uint32_t debug_read32(uint64_t addr) {
    uint32_t v = 0xDEADBEEF;
    debug(false, addr, &v, 4);
    return v;
  }
  // Asks for a DMI pointer covering a read at addr; false when the target grants none.
  bool get_dmi(uint64_t addr, tlm::tlm_dmi& dmi);
  // Non-blocking (AT) access: BEGIN_REQ .. BEGIN_RESP/END_RESP; waits for completion.
  tlm::tlm_response_status nb_access(bool write, uint64_t addr, void* data, unsigned len);

  sc_core::sc_time last_delay;  // the last blocking access's latency: from its issue to its end
  bool dmi_hint = false;        // dmi_allowed of the last blocking access

 private:
  // One blocking access issued `local` ahead of the kernel (0: at the kernel's time).
  tlm::tlm_response_status transport(tlm::tlm_command cmd, uint64_t addr, uint8_t* data, unsigned len,
                                     const sc_core::sc_time& local, bool wait_delay);
  tlm::tlm_sync_enum nb_transport_bw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& ph,
                                     sc_core::sc_time& t);
  sc_core::sc_event resp_ev_;
  tlm::tlm_phase bw_phase_;
};

// Runs body in a thread and simulates until it returns (or `limit` of simulated time passes).
// Can be called once per process (SystemC cannot restart): one test per process under CTest.
void run_sim(std::function<void()> body,
             const sc_core::sc_time& limit = sc_core::sc_time(10, sc_core::SC_SEC));

}  // namespace zvp::test
