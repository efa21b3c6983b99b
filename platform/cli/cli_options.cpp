#include "cli_options.h"

#include <map>
#include <sstream>

#include "core/config_error.h"

namespace zvp::cli {

namespace {

// The value's single token (po refuses none or several).
const std::string& token(const std::vector<std::string>& tokens) { return po::validators::get_single_string(tokens); }

// Runs a value parser of cli_args.h naming the option by po's placeholder, so the library's
// error names the option as the user spelled it ("--images: '-1' is not a whole number").
template <class F>
auto checked(F&& f) {
  try {
    return f("%canonical_option%");
  } catch (const UsageError& e) {
    throw po::error_with_option_name(e.what());
  }
}

// Text for Markdown: angle brackets as entities (GitHub would take <id> for a tag).
std::string escape(const std::string& s) {
  std::string out;
  for (char c : s) out += c == '<' ? "&lt;" : c == '>' ? "&gt;" : std::string(1, c);
  return out;
}

// Text for a Markdown table cell: one line, pipes and angle brackets escaped.
std::string cell(const std::string& s) {
  std::string out;
  for (char c : escape(s)) {
    if (c == '\n') {
      out += ' ';
    } else if (c == '|') {
      out += "\\|";
    } else {
      out += c;
    }
  }
  // Collapse the runs of spaces that the help text's line breaks leave.
  std::string squeezed;
  for (char c : out)
    if (!(c == ' ' && !squeezed.empty() && squeezed.back() == ' ')) squeezed += c;
  return squeezed;
}

void markdown_table(std::ostringstream& md, const OptionGroup& g) {
  const po::options_description& d = g.options;
  md << "**" << g.caption << "**\n\n| option | value | description |\n|---|---|---|\n";
  for (const auto& o : d.options()) {
    const std::string value = o->semantic()->max_tokens() == 0 ? "" : cell(o->format_parameter());
    std::string name = o->format_name();  // "-o [ --output ]" -> "-o, --output"
    const size_t bracket = name.find(" [ ");
    if (bracket != std::string::npos) name = name.substr(0, bracket) + "`, `" + name.substr(bracket + 3, name.size() - bracket - 5);
    md << "| `" << name << "` | " << (value.empty() ? "" : "`" + value + "`") << " | " << cell(o->description())
       << " |\n";
  }
  md << "\n";
}

}  // namespace

void validate(boost::any& v, const std::vector<std::string>& tokens, TimeValue*, int) {
  const std::string& t = token(tokens);
  v = TimeValue{checked([&](const std::string&) { return parse_time(t); })};
}

void validate(boost::any& v, const std::vector<std::string>& tokens, U32Value*, int) {
  const std::string& t = token(tokens);
  v = U32Value{checked([&](const std::string& what) { return parse_u32(t, what); })};
}

void validate(boost::any& v, const std::vector<std::string>& tokens, U64Value*, int) {
  const std::string& t = token(tokens);
  v = U64Value{checked([&](const std::string& what) { return parse_u64(t, what); })};
}

po::typed_value<std::string>* text(const char* value_name) { return po::value<std::string>()->value_name(value_name); }
po::typed_value<std::vector<std::string>>* repeatable(const char* value_name) {
  return po::value<std::vector<std::string>>()->value_name(value_name)->composing();
}
po::typed_value<TimeValue>* time_value(const char* value_name) { return po::value<TimeValue>()->value_name(value_name); }
po::typed_value<U32Value>* u32_value(const char* value_name) { return po::value<U32Value>()->value_name(value_name); }
po::typed_value<U64Value>* u64_value(const char* value_name) { return po::value<U64Value>()->value_name(value_name); }
po::typed_value<bool>* flag() { return po::bool_switch(); }

CommandSpec command_spec(std::string name, std::string usage, std::string intro, std::string epilogue,
                         std::string positional) {
  CommandSpec s;
  s.name = std::move(name);
  s.usage = std::move(usage);
  s.intro = std::move(intro);
  s.epilogue = std::move(epilogue);
  s.positional = std::move(positional);
  s.add()("help,h", flag(), "this text");
  return s;
}

bool Args::has(const std::string& name) const {
  auto it = vm.find(name);
  if (it == vm.end() || it->second.defaulted() || it->second.empty()) return false;
  if (const bool* b = boost::any_cast<bool>(&it->second.value())) return *b;
  return true;
}

std::string Args::get(const std::string& name, const std::string& def) const {
  auto it = vm.find(name);
  if (it == vm.end() || it->second.empty()) return def;
  return it->second.as<std::string>();
}

std::vector<std::string> Args::all(const std::string& name) const {
  auto it = vm.find(name);
  if (it == vm.end() || it->second.empty()) return {};
  return it->second.as<std::vector<std::string>>();
}

Args parse(const CommandSpec& spec, int argc, char** argv, int first) {
  // The positional arguments are a hidden option of their own.
  po::options_description all;
  all.add(spec.own.options);
  for (const auto& g : spec.groups) all.add(g.options);
  all.add_options()("zvp-positional", po::value<std::vector<std::string>>()->composing());
  po::positional_options_description pos;
  pos.add("zvp-positional", -1);
  // No abbreviations (--rep is not --report): a later option could make them ambiguous.
  const int style = po::command_line_style::default_style & ~po::command_line_style::allow_guessing;
  std::vector<std::string> tokens(argv + first, argv + argc);
  Args a;
  try {
    po::parsed_options parsed = po::command_line_parser(tokens).options(all).positional(pos).style(style).run();
    // A single-valued option given twice keeps its last value (as a later --max-sim-time
    // overrides a script's earlier one); repeatable options keep every value.
    std::map<std::string, size_t> last;
    for (size_t i = 0; i < parsed.options.size(); ++i) last[parsed.options[i].string_key] = i;
    std::vector<po::option> kept;
    for (size_t i = 0; i < parsed.options.size(); ++i) {
      const po::option& o = parsed.options[i];
      const po::option_description* d = all.find_nothrow(o.string_key, false);
      if (d && !d->semantic()->is_composing() && last[o.string_key] != i) continue;
      kept.push_back(o);
    }
    parsed.options = kept;
    po::store(parsed, a.vm);
    po::notify(a.vm);
  } catch (const po::unknown_option& e) {
    throw UsageError("unknown option " + e.get_option_name() + " (see --help)");
  } catch (const po::invalid_command_line_syntax& e) {
    if (e.kind() == po::invalid_command_line_syntax::missing_parameter)
      throw UsageError("option " + e.get_option_name() + " needs a value");
    if (e.kind() == po::invalid_command_line_syntax::extra_parameter)
      throw UsageError("option " + e.get_option_name() + " takes no value");
    throw UsageError(e.what());
  } catch (const po::error& e) {
    throw UsageError(e.what());
  }
  a.positional = a.all("zvp-positional");
  if (!a.positional.empty() && spec.positional.empty() && !a.has("help"))
    throw UsageError("unexpected argument '" + a.positional[0] + "' (see --help)");
  return a;
}

std::string help_text(const CommandSpec& spec) {
  std::ostringstream o;
  o << "usage: " << spec.usage << "\n\n";
  if (!spec.intro.empty()) o << spec.intro << "\n\n";
  o << spec.own.options;
  for (const auto& g : spec.groups) o << "\n" << g.options;
  if (!spec.epilogue.empty()) o << "\n" << spec.epilogue;
  std::string s = o.str();
  return s.back() == '\n' ? s : s + "\n";
}

std::string markdown(const CommandSpec& spec) {
  std::ostringstream md;
  md << "## zvp " << spec.name << "\n\n```\nusage: " << spec.usage << "\n```\n\n";
  if (!spec.intro.empty()) md << escape(spec.intro) << "\n\n";
  markdown_table(md, spec.own);
  for (const auto& g : spec.groups) markdown_table(md, g);
  if (!spec.epilogue.empty()) md << escape(spec.epilogue) << "\n";
  return md.str();
}

}  // namespace zvp::cli
