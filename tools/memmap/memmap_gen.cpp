// Generates the C headers of the memory map from YAML, so every address, IRQ id and register
// offset is written in exactly one place (docs/architecture.md, "Principles"). Both the C++ models
// and the C firmware include the results.
//
//   zvp_memmap_gen <out/zvp_memmap.h> <file.yaml>...
//
// Two kinds of input (tools/memmap/README.md describes the formats):
//  - a block's register map, `<name>.regs.yaml` next to its model -> <out dir>/regs/<name>_regs.h
//    (C macros, X-macro tables and, for C++, constants in zvp::regs::<block>);
//  - a SoC / PL-design map (any other .yaml): regions, IRQs, constants -> zvp_memmap.h, with the
//    table ZVP_MEMMAP_REGIONS(X) of every named region.
// All files are read in one run, so a macro name defined twice with different values anywhere is
// an error, and so is a block whose registers (or windows) overlap.
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "field_header.h"

namespace {

using Error = std::runtime_error;

std::string upper(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

std::string lower(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::string hex(uint64_t v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%08llXu", static_cast<unsigned long long>(v));
  return buf;
}

std::string dec(uint64_t v) { return std::to_string(v) + "u"; }

uint64_t num(const YAML::Node& n, const std::string& where) {
  try {
    return n.as<uint64_t>();
  } catch (const std::exception&) {
    throw Error(where + ": not an unsigned number");
  }
}

std::string str(const YAML::Node& n, const std::string& where) {
  try {
    return n.as<std::string>();
  } catch (const std::exception&) {
    throw Error(where + ": not a string");
  }
}

// One line of documentation in a C comment: no comment terminator, no line breaks.
std::string comment(std::string s) {
  for (size_t p; (p = s.find("*/")) != std::string::npos;) s.replace(p, 2, "* /");
  std::replace(s.begin(), s.end(), '\n', ' ');
  return s;
}

YAML::Node load_yaml(const std::string& path) {
  try {
    return YAML::LoadFile(path);
  } catch (const YAML::Exception& e) {
    throw Error(path + ": " + e.what());
  }
}

// Every macro of every output, so a name means one value across all headers.
struct Names {
  std::map<std::string, std::pair<std::string, std::string>> defs;  // name -> (value, origin)
  std::set<std::string> soc;  // the names zvp_memmap.h defines
  bool adding_soc = false;
  void add(const std::string& name, const std::string& value, const std::string& origin) {
    auto it = defs.find(name);
    if (it != defs.end() && it->second.first != value)
      throw Error(name + " defined twice with different values (" + it->second.second + ": " +
                  it->second.first + ", " + origin + ": " + value + ")");
    defs[name] = {value, origin};
    if (adding_soc) soc.insert(name);
  }
};

// A bit field of a register: bits [hi:lo], named values (enum) and its own access.
struct Field {
  std::string name, access, doc;
  uint64_t lo = 0, hi = 0;
  std::vector<std::pair<std::string, uint64_t>> enums;
  uint64_t width() const { return hi - lo + 1; }
  uint64_t mask() const { return ((width() >= 64 ? ~0ull : ((1ull << width()) - 1)) << lo); }
};

struct Reg {
  std::string name, access = "rw", doc;
  uint64_t offset = 0, width = 4, count = 1, stride = 0, reset = 0;  // reset: the value after power-on
  std::vector<Field> fields;
  // Bits software may write: the rw/wo/w1c fields, or the whole register unless it is read-only.
  uint64_t writable_mask() const {
    if (fields.empty()) return access == "ro" ? 0 : 0xFFFFFFFFull;
    uint64_t m = 0;
    for (const Field& f : fields)
      if (f.access != "ro") m |= f.mask();
    return m;
  }
  // Bits a written 1 clears.
  uint64_t w1c_mask() const {
    if (fields.empty()) return access == "w1c" ? 0xFFFFFFFFull : 0;
    uint64_t m = 0;
    for (const Field& f : fields)
      if (f.access == "w1c") m |= f.mask();
    return m;
  }
};

struct Window {
  std::string name, doc;
  uint64_t base = 0, size = 0;
};

struct Block {
  std::string name, doc, origin, extends;  // extends: a block whose registers this one starts with
  std::vector<Reg> regs;
  std::vector<Window> windows;
  std::vector<std::pair<std::string, uint64_t>> constants;
};

// A byte range one register instance (or window) occupies, for the overlap check.
struct Span {
  uint64_t lo, hi;  // [lo, hi)
  std::string what;
};

void check_overlaps(std::vector<Span> spans, const std::string& kind, const std::string& block,
                    const std::string& origin) {
  std::sort(spans.begin(), spans.end(), [](const Span& a, const Span& b) { return a.lo < b.lo; });
  for (size_t i = 1; i < spans.size(); ++i) {
    // Compare with every earlier span still open (a wide one may cover several later ones).
    for (size_t j = i; j-- > 0;) {
      if (spans[j].hi > spans[i].lo) {
        std::ostringstream m;
        m << origin << ": " << kind << " " << spans[j].what << " and " << spans[i].what << " of "
          << block << " overlap (at offset 0x" << std::hex << spans[i].lo << ")";
        throw Error(m.str());
      }
      if (j == 0) break;
    }
  }
}

void check_block(const Block& b) {
  std::vector<Span> spans;
  for (const Reg& r : b.regs)
    for (uint64_t i = 0; i < r.count; ++i) {
      const uint64_t lo = r.offset + i * r.stride;
      spans.push_back({lo, lo + r.width, r.count > 1 ? r.name + "[" + std::to_string(i) + "]" : r.name});
    }
  check_overlaps(spans, "registers", b.name, b.origin);
  spans.clear();
  for (const Window& w : b.windows) spans.push_back({w.base, w.base + w.size, w.name});
  check_overlaps(spans, "windows", b.name, b.origin);
}

const std::set<std::string> kAccesses{"rw", "ro", "wo", "w1c"};

// `bits: 3` or `bits: "7:4"` (hi:lo).
void parse_bits(Field& f, const YAML::Node& n, const std::string& where) {
  const std::string s = str(n, where);
  const auto colon = s.find(':');
  try {
    size_t used = 0;
    if (colon == std::string::npos) {
      f.lo = f.hi = std::stoull(s, &used, 0);
      if (used != s.size()) throw Error("");
    } else {
      f.hi = std::stoull(s.substr(0, colon), &used, 0);
      if (used != colon) throw Error("");
      f.lo = std::stoull(s.substr(colon + 1), &used, 0);
      if (used != s.size() - colon - 1) throw Error("");
    }
  } catch (const std::exception&) {
    throw Error(where + ": bits is a bit number or \"hi:lo\"");
  }
  if (f.hi < f.lo) throw Error(where + ": bits \"hi:lo\" needs hi >= lo");
}

// FIELD: {bits, access, enum: {NAME: value}, doc}; a field's access defaults to its register's.
Field parse_field(const std::string& name, const YAML::Node& n, const std::string& reg_access,
                  const std::string& where) {
  Field f;
  f.name = name;
  f.access = reg_access;
  if (!n.IsMap() || !n["bits"]) throw Error(where + ": a field is {bits: N or \"hi:lo\", ...}");
  for (auto it : n) {
    const auto key = it.first.as<std::string>();
    const std::string w = where + "." + key;
    if (key == "bits") parse_bits(f, it.second, w);
    else if (key == "access") f.access = lower(str(it.second, w));
    else if (key == "doc") f.doc = str(it.second, w);
    else if (key == "enum") {
      if (!it.second.IsMap()) throw Error(w + ": enum is {NAME: value, ...}");
      for (auto e : it.second) f.enums.push_back({upper(e.first.as<std::string>()), 0});
      size_t i = 0;
      for (auto e : it.second) f.enums[i++].second = num(e.second, w + "." + upper(e.first.as<std::string>()));
    } else throw Error(where + ": unknown key '" + key + "' (bits, access, enum, doc)");
  }
  if (!kAccesses.count(f.access)) throw Error(where + ": access must be rw, ro, wo or w1c");
  for (auto& [ename, v] : f.enums)
    if (f.width() < 64 && (v >> f.width()))
      throw Error(where + ": enum value " + ename + " does not fit the field's " + std::to_string(f.width()) + " bits");
  return f;
}

// Fields within the register's width, below bit 32 (the helpers work on 32-bit values), and
// disjoint: an error names both fields, as overlapping registers do.
void check_fields(const Reg& r, const std::string& where) {
  const uint64_t bits = std::min<uint64_t>(8 * r.width, 32);
  std::vector<const Field*> by_lo;
  for (const Field& f : r.fields) {
    if (f.hi >= bits)
      throw Error(where + ": field " + f.name + " (bits " + std::to_string(f.hi) + ":" + std::to_string(f.lo) +
                  ") lies outside the " + std::to_string(bits) + "-bit register " + r.name);
    by_lo.push_back(&f);
  }
  std::sort(by_lo.begin(), by_lo.end(), [](const Field* a, const Field* b) { return a->lo < b->lo; });
  for (size_t i = 1; i < by_lo.size(); ++i)
    for (size_t j = 0; j < i; ++j)
      if (by_lo[j]->hi >= by_lo[i]->lo)
        throw Error(where + ": fields " + by_lo[j]->name + " and " + by_lo[i]->name + " of register " + r.name +
                    " overlap (at bit " + std::to_string(by_lo[i]->lo) + ")");
}

Reg parse_reg(const std::string& name, const YAML::Node& n, const std::string& where) {
  Reg r;
  r.name = name;
  if (n.IsScalar()) {  // shorthand `NAME: offset`
    r.offset = num(n, where);
    return r;
  }
  if (!n.IsMap() || !n["offset"]) throw Error(where + ": a register is `offset` or {offset, ...}");
  for (auto it : n) {
    const auto key = it.first.as<std::string>();
    const std::string w = where + "." + key;
    if (key == "offset") r.offset = num(it.second, w);
    else if (key == "width") r.width = num(it.second, w);
    else if (key == "count") r.count = num(it.second, w);
    else if (key == "stride") r.stride = num(it.second, w);
    else if (key == "access") r.access = lower(str(it.second, w));
    else if (key == "doc") r.doc = str(it.second, w);
    else if (key == "reset") r.reset = num(it.second, w);
    else if (key == "fields") continue;  // after the register's access is known
    else throw Error(where + ": unknown key '" + key + "' (offset, width, count, stride, access, reset, fields, doc)");
  }
  if (!kAccesses.count(r.access)) throw Error(where + ": access must be rw, ro, wo or w1c");
  if (auto fs = n["fields"]) {
    if (!fs.IsMap()) throw Error(where + ".fields: {NAME: {bits, ...}, ...}");
    for (auto f : fs) {
      const auto fname = upper(f.first.as<std::string>());
      r.fields.push_back(parse_field(fname, f.second, r.access, where + "." + fname));
    }
  }
  if (r.width == 0 || r.width > 8) throw Error(where + ": width must be 1..8 bytes");
  if (r.count == 0) throw Error(where + ": count must be at least 1");
  if (r.count > 1 && r.stride < r.width) throw Error(where + ": an array needs a stride >= its width");
  if (r.width < 8 && r.reset >> (8 * r.width)) throw Error(where + ": reset value wider than the register");
  check_fields(r, where);
  return r;
}

Window parse_window(const std::string& name, const YAML::Node& n, const std::string& where) {
  Window w;
  w.name = name;
  if (n.IsSequence() && n.size() == 2) {
    w.base = num(n[0], where);
    w.size = num(n[1], where);
  } else if (n.IsMap() && n["base"] && n["size"]) {
    w.base = num(n["base"], where + ".base");
    w.size = num(n["size"], where + ".size");
    if (n["doc"]) w.doc = str(n["doc"], where + ".doc");
  } else {
    throw Error(where + ": a window is [base, size] or {base, size, doc}");
  }
  return w;
}

// A `<name>.regs.yaml`: blocks: {BLOCK: {doc, registers, windows, constants}}.
std::vector<Block> load_regs(const std::string& path) {
  YAML::Node root = load_yaml(path);
  if (!root.IsMap() || !root["blocks"] || !root["blocks"].IsMap())
    throw Error(path + ": a register map has `blocks: {NAME: {registers: ...}}`");
  for (auto it : root)
    if (it.first.as<std::string>() != "blocks") throw Error(path + ": unknown key '" + it.first.as<std::string>() + "'");
  std::vector<Block> out;
  for (auto bit : root["blocks"]) {
    Block b;
    b.name = upper(bit.first.as<std::string>());
    b.origin = path;
    const std::string where = path + ":" + b.name;
    for (auto it : bit.second) {
      const auto key = it.first.as<std::string>();
      if (key == "doc") {
        b.doc = str(it.second, where + ".doc");
      } else if (key == "extends") {
        b.extends = upper(str(it.second, where + ".extends"));
      } else if (key == "registers") {
        for (auto r : it.second) {
          auto name = upper(r.first.as<std::string>());
          b.regs.push_back(parse_reg(name, r.second, where + "." + name));
        }
      } else if (key == "windows") {
        for (auto w : it.second) {
          auto name = upper(w.first.as<std::string>());
          b.windows.push_back(parse_window(name, w.second, where + "." + name));
        }
      } else if (key == "constants") {
        for (auto c : it.second) {
          auto name = upper(c.first.as<std::string>());
          b.constants.push_back({name, num(c.second, where + "." + name)});
        }
      } else {
        throw Error(where + ": unknown key '" + key + "' (doc, extends, registers, windows, constants)");
      }
    }
    out.push_back(std::move(b));
  }
  if (out.empty()) throw Error(path + ": no block");
  return out;
}

struct Region {
  std::string name;
  uint64_t base, size;
};

// The SoC map and each PL design's placement (zvp_memmap.h).
struct SocMap {
  std::vector<Region> regions;
  std::map<std::string, Block> legacy_regs;  // `registers:` of PS blocks, merged across files
};

void load_soc(const std::string& path, const std::map<std::string, Block>& blocks, Names& names,
              SocMap& soc) {
  YAML::Node root = load_yaml(path);
  for (auto it : root) {
    static const std::set<std::string> keys{"regions", "irqs", "constants", "registers"};
    if (!keys.count(it.first.as<std::string>()))
      throw Error(path + ": unknown key '" + it.first.as<std::string>() + "' (regions, irqs, constants, registers)");
  }
  auto region = [&](const std::string& name, uint64_t base, uint64_t size) {
    names.add("ZVP_" + name + "_BASE", hex(base), path);
    names.add("ZVP_" + name + "_SIZE", hex(size), path);
    soc.regions.push_back({name, base, size});
  };
  if (auto r = root["regions"]) {
    for (auto it : r) {
      auto name = upper(it.first.as<std::string>());
      const std::string where = path + ":" + name;
      if (it.second.IsSequence() && it.second.size() == 2) {
        region(name, num(it.second[0], where), num(it.second[1], where));
        continue;
      }
      // {base, [size], map: BLOCK}: the block's windows become regions NAME_<WINDOW> at
      // base + offset; the size defaults to the block's constant SIZE (its aperture).
      const YAML::Node n = it.second;
      if (!n.IsMap() || !n["base"] || (!n["size"] && !n["map"]))
        throw Error(where + ": a region is [base, size] or {base, size, map: BLOCK}");
      const Block* b = nullptr;
      if (n["map"]) {
        const auto bname = upper(str(n["map"], where + ".map"));
        auto bi = blocks.find(bname);
        if (bi == blocks.end() || bi->second.windows.empty())
          throw Error(where + ": map '" + bname + "' is no block with windows in a .regs.yaml");
        b = &bi->second;
      }
      const uint64_t base = num(n["base"], where + ".base");
      uint64_t size = 0;
      if (n["size"]) {
        size = num(n["size"], where + ".size");
      } else {
        auto c = std::find_if(b->constants.begin(), b->constants.end(), [](auto& kv) { return kv.first == "SIZE"; });
        if (c == b->constants.end()) throw Error(where + ": no size, and block " + b->name + " has no constant SIZE");
        size = c->second;
      }
      region(name, base, size);
      if (b)
        for (const Window& w : b->windows) {
          if (w.base + w.size > size)
            throw Error(where + ": window " + w.name + " of " + b->name + " ends beyond the region");
          region(name + "_" + w.name, base + w.base, w.size);
        }
    }
  }
  if (auto r = root["irqs"])
    for (auto it : r) {
      auto name = upper(it.first.as<std::string>());
      names.add("ZVP_IRQ_" + name, dec(num(it.second, path + ":" + name)), path);
    }
  if (auto r = root["constants"])
    for (auto it : r) {
      auto name = upper(it.first.as<std::string>());
      names.add("ZVP_" + name, dec(num(it.second, path + ":" + name)), path);
    }
  // Offsets within a data layout shared by host and firmware (ddr_layout.yaml: the LeNet input
  // header); a device's registers belong in a .regs.yaml beside its model.
  if (auto r = root["registers"])
    for (auto blk : r) {
      auto bname = upper(blk.first.as<std::string>());
      Block& b = soc.legacy_regs[bname];
      b.name = bname;
      b.origin = b.origin.empty() ? path : b.origin + ", " + path;
      for (auto reg : blk.second) {
        auto name = upper(reg.first.as<std::string>());
        b.regs.push_back(parse_reg(name, reg.second, path + ":" + bname + "." + name));
      }
    }
}

// Block macros, shared by the register headers and zvp_memmap.h.
void block_macros(const Block& b, Names& names, std::ostringstream* s) {
  const std::string p = "ZVP_" + b.name + "_";
  auto def = [&](const std::string& name, const std::string& value, const std::string& doc) {
    names.add(name, value, b.origin);
    if (s) *s << "#define " << name << " " << value << (doc.empty() ? "" : "  /* " + comment(doc) + " */") << "\n";
  };
  // The X-macro table's name (register headers only), reserved so no register or constant takes it.
  if (s && !b.regs.empty()) {
    names.add(p + "REGS", "(the X-macro table of " + b.name + ")", b.origin);
    names.add(p + "RESETS", "(the reset-value X-macro table of " + b.name + ")", b.origin);
  }
  for (const Reg& r : b.regs) {
    def(p + r.name, hex(r.offset), r.doc.empty() ? "" : r.access + ": " + r.doc);
    if (r.count > 1) {
      def(p + r.name + "_COUNT", dec(r.count), "");
      def(p + r.name + "_STRIDE", hex(r.stride), "");
    }
    if (r.width != 4) def(p + r.name + "_WIDTH", dec(r.width), "");
    def(p + r.name + "_RESET", hex(r.reset), "");
    for (const Field& f : r.fields) {
      const std::string fp = p + r.name + "_" + f.name;
      def(fp + "_SHIFT", dec(f.lo), f.doc.empty() ? f.access : f.access + ": " + f.doc);
      def(fp + "_WIDTH", dec(f.width()), "");
      def(fp + "_MASK", hex(f.mask()), "");
      for (auto& [ename, v] : f.enums) def(fp + "_" + ename, hex(v), "");
    }
  }
  for (const Window& w : b.windows) {
    def(p + w.name + "_BASE", hex(w.base), w.doc);
    def(p + w.name + "_SIZE", hex(w.size), "");
  }
  for (auto& [name, v] : b.constants) def(p + name, dec(v), "");
}

// A register's field namespace is its name in lower case; a C++ keyword gets a trailing '_'.
std::string cxx_name(const std::string& n) {
  static const std::set<std::string> keywords{
      "and", "asm", "auto", "bool", "break", "case", "catch", "char", "class", "const", "continue",
      "default", "delete", "do", "double", "else", "enum", "explicit", "export", "extern", "false",
      "float", "for", "friend", "goto", "if", "inline", "int", "long", "mutable", "namespace", "new",
      "not", "operator", "or", "private", "protected", "public", "register", "return", "short",
      "signed", "sizeof", "static", "struct", "switch", "template", "this", "throw", "true", "try",
      "typedef", "typename", "union", "unsigned", "using", "virtual", "void", "volatile", "while", "xor"};
  return keywords.count(n) ? n + "_" : n;
}

std::string regs_header(const std::string& stem, const std::string& origin, const std::vector<Block>& blocks,
                        Names& names) {
  const std::string guard = "ZVP_REGS_" + upper(stem) + "_H";
  std::ostringstream s;
  const auto m = origin.rfind("/models/");
  s << "/* Generated by tools/memmap from " << (m == std::string::npos ? origin : origin.substr(m + 1))
    << ": do not edit. */\n"
    << "#ifndef " << guard << "\n#define " << guard << "\n\n#include \"zvp_field.h\"\n\n";
  for (const Block& b : blocks) {
    s << "/* " << b.name << (b.doc.empty() ? "" : ": " + comment(b.doc)) << " */\n";
    block_macros(b, names, &s);
    // X(name, offset, width, count, stride, access): for tables (tests, register dumps).
    if (!b.regs.empty()) {
      s << "#define ZVP_" << b.name << "_REGS(X)";
      for (const Reg& r : b.regs)
        s << " \\\n  X(" << r.name << ", " << hex(r.offset) << ", " << r.width << "u, " << r.count << "u, "
          << hex(r.stride) << ", " << upper(r.access) << ")";
      s << "\n";
      // X(name, offset, count, stride, access, reset): register files built from the map.
      s << "#define ZVP_" << b.name << "_RESETS(X)";
      for (const Reg& r : b.regs)
        s << " \\\n  X(" << r.name << ", " << hex(r.offset) << ", " << r.count << "u, " << hex(r.stride) << ", "
          << upper(r.access) << ", " << hex(r.reset) << ")";
      s << "\n";
    }
    s << "\n";
  }
  // C++: the same numbers as typed constants, zvp::regs::<block>::<NAME>.
  // extern "C++": the header may be included from an extern "C" block (C headers of the firmware
  // shared with host tests); C linkage would make the blocks' namespaced constants one entity.
  s << "#ifdef __cplusplus\nextern \"C++\" {\nnamespace zvp::regs {\n";
  for (const Block& b : blocks) {
    s << "namespace " << lower(b.name) << " {\n";
    for (const Reg& r : b.regs) {
      s << "inline constexpr uint32_t " << r.name << " = " << hex(r.offset) << ";\n";
      if (r.count > 1)
        s << "inline constexpr uint32_t " << r.name << "_COUNT = " << dec(r.count) << ", " << r.name
          << "_STRIDE = " << hex(r.stride) << ";\n";
      if (r.width != 4) s << "inline constexpr uint32_t " << r.name << "_WIDTH = " << dec(r.width) << ";\n";
      s << "inline constexpr uint64_t " << r.name << "_RESET = " << hex(r.reset) << ";\n";
      s << "inline constexpr RegInfo " << r.name << "_INFO{\"" << r.name << "\", " << hex(r.offset) << ", "
        << dec(r.width) << ", " << dec(r.count) << ", " << hex(r.stride) << ", Access::" << upper(r.access) << ", "
        << hex(r.reset) << ", " << hex(r.writable_mask()) << ", " << hex(r.w1c_mask()) << "};\n";
      if (!r.fields.empty()) {
        s << "namespace " << cxx_name(lower(r.name)) << " {\n";
        for (const Field& f : r.fields) {
          s << "inline constexpr Field " << f.name << "{" << dec(f.lo) << ", " << dec(f.width()) << "};\n";
          for (auto& [ename, v] : f.enums)
            s << "inline constexpr uint32_t " << f.name << "_" << ename << " = " << hex(v) << ";\n";
        }
        s << "}  // namespace " << cxx_name(lower(r.name)) << "\n";
      }
    }
    // Every register's descriptor, in map order (register files built from the map).
    if (!b.regs.empty()) {
      s << "inline constexpr const RegInfo* ALL_REGS[] = {";
      for (size_t i = 0; i < b.regs.size(); ++i) s << (i ? ", " : "") << "&" << b.regs[i].name << "_INFO";
      s << "};\n";
    }
    for (const Window& w : b.windows)
      s << "inline constexpr uint32_t " << w.name << "_BASE = " << hex(w.base) << ", " << w.name
        << "_SIZE = " << hex(w.size) << ";\n";
    for (auto& [name, v] : b.constants) s << "inline constexpr uint32_t " << name << " = " << dec(v) << ";\n";
    s << "}  // namespace " << lower(b.name) << "\n";
  }
  s << "}  // namespace zvp::regs\n}  // extern \"C++\"\n#endif\n\n#endif /* " << guard << " */\n";
  return s.str();
}

// Writes only when changed, so dependants do not rebuild needlessly.
bool write_if_changed(const std::string& path, const std::string& text) {
  {
    std::ifstream in(path);
    std::stringstream old;
    old << in.rdbuf();
    if (in && old.str() == text) return true;
  }
  std::ofstream f(path);
  f << text;
  return bool(f);
}

bool ends_with(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::string basename(const std::string& p) {
  const auto slash = p.find_last_of('/');
  return slash == std::string::npos ? p : p.substr(slash + 1);
}

std::string dirname(const std::string& p) {
  const auto slash = p.find_last_of('/');
  return slash == std::string::npos ? "." : p.substr(0, slash);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::cerr << "usage: zvp_memmap_gen <out/zvp_memmap.h> <map.yaml|block.regs.yaml>...\n";
    return 2;
  }
  const std::string out = argv[1];
  Names names;
  std::map<std::string, std::string> outputs;  // path -> text
  try {
    // Register maps first: SoC maps may place a block's windows (`map: BLOCK`).
    std::map<std::string, Block> blocks;
    std::vector<std::pair<std::string, std::vector<std::string>>> files;  // stem -> its blocks
    for (int i = 2; i < argc; ++i) {
      const std::string path = argv[i];
      if (!ends_with(path, ".regs.yaml")) continue;
      const std::string stem = basename(path).substr(0, basename(path).size() - std::string(".regs.yaml").size());
      files.push_back({stem, {}});
      for (Block& b : load_regs(path)) {
        if (blocks.count(b.name))
          throw Error("block " + b.name + " defined twice (" + blocks[b.name].origin + " and " + path + ")");
        files.back().second.push_back(b.name);
        blocks.emplace(b.name, std::move(b));
      }
    }
    // `extends: BASE`: the block starts with BASE's registers (an HLS IP's control registers), so
    // the offsets stay written once and the overlap check sees the whole block.
    for (auto& [name, b] : blocks) {
      if (b.extends.empty()) continue;
      auto base = blocks.find(b.extends);
      if (base == blocks.end() || !base->second.extends.empty())
        throw Error(b.origin + ": " + name + " extends '" + b.extends + "', no block without `extends`");
      b.regs.insert(b.regs.begin(), base->second.regs.begin(), base->second.regs.end());
    }
    for (auto& [name, b] : blocks) check_block(b);
    for (auto& [stem, names_of] : files) {
      std::vector<Block> bl;
      for (auto& n : names_of) bl.push_back(blocks[n]);
      const std::string hdr = dirname(out) + "/regs/" + stem + "_regs.h";
      if (outputs.count(hdr)) throw Error("two register maps named " + stem + ".regs.yaml");
      outputs[hdr] = regs_header(stem, bl.front().origin, bl, names);
    }
    SocMap soc;
    names.adding_soc = true;
    for (int i = 2; i < argc; ++i)
      if (!ends_with(argv[i], ".regs.yaml")) load_soc(argv[i], blocks, names, soc);
    for (auto& [name, b] : soc.legacy_regs) {
      if (blocks.count(name))
        throw Error("block " + name + " defined twice (" + blocks[name].origin + " and " + b.origin + ")");
      check_block(b);
      block_macros(b, names, nullptr);
    }
    std::ostringstream s;
    s << "/* Generated by tools/memmap from the YAML files in platform/soc/memmap and the memmap.yaml of\n"
      << " * each PL design in platform/designs: do not edit. The register offsets of the PL blocks are in\n"
      << " * regs/<block>_regs.h (from models/.../<block>.regs.yaml). */\n"
      << "#ifndef ZVP_MEMMAP_H\n#define ZVP_MEMMAP_H\n\n";
    for (const std::string& name : names.soc) s << "#define " << name << " " << names.defs[name].first << "\n";
    // X(NAME, base, size) for each named region: scenarios refer to DDR layouts by name.
    s << "\n#define ZVP_MEMMAP_REGIONS(X)";
    for (const Region& r : soc.regions) s << " \\\n  X(" << r.name << ", " << hex(r.base) << ", " << hex(r.size) << ")";
    s << "\n\n#endif /* ZVP_MEMMAP_H */\n";
    outputs[out] = s.str();
  } catch (const std::exception& e) {
    std::cerr << "zvp_memmap_gen: " << e.what() << "\n";
    return 2;
  }
  outputs[dirname(out) + "/regs/zvp_field.h"] = memmap::kFieldHeader;
  std::error_code ec;
  std::filesystem::create_directories(dirname(out) + "/regs", ec);
  for (auto& [path, text] : outputs)
    if (!write_if_changed(path, text)) {
      std::cerr << "zvp_memmap_gen: cannot write " << path << "\n";
      return 2;
    }
  return 0;
}
