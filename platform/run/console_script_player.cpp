#include "console_script_player.h"

#include "core/units.h"

namespace zvp {

namespace {
constexpr size_t kTail = 72;              // characters of context in a failure message
constexpr size_t kPendingCap = 1u << 20;  // unmatched output kept for the next expect
}  // namespace

ConsoleScriptPlayer::ConsoleScriptPlayer(ConsoleScript script, SerialIn& rx) : script_(std::move(script)), rx_(rx) {}

void ConsoleScriptPlayer::on_tx(char c) {
  tail_ += c;
  if (tail_.size() > 2 * kTail) tail_.erase(0, tail_.size() - kTail);
  pending_ += c;
  if (expecting_ && !matched_) {
    const std::string& t = expecting_->text;
    if (pending_.size() >= t.size() && pending_.compare(pending_.size() - t.size(), t.size(), t) == 0) {
      matched_ = true;
      pending_.clear();
      // After sc_stop (the UARTs flush at the end of the simulation) nothing is notified.
      if (!sc_core::sc_end_of_simulation_invoked()) matched_ev_.notify(sc_core::SC_ZERO_TIME);
    }
  }
  if (pending_.size() > kPendingCap) pending_.erase(0, pending_.size() - kPendingCap / 2);
}

void ConsoleScriptPlayer::run() {
  sc_core::sc_time timeout;
  bool limited = false;
  for (step_ = 0; step_ < script_.steps.size(); ++step_) {
    const ScriptStep& st = script_.steps[step_];
    switch (st.kind) {
      case ScriptStep::Kind::Timeout:
        limited = !st.no_timeout;
        timeout = st.time;
        break;
      case ScriptStep::Kind::Send:
        rx_.write(st.text);
        break;
      case ScriptStep::Kind::Expect: {
        const size_t at = pending_.find(st.text);
        if (at != std::string::npos) {  // already transmitted
          pending_.erase(0, at + st.text.size());
          break;
        }
        expecting_ = &st;
        matched_ = false;
        if (limited) sc_core::wait(timeout, matched_ev_);
        else sc_core::wait(matched_ev_);
        expecting_ = nullptr;
        if (!matched_) {
          fail(st, "not seen within " + units::format_time(timeout) + " of simulated time");
          sc_core::sc_stop();
          return;
        }
        break;
      }
    }
  }
  done_ = true;
}

void ConsoleScriptPlayer::end_of_run() {
  if (done_ || failed()) return;
  size_t i = step_;
  if (expecting_ && matched_) ++i;  // matched in the final flush: the steps after it never ran
  for (; i < script_.steps.size(); ++i)
    if (script_.steps[i].kind == ScriptStep::Kind::Expect) {
      fail(script_.steps[i], "not seen before the run ended");
      return;
    }
}

void ConsoleScriptPlayer::fail(const ScriptStep& st, const std::string& why) {
  const std::string last = tail_.size() > kTail ? tail_.substr(tail_.size() - kTail) : tail_;
  failure_ = "console script " + script_.path + ":" + std::to_string(st.line) + ": expect \"" +
             escape_script_text(st.text) + "\" " + why + " (at " +
             units::format_time(sc_core::sc_time_stamp()) + "); last console output: \"" +
             escape_script_text(last) + "\"";
}

}  // namespace zvp
