// The simulation timeline (`--perfetto FILE.json`): slices, instants and counters in simulated
// time, written as the Chrome trace-event JSON that the Perfetto UI (ui.perfetto.dev) and
// chrome://tracing open. One process per SoC block group ("PS CPU", "PS DMAC", "PL ...",
// "Interrupts", "Firmware"), one track (thread) per block or channel.
//
// Cost when off: Timeline::get() is a null pointer; every call site is `if (auto* tl = ...)`.
// Size: events stream to the file as they happen, each one a small Boost.JSON object serialized
// on its own (nothing is kept in memory but the open slices); a filter keeps only tracks whose
// "process/thread" name contains one of its comma-separated words, and a cap on the number of
// events ends recording with one warning (open slices are closed at the end, so the file stays
// valid).
#pragma once
#include <boost/json/fwd.hpp>
#include <systemc>

#include <cstdint>
#include <cstdio>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace zvp {

class Timeline {
 public:
  // Opens the trace; throws ConfigError if the file cannot be written.
  static void open(const std::string& path, const std::string& filter, uint64_t max_events);
  // Closes open slices at `end` and completes the JSON; nothing happens when off.
  static void close(const sc_core::sc_time& end);
  static Timeline* get() { return instance_; }

  // A track: its group (process) and name (thread). -1 when the filter leaves it out; events
  // on track -1 are dropped.
  int track(const std::string& group, const std::string& name);
  // Slices on one track nest (begin/end pairs). `args` is the event's details as the viewer
  // shows them ({{"bytes", 64}, {"src", Timeline::hex(0x100000)}}; callers that pass it include
  // <boost/json/object.hpp>).
  void begin(int track, const std::string& name, const sc_core::sc_time& t);
  void begin(int track, const std::string& name, const sc_core::sc_time& t, const boost::json::object& args);
  void end(int track, const sc_core::sc_time& t);
  void complete(int track, const std::string& name, const sc_core::sc_time& t0, const sc_core::sc_time& t1);
  void complete(int track, const std::string& name, const sc_core::sc_time& t0, const sc_core::sc_time& t1,
                const boost::json::object& args);
  void instant(int track, const std::string& name, const sc_core::sc_time& t);
  void instant(int track, const std::string& name, const sc_core::sc_time& t, const boost::json::object& args);
  void counter(int track, const std::string& name, const sc_core::sc_time& t, double value);

  // Called by close() before the file ends (e.g. to report a last partial window).
  void at_close(std::function<void(const sc_core::sc_time&)> fn) { closers_.push_back(std::move(fn)); }
  uint64_t events() const { return events_; }
  bool capped() const { return capped_; }

  static std::string hex(uint64_t v);  // "0x..." for args

 private:
  struct Track {
    int pid, tid;
    std::vector<std::string> open;  // names of open slices, innermost last
    sc_core::sc_time last;
  };
  Timeline(std::FILE* f, const std::string& path, const std::string& filter, uint64_t max_events);
  bool room();  // false (and one warning) once the cap is reached
  // An event of phase `ph` on track k at t (the common fields, in the format's order).
  static boost::json::object event(const char* ph, const std::string* name, const Track& k, const sc_core::sc_time& t);
  void emit(const boost::json::object& e);
  static double ts(const sc_core::sc_time& t);

  static Timeline* instance_;
  std::FILE* f_;
  std::string path_;
  std::vector<std::string> filter_;
  uint64_t max_events_;
  uint64_t events_ = 0;
  bool capped_ = false, first_ = true;
  std::vector<Track> tracks_;
  std::map<std::string, int> pids_;              // group -> pid
  std::map<std::string, int> track_ids_;         // "group/name" -> track
  std::vector<std::function<void(const sc_core::sc_time&)>> closers_;
};

// A bandwidth counter on the timeline: bytes a port moves, reported per window of simulated
// time as MB/s (one counter event per window with traffic at the window's start, a 0 after an
// idle gap, the last window when the timeline closes). Costs one pointer test when off.
class TimelineBandwidth {
 public:
  TimelineBandwidth(std::string group, std::string track, std::string counter,
                    sc_core::sc_time window = sc_core::sc_time(10, sc_core::SC_US))
      : group_(std::move(group)), track_name_(std::move(track)), counter_(std::move(counter)), window_(window) {}
  // `bytes` finished moving at `at`.
  void add(uint64_t bytes, const sc_core::sc_time& at);

 private:
  void emit_window(Timeline& tl);
  std::string group_, track_name_, counter_;
  sc_core::sc_time window_;
  Timeline* tl_ = nullptr;  // the timeline this meter has registered with
  int track_ = -1;
  uint64_t cur_ = 0, bytes_ = 0;
  bool have_ = false;
};

}  // namespace zvp
