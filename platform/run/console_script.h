// The scripted console (`--console-script FILE`, scenario key `console_script`): a test's
// conversation with the board's console UART, played in simulated time so that the same run
// gives the same console and the same times. One command a line:
//   expect TEXT    wait until TEXT appears in the UART's transmitted stream (after the end of
//                  the previous expect's match)
//   send TEXT      type TEXT into the UART's receiver (the UART takes it in at its baud rate)
//   timeout TIME   simulated time each following expect may wait (e.g. 2s, 500ms; `none`: until
//                  the run ends); without one an expect waits until the run ends
//   # ...          a comment (so are blank lines)
// TEXT is everything after the command word and its separating blanks, with the escapes \n \r
// \t \\ \xNN (so a leading or trailing blank can be written \x20), and the run's values
// ${IMAGES} and ${FLAGS} (run.images / run.flags, after --images/--flags) replaced by their
// decimal value, so that a scenario's script follows the documented options.
#pragma once
#include <systemc>

#include <string>
#include <utility>
#include <vector>

namespace zvp {

struct ScriptStep {
  enum class Kind { Expect, Send, Timeout };
  Kind kind = Kind::Expect;
  std::string text;                        // Expect/Send: unescaped
  sc_core::sc_time time;                   // Timeout
  bool no_timeout = false;                 // Timeout: `none`
  unsigned line = 0;                       // 1-based, for messages
};

struct ConsoleScript {
  std::string path;
  std::vector<ScriptStep> steps;
};

// Throws ConfigError "PATH:LINE: ..." for an unknown command, a bad escape or time, an empty
// expect, or a file that cannot be read.
// `vars`: the ${NAME} values TEXT may use (another ${...} is an error naming it).
using ScriptVars = std::vector<std::pair<std::string, std::string>>;
ConsoleScript load_console_script(const std::string& path, const ScriptVars& vars = {});
ConsoleScript parse_console_script(const std::string& text, const std::string& path,
                                   const ScriptVars& vars = {});

// C-style escapes of TEXT (\n \r \t \\ \xNN); throws ConfigError naming `where` otherwise.
std::string unescape_script_text(const std::string& text, const std::string& where);
// The opposite, for messages: printable ASCII as is, the rest escaped.
std::string escape_script_text(const std::string& bytes);

}  // namespace zvp
