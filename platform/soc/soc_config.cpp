#include "soc_config.h"

#include "zvp_memmap.h"

namespace zvp {

SocConfig::SocConfig() {
  // The platform's defaults where they differ from a model's own (docs/architecture.md, "Design decisions").
  cpu.quantum = sc_core::sc_time(10, sc_core::SC_US);  // CPU quantum 10 us
  cpu.sync_to_next_event = true;  // exact: the session tells the core the end of the run
  cpu.forward_polls = true;       // exact: polling loops on steady registers (UART status)
  cpu.skip_idle_loops = true;     // exact: branch-to-self loops (a firmware's final _exit loop)
  cpu.stop_on_exit = false;  // the session ends the run: the UARTs drain after the CPU exits
  ocm.size = ZVP_OCM_SIZE;
  ocm.width_bytes = 8;
  central.width_bytes = 8;
  gp.width_bytes = 4;  // UG585 ch. 5: GP ports are 32 bit, HP ports 64 bit
  hp.width_bytes = 8;
}

void SocConfig::declare(ParamTree& tree) {
  auto sim = tree.scope("sim");
  sim.choice("timing", timing, {"lt", "at"},
             "lt: b_transport with annotated delays; at: 4-phase nb_transport on the memory path");

  auto clocks = tree.scope("clocks");
  clocks.frequency("cpu", cpu_hz, "Cortex-A9 clock (cpu_6x4x); cpu_3x2x, cpu_2x, cpu_1x follow 6:2:1",
                   1e6, 1.5e9);
  for (unsigned n = 0; n < 4; ++n)
    clocks.frequency("fclk" + std::to_string(n), fclk_hz[n], "PL clock FCLK_CLK" + std::to_string(n) +
                     (n == 0 ? " (the GP/HP ports and, by default, the PL design)" : ""), 1e6, 500e6);
  clocks.frequency("uart_ref", uart_ref_hz, "UART reference clock (UART_CLK_CTRL)", 1e6, 500e6);

  auto c = tree.scope(cpu_core_name(0));
  cpu.declare(c);

  auto ps = tree.scope("ps");
  ps.add("cores", cores, "cores", "Cortex-A9 cores to build: 0 = the part's (2; 1 on a 7z007s), 1 forces one", 0, 2);
  auto d = ps.sub("ddrc");
  d.bytes("size", ddrc.size, "populated DDR", 1ull << 20, 1ull << 30);
  d.choice("width_bits", ddrc.bus_bytes, {{"16", 2u}, {"32", 4u}}, "DDR data bus width in bits (x16 or x32)");
  d.add("data_rate_mts", ddr_data_rate_mts, "MT/s", "DDR data rate (the DDR clock is half of it)", 200, 2133);
  ddrc.declare(d);
  auto o = ps.sub("ocm");
  ocm.declare(o);
  auto ic = ps.sub("central");
  central.declare(ic);
  auto g = ps.sub("gp");
  gp.declare(g);
  auto h = ps.sub("hp");
  // The HP ports are 64 bit, or 32 bit when the PL side is configured so (UG585 ch. 5 AFI).
  h.choice("width_bytes", hp.width_bytes, {{"4", 4u}, {"8", 8u}},
           "data width of S_AXI_HP0-3 in bytes (8 = 64 bit, 4 = 32 bit)");
  hp.declare(h);
  auto dm = ps.sub("dmac");
  dmac.declare(dm);
  ps.sub("cpu_bus").add("hop_cycles", cpu_bus_hop_cycles, "cycles",
                        "SCU to central interconnect latency (cpu_2x)", 0, 64);
  ps.sub("periph_bus").add("hop_cycles", periph_bus_hop_cycles, "cycles",
                           "central interconnect to the IOP/APB slaves (cpu_2x)", 0, 64);
  ps.sub("apb").add("access_cycles", apb_cycles, "cycles", "APB bridge cycles of a register access (cpu_1x)",
                    0, 256);
  ps.sub("private_bus").add("hop_cycles", private_bus_hop_cycles, "cycles",
                            "CPU private region (SCU, GIC, timers, L2CC) latency (cpu_3x2x)", 0, 64);
}

}  // namespace zvp
