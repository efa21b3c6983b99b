#include "timeline.h"

#include <boost/json/object.hpp>
#include <boost/json/serialize.hpp>

#include <algorithm>

#include "config_error.h"
#include "utf8.h"

namespace zvp {

namespace json = boost::json;

Timeline* Timeline::instance_ = nullptr;

void Timeline::open(const std::string& path, const std::string& filter, uint64_t max_events) {
  if (instance_) return;
  std::FILE* f = std::fopen(path.c_str(), "w");
  if (!f) throw ConfigError("--perfetto: cannot write " + path);
  instance_ = new Timeline(f, path, filter, max_events);
}

Timeline::Timeline(std::FILE* f, const std::string& path, const std::string& filter, uint64_t max_events)
    : f_(f), path_(path), max_events_(max_events) {
  for (size_t a = 0; a <= filter.size();) {
    size_t b = filter.find(',', a);
    if (b == std::string::npos) b = filter.size();
    if (b > a) filter_.push_back(filter.substr(a, b - a));
    a = b + 1;
  }
  std::fputs("{\"displayTimeUnit\": \"ns\",\n\"traceEvents\": [\n", f_);
}

void Timeline::close(const sc_core::sc_time& end) {
  Timeline* tl = instance_;
  if (!tl) return;
  for (auto& fn : tl->closers_) fn(end);
  instance_ = nullptr;
  // Close what is still open, even past the cap: every begin has its end.
  for (size_t i = 0; i < tl->tracks_.size(); ++i) {
    Track& k = tl->tracks_[i];
    while (!k.open.empty()) {
      k.open.pop_back();
      tl->emit(event("E", nullptr, k, std::max(end, k.last)));
    }
  }
  const json::object other{{"generator", "zvp"}, {"events", tl->events_}, {"capped", tl->capped_}};
  std::fprintf(tl->f_, "\n],\n\"otherData\": %s}\n", json::serialize(other).c_str());
  std::fclose(tl->f_);
  delete tl;
}

std::string Timeline::hex(uint64_t v) {
  char b[24];
  std::snprintf(b, sizeof b, "0x%llx", static_cast<unsigned long long>(v));
  return b;
}

// Microseconds (the trace format's unit) from the kernel's picoseconds. The library writes the
// shortest text that reads back as the same double, which is the exact decimal ps / 10^6 up to
// 15 significant digits: below 10^15 ps, 1,000 s of simulated time.
double Timeline::ts(const sc_core::sc_time& t) { return double(t.value()) / 1e6; }

// The fields every event has, in the order the viewers' documentation lists them.
json::object Timeline::event(const char* ph, const std::string* name, const Track& k, const sc_core::sc_time& t) {
  json::object e;
  e.reserve(7);
  e.emplace("ph", ph);
  if (name) e.emplace("name", valid_utf8(*name));
  e.emplace("pid", k.pid);
  e.emplace("tid", k.tid);
  e.emplace("ts", ts(t));
  return e;
}

int Timeline::track(const std::string& group, const std::string& name) {
  const std::string full = group + "/" + name;
  auto it = track_ids_.find(full);
  if (it != track_ids_.end()) return it->second;
  bool keep = filter_.empty();
  for (const auto& w : filter_) keep = keep || full.find(w) != std::string::npos;
  if (!keep || !room()) return track_ids_[full] = -1;  // past the cap: nothing more is recorded
  auto p = pids_.find(group);
  const bool new_group = p == pids_.end();
  const int pid = new_group ? static_cast<int>(pids_.size()) + 1 : p->second;
  if (new_group) {
    pids_[group] = pid;
    emit({{"ph", "M"}, {"name", "process_name"}, {"pid", pid}, {"args", {{"name", valid_utf8(group)}}}});
  }
  const int tid = static_cast<int>(tracks_.size()) + 1;
  tracks_.push_back({pid, tid, {}, sc_core::SC_ZERO_TIME});
  emit({{"ph", "M"}, {"name", "thread_name"}, {"pid", pid}, {"tid", tid}, {"args", {{"name", valid_utf8(name)}}}});
  return track_ids_[full] = tid - 1;
}

bool Timeline::room() {
  if (events_ < max_events_) return true;
  if (!capped_) {
    capped_ = true;
    std::fprintf(stderr,
                 "[zvp] --perfetto: %llu events written to %s, the cap (--perfetto-max-events) is reached: "
                 "later events are not recorded (use --perfetto-filter to keep fewer tracks)\n",
                 static_cast<unsigned long long>(events_), path_.c_str());
  }
  return false;
}

void Timeline::emit(const json::object& e) {
  std::fputs(first_ ? "" : ",\n", f_);
  first_ = false;
  std::fputs(json::serialize(e).c_str(), f_);
  ++events_;
}

void Timeline::begin(int track, const std::string& name, const sc_core::sc_time& t) {
  begin(track, name, t, json::object());
}

void Timeline::begin(int track, const std::string& name, const sc_core::sc_time& t, const json::object& args) {
  if (track < 0 || !room()) return;
  Track& k = tracks_[static_cast<size_t>(track)];
  k.open.push_back(name);
  k.last = std::max(k.last, t);
  json::object e = event("B", &name, k, t);
  if (!args.empty()) e.emplace("args", args);
  emit(e);
}

void Timeline::end(int track, const sc_core::sc_time& t) {
  if (track < 0) return;
  Track& k = tracks_[static_cast<size_t>(track)];
  if (k.open.empty() || capped_) return;  // past the cap, close() ends what is open
  k.open.pop_back();
  k.last = std::max(k.last, t);
  emit(event("E", nullptr, k, t));
}

void Timeline::complete(int track, const std::string& name, const sc_core::sc_time& t0, const sc_core::sc_time& t1) {
  complete(track, name, t0, t1, json::object());
}

void Timeline::complete(int track, const std::string& name, const sc_core::sc_time& t0, const sc_core::sc_time& t1,
                        const json::object& args) {
  if (track < 0 || !room()) return;
  Track& k = tracks_[static_cast<size_t>(track)];
  k.last = std::max(k.last, t1);
  json::object e = event("X", &name, k, t0);
  e.emplace("dur", ts(t1 > t0 ? t1 - t0 : sc_core::SC_ZERO_TIME));
  if (!args.empty()) e.emplace("args", args);
  emit(e);
}

void Timeline::instant(int track, const std::string& name, const sc_core::sc_time& t) {
  instant(track, name, t, json::object());
}

void Timeline::instant(int track, const std::string& name, const sc_core::sc_time& t, const json::object& args) {
  if (track < 0 || !room()) return;
  const Track& k = tracks_[static_cast<size_t>(track)];
  json::object e = event("i", &name, k, t);
  e.emplace("s", "t");  // thread-scoped: drawn on its track
  if (!args.empty()) e.emplace("args", args);
  emit(e);
}

void Timeline::counter(int track, const std::string& name, const sc_core::sc_time& t, double value) {
  if (track < 0 || !room()) return;
  // A counter belongs to its process (its track only names it): no tid.
  emit({{"ph", "C"}, {"name", valid_utf8(name)}, {"pid", tracks_[static_cast<size_t>(track)].pid}, {"ts", ts(t)},
        {"args", {{"value", value}}}});
}

void TimelineBandwidth::emit_window(Timeline& tl) {
  const double mb_per_s = double(bytes_) / window_.to_seconds() / 1e6;
  tl.counter(track_, counter_, window_ * double(cur_), mb_per_s);
}

void TimelineBandwidth::add(uint64_t bytes, const sc_core::sc_time& at) {
  Timeline* tl = Timeline::get();
  if (!tl) return;
  if (tl != tl_) {  // a new timeline: register the last-window report with it
    tl_ = tl;
    track_ = tl->track(group_, track_name_);
    have_ = false;
    bytes_ = 0;
    if (track_ < 0) return;
    tl->at_close([this](const sc_core::sc_time&) {
      if (have_ && tl_) emit_window(*tl_);
      have_ = false;
      tl_ = nullptr;
    });
  }
  if (track_ < 0) return;
  const uint64_t w = uint64_t(at / window_);
  if (!have_) {
    cur_ = w;
    have_ = true;
  } else if (w > cur_) {  // the window is over: report it, and a 0 if idle windows follow
    emit_window(*tl);
    if (w > cur_ + 1) tl->counter(track_, counter_, window_ * double(cur_ + 1), 0);
    cur_ = w;
    bytes_ = 0;
  }
  bytes_ += bytes;  // (a transfer ending in an earlier window, from a master running ahead, counts here)
}

}  // namespace zvp
