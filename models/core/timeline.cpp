#include "timeline.h"

#include <algorithm>

#include "config_error.h"

namespace zvp {

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
      tl->emit("\"ph\": \"E\", \"pid\": " + std::to_string(k.pid) + ", \"tid\": " + std::to_string(k.tid) +
               ", \"ts\": " + ts(std::max(end, k.last)));
    }
  }
  std::fprintf(tl->f_, "\n],\n\"otherData\": {\"generator\": \"zvp\", \"events\": %llu, \"capped\": %s}}\n",
               static_cast<unsigned long long>(tl->events_), tl->capped_ ? "true" : "false");
  std::fclose(tl->f_);
  delete tl;
}

std::string Timeline::json_escape(const std::string& s) {
  std::string o;
  o.reserve(s.size() + 2);
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') {
      o += '\\';
      o += static_cast<char>(c);
    } else if (c < 0x20 || c >= 0x80) {  // control bytes and anything non-ASCII: \u00XX (valid JSON)
      char b[8];
      std::snprintf(b, sizeof b, "\\u%04x", c);
      o += b;
    } else {
      o += static_cast<char>(c);
    }
  }
  return o;
}

std::string Timeline::hex(uint64_t v) {
  char b[24];
  std::snprintf(b, sizeof b, "\"0x%llx\"", static_cast<unsigned long long>(v));
  return b;
}

// Microseconds with picosecond resolution (the trace format's unit).
std::string Timeline::ts(const sc_core::sc_time& t) {
  const uint64_t ps = t.value();  // the kernel's resolution is 1 ps
  char b[40];
  std::snprintf(b, sizeof b, "%llu.%06llu", static_cast<unsigned long long>(ps / 1000000),
                static_cast<unsigned long long>(ps % 1000000));
  return b;
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
    emit("\"ph\": \"M\", \"name\": \"process_name\", \"pid\": " + std::to_string(pid) + ", \"args\": {\"name\": \"" +
         json_escape(group) + "\"}");
  }
  const int tid = static_cast<int>(tracks_.size()) + 1;
  tracks_.push_back({pid, tid, {}, sc_core::SC_ZERO_TIME});
  emit("\"ph\": \"M\", \"name\": \"thread_name\", \"pid\": " + std::to_string(pid) + ", \"tid\": " +
       std::to_string(tid) + ", \"args\": {\"name\": \"" + json_escape(name) + "\"}");
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

void Timeline::emit(const std::string& body) {
  std::fputs(first_ ? "{" : ",\n{", f_);
  first_ = false;
  std::fputs(body.c_str(), f_);
  std::fputc('}', f_);
  ++events_;
}

namespace {
std::string args_of(const std::string& a) { return a.empty() ? "" : ", \"args\": {" + a + "}"; }
}  // namespace

void Timeline::begin(int track, const std::string& name, const sc_core::sc_time& t, const std::string& args_json) {
  if (track < 0 || !room()) return;
  Track& k = tracks_[static_cast<size_t>(track)];
  k.open.push_back(name);
  k.last = std::max(k.last, t);
  emit("\"ph\": \"B\", \"name\": \"" + json_escape(name) + "\", \"pid\": " + std::to_string(k.pid) +
       ", \"tid\": " + std::to_string(k.tid) + ", \"ts\": " + ts(t) + args_of(args_json));
}

void Timeline::end(int track, const sc_core::sc_time& t) {
  if (track < 0) return;
  Track& k = tracks_[static_cast<size_t>(track)];
  if (k.open.empty() || capped_) return;  // past the cap, close() ends what is open
  k.open.pop_back();
  k.last = std::max(k.last, t);
  emit("\"ph\": \"E\", \"pid\": " + std::to_string(k.pid) + ", \"tid\": " + std::to_string(k.tid) +
       ", \"ts\": " + ts(t));
}

void Timeline::complete(int track, const std::string& name, const sc_core::sc_time& t0, const sc_core::sc_time& t1,
                        const std::string& args_json) {
  if (track < 0 || !room()) return;
  Track& k = tracks_[static_cast<size_t>(track)];
  k.last = std::max(k.last, t1);
  emit("\"ph\": \"X\", \"name\": \"" + json_escape(name) + "\", \"pid\": " + std::to_string(k.pid) +
       ", \"tid\": " + std::to_string(k.tid) + ", \"ts\": " + ts(t0) + ", \"dur\": " + ts(t1 > t0 ? t1 - t0 : sc_core::SC_ZERO_TIME) +
       args_of(args_json));
}

void Timeline::instant(int track, const std::string& name, const sc_core::sc_time& t, const std::string& args_json) {
  if (track < 0 || !room()) return;
  Track& k = tracks_[static_cast<size_t>(track)];
  emit("\"ph\": \"i\", \"s\": \"t\", \"name\": \"" + json_escape(name) + "\", \"pid\": " + std::to_string(k.pid) +
       ", \"tid\": " + std::to_string(k.tid) + ", \"ts\": " + ts(t) + args_of(args_json));
}

void Timeline::counter(int track, const std::string& name, const sc_core::sc_time& t, double value) {
  if (track < 0 || !room()) return;
  Track& k = tracks_[static_cast<size_t>(track)];
  char v[40];
  std::snprintf(v, sizeof v, "%.6g", value);
  emit("\"ph\": \"C\", \"name\": \"" + json_escape(name) + "\", \"pid\": " + std::to_string(k.pid) +
       ", \"ts\": " + ts(t) + ", \"args\": {\"value\": " + v + "}");
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
