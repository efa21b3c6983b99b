// Writes docs/scenarios.md from the bundled scenarios (scenarios/*.yaml) and sweep files
// (scenarios/sweeps/*.yaml), so the list a user reads is the list the repository has. The build
// writes <build>/docs/scenarios.md (target docs_pages); the test docs.scenarios.current fails
// when the committed copy differs from it.
//
//   zvp_scenarios_doc SOURCE_DIR > scenarios.md
//
// Reads the YAML directly (only the keys a reader needs: description, board, PL design, timing,
// inputs, expectations, reference numbers); the scenario loader checks the files' validity.
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

std::vector<fs::path> yaml_files(const fs::path& dir) {
  std::vector<fs::path> out;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.is_regular_file() && e.path().extension() == ".yaml") out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

std::string scalar(const YAML::Node& n, const std::string& fallback = "") {
  return n && n.IsScalar() ? n.as<std::string>() : fallback;
}

// One line of Markdown from a folded or literal YAML text: whitespace runs become one space,
// and '|' is escaped so it cannot end a table cell.
std::string one_line(const std::string& s) {
  std::string out;
  bool space = false;
  for (char c : s) {
    if (c == '\n' || c == ' ' || c == '\t') {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    if (c == '|') out += '\\';
    out += c;
  }
  return out;
}

std::string keys_of(const YAML::Node& map) {
  std::string out;
  if (!map || !map.IsMap()) return out;
  for (const auto& kv : map) out += (out.empty() ? "`" : ", `") + kv.first.as<std::string>() + "`";
  return out;
}

// A heading's anchor as Markdown renderers make it (lower case).
std::string anchor_of(std::string s) {
  for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// "${BUILD}/firmware/arm/x.elf" as the user's build tree has it: build/firmware/arm/x.elf.
std::string in_build(std::string s) {
  if (s.rfind("${BUILD}", 0) == 0) s = "build" + s.substr(8);
  return s;
}

// The design a scenario runs: its `pl:` (a name, or {design, variant}), else its board's.
std::string design_of(const YAML::Node& sc, const fs::path& source) {
  const YAML::Node pl = sc["pl"];
  if (pl && pl.IsScalar()) return pl.as<std::string>();
  if (pl && pl.IsMap()) {
    std::string d = scalar(pl["design"]);
    if (pl["variant"]) d += ":" + scalar(pl["variant"]);
    return d;
  }
  const fs::path board = source / "platform/soc/boards" / (scalar(sc["board"]) + ".yaml");
  if (!fs::exists(board)) return "?";
  return scalar(YAML::LoadFile(board.string())["pl_design"], "none") + " (the board's)";
}

// The comment block a sweep file opens with, without its command lines ("#   zvp sweep ...").
std::string leading_comment(const fs::path& file) {
  FILE* f = std::fopen(file.string().c_str(), "r");
  if (!f) return "";
  std::string text, line;
  char buf[4096];
  while (std::fgets(buf, sizeof buf, f)) {
    line = buf;
    if (line.rfind("#", 0) != 0) break;
    line = line.substr(1);
    if (line.find("zvp sweep") != std::string::npos) continue;
    text += line;
  }
  std::fclose(f);
  return one_line(text);
}

void scenarios_section(const fs::path& source) {
  std::printf("## Scenarios\n\n");
  std::printf("| scenario | board | PL design | timing | inputs | labels |\n|---|---|---|---|---|---|\n");
  const auto files = yaml_files(source / "scenarios");
  for (const auto& f : files) {
    const YAML::Node sc = YAML::LoadFile(f.string());
    const std::string images = sc["run"] ? scalar(sc["run"]["images"], "-") : "-";
    std::string labels;
    if (sc["labels"])
      for (const auto& l : sc["labels"]) labels += (labels.empty() ? "" : ", ") + l.as<std::string>();
    std::printf("| [`%s`](#%s) | %s | %s | %s | %s | %s |\n", scalar(sc["scenario"]).c_str(),
                anchor_of(scalar(sc["scenario"])).c_str(), scalar(sc["board"]).c_str(), design_of(sc, source).c_str(),
                scalar(sc["timing"], "lt").c_str(), images == "0" ? "all" : images.c_str(), labels.c_str());
  }
  std::printf("\n");
  for (const auto& f : files) {
    const YAML::Node sc = YAML::LoadFile(f.string());
    const std::string name = scalar(sc["scenario"]);
    std::printf("### %s\n\n", name.c_str());
    std::printf("%s\n\n", one_line(scalar(sc["description"])).c_str());
    std::printf("- file: `scenarios/%s`\n", f.filename().string().c_str());
    if (sc["firmware"]) std::printf("- firmware: `%s`\n", in_build(scalar(sc["firmware"]["arm"])).c_str());
    const YAML::Node ex = sc["expect"];
    std::string checks;
    if (ex && ex.IsMap())
      for (const auto& kv : ex) {
        const std::string k = kv.first.as<std::string>();
        if (k == "results" || k == "regression") continue;
        checks += (checks.empty() ? "`" : ", `") + k + "`";
      }
    if (!checks.empty()) std::printf("- checks: %s\n", checks.c_str());
    if (ex && ex["results"]) std::printf("- result bands: %s\n", keys_of(ex["results"]).c_str());
    if (ex && ex["regression"]) std::printf("- regression bands: %s\n", keys_of(ex["regression"]).c_str());
    if (sc["reference"] && sc["reference"].IsMap()) {
      std::string refs;
      for (const auto& kv : sc["reference"])
        refs += (refs.empty() ? "`" : ", `") + kv.first.as<std::string>() + "` " + scalar(kv.second);
      std::printf("- seed reference: %s\n", refs.c_str());
    }
    std::printf("\n");
  }
}

void sweeps_section(const fs::path& source) {
  std::printf("## Sweeps\n\n");
  for (const auto& f : yaml_files(source / "scenarios/sweeps")) {
    const YAML::Node sw = YAML::LoadFile(f.string());
    const std::string name = scalar(sw["sweep"]);
    std::printf("### %s\n\n%s\n\n", name.c_str(), leading_comment(f).c_str());
    std::printf("- file: `scenarios/sweeps/%s` (`zvp sweep scenarios/sweeps/%s --out sweep-%s`)\n",
                f.filename().string().c_str(), f.filename().string().c_str(), name.c_str());
    std::string scen;
    for (const auto& s : sw["scenarios"]) {
      std::string p = s.as<std::string>();
      const auto slash = p.rfind('/');
      scen += (scen.empty() ? "`" : ", `") + (slash == std::string::npos ? p : p.substr(slash + 1)) + "`";
    }
    std::printf("- scenarios: %s\n", scen.c_str());
    // The axes as written (a list, or a range from/to/step); zvp sweep expands and counts them.
    std::string axes;
    for (const auto& kv : sw["axes"]) {
      const YAML::Node v = kv.second;
      std::string vals;
      if (v.IsSequence())
        for (const auto& x : v) vals += (vals.empty() ? "" : ", ") + scalar(x);
      else if (v.IsMap())
        vals = scalar(v["from"]) + " to " + scalar(v["to"]) + " step " + scalar(v["step"]);
      axes += "\n  - `" + kv.first.as<std::string>() + "`: " + vals;
    }
    if (sw["timing"] && sw["timing"].IsSequence()) {
      std::string modes;
      for (const auto& x : sw["timing"]) modes += (modes.empty() ? "" : ", ") + scalar(x);
      axes += "\n  - timing: " + modes;
    }
    std::printf("- axes (%s%s):%s\n", scalar(sw["combine"], "product").c_str(),
                sw["filters"] ? ", some combinations filtered out" : "", axes.c_str());
    if (sw["images"]) std::printf("- inputs per point: %s\n", scalar(sw["images"]).c_str());
    if (sw["metrics"]) {
      std::string m;
      for (const auto& x : sw["metrics"]) m += (m.empty() ? "`" : ", `") + x.as<std::string>() + "`";
      std::printf("- metrics: %s\n", m.c_str());
    }
    std::printf("\n");
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: zvp_scenarios_doc SOURCE_DIR\n");
    return 2;
  }
  const fs::path source = argv[1];
  try {
    std::printf(
        "<!-- Generated by tools/docs/scenarios_doc.cpp from scenarios/*.yaml and scenarios/sweeps/*.yaml.\n"
        "     Do not edit: the build writes <build>/docs/scenarios.md (target docs_pages); copy it here\n"
        "     when a scenario changes (test docs.scenarios.current). -->\n");
    std::printf("# Bundled scenarios and sweeps\n\n");
    std::printf(
        "Every scenario runs with `zvp run scenarios/<file> [options]` and every sweep with\n"
        "`zvp sweep scenarios/sweeps/<file>` ([usage.md](usage.md), [parameters-and-sweeps.md](parameters-and-sweeps.md)).\n"
        "*inputs* is the scenario's `run.images` (`all`: every input of its data file; `-`: none);\n"
        "`--images N` changes it. Scenarios labelled `slow` run in `ctest --preset slow` only.\n\n");
    scenarios_section(source);
    sweeps_section(source);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "zvp_scenarios_doc: %s\n", e.what());
    return 2;
  }
  return 0;
}
