#include "fdt.h"

#include <cstdio>
#include <map>

namespace zvp::direct_boot {

namespace {

enum Token : uint32_t { kBeginNode = 1, kEndNode = 2, kProp = 3, kNop = 4, kEnd = 9 };
constexpr uint32_t kHeaderV17 = 40;   // ten words
constexpr uint32_t kHeaderV16 = 36;   // without size_dt_struct
constexpr unsigned kMaxDepth = 64;    // deeper than any real tree; bounds a hostile one

uint32_t be32(const uint8_t* p) {
  return uint32_t(p[0]) << 24 | uint32_t(p[1]) << 16 | uint32_t(p[2]) << 8 | p[3];
}

void put32(std::vector<uint8_t>& out, uint32_t v) {
  for (int s = 24; s >= 0; s -= 8) out.push_back(uint8_t(v >> s));
}

void pad4(std::vector<uint8_t>& out) {
  while (out.size() % 4) out.push_back(0);
}

std::string hex(uint64_t v) {
  char b[24];
  std::snprintf(b, sizeof b, "0x%llx", static_cast<unsigned long long>(v));
  return b;
}

// A NUL-terminated string at [p, end); FdtError naming `what` when it runs off the end.
std::string cstring(const uint8_t* p, const uint8_t* end, const std::string& what) {
  const uint8_t* q = p;
  while (q < end && *q) ++q;
  if (q == end) throw FdtError(what + " is not NUL-terminated inside its block");
  return std::string(reinterpret_cast<const char*>(p), q - p);
}

// The structure block, token by token, into `root`.
void parse_structure(const uint8_t* s, uint32_t size, const uint8_t* strings, uint32_t strings_size,
                     FdtNode& root) {
  std::vector<FdtNode*> open;  // the nodes whose FDT_END_NODE is still to come
  uint32_t pos = 0;
  bool root_done = false;
  auto where = [&](uint32_t at) { return "structure block offset " + hex(at); };
  for (;;) {
    if (pos + 4 > size) throw FdtError("structure block ends without FDT_END");
    const uint32_t at = pos;
    const uint32_t tok = be32(s + pos);
    pos += 4;
    switch (tok) {
      case kBeginNode: {
        if (root_done) throw FdtError(where(at) + ": a node after the root node");
        const std::string name = cstring(s + pos, s + size, "node name at " + where(at));
        pos += (uint32_t(name.size()) + 1 + 3) & ~3u;
        if (open.empty()) {
          if (!name.empty()) throw FdtError(where(at) + ": the root node has a name ('" + name + "')");
          open.push_back(&root);
        } else {
          if (name.empty()) throw FdtError(where(at) + ": a node without a name");
          if (open.size() >= kMaxDepth) throw FdtError(where(at) + ": nodes nested deeper than 64");
          FdtNode* parent = open.back();
          parent->children.push_back(std::make_unique<FdtNode>());
          parent->children.back()->name = name;
          open.push_back(parent->children.back().get());
        }
        break;
      }
      case kEndNode:
        if (open.empty()) throw FdtError(where(at) + ": FDT_END_NODE without a node");
        open.pop_back();
        if (open.empty()) root_done = true;
        break;
      case kProp: {
        if (open.empty()) throw FdtError(where(at) + ": a property outside any node");
        if (pos + 8 > size) throw FdtError(where(at) + ": property header runs off the block");
        const uint32_t len = be32(s + pos), nameoff = be32(s + pos + 4);
        pos += 8;
        if (len > size - pos) throw FdtError(where(at) + ": property value (" + std::to_string(len) +
                                             " bytes) runs off the structure block");
        if (nameoff >= strings_size)
          throw FdtError(where(at) + ": property name offset " + hex(nameoff) + " is outside the strings block");
        FdtProperty p;
        p.name = cstring(strings + nameoff, strings + strings_size, "property name at strings offset " + hex(nameoff));
        p.value.assign(s + pos, s + pos + len);
        open.back()->props.push_back(std::move(p));
        pos += (len + 3) & ~3u;
        if (pos > size) pos = size;  // the padding of the last value may be missing: caught above next round
        break;
      }
      case kNop:
        break;
      case kEnd:
        if (!root_done) throw FdtError(where(at) + ": FDT_END before the root node is closed");
        return;
      default:
        throw FdtError(where(at) + ": unknown token " + hex(tok));
    }
  }
}

// Writes the strings block: each name once.
uint32_t string_offset(std::map<std::string, uint32_t>& table, std::vector<uint8_t>& strings, const std::string& n) {
  auto it = table.find(n);
  if (it != table.end()) return it->second;
  const uint32_t off = static_cast<uint32_t>(strings.size());
  strings.insert(strings.end(), n.begin(), n.end());
  strings.push_back(0);
  table.emplace(n, off);
  return off;
}

void write_node(const FdtNode& n, std::vector<uint8_t>& st, std::vector<uint8_t>& strings,
                std::map<std::string, uint32_t>& table) {
  put32(st, kBeginNode);
  st.insert(st.end(), n.name.begin(), n.name.end());
  st.push_back(0);
  pad4(st);
  for (const FdtProperty& p : n.props) {
    put32(st, kProp);
    put32(st, static_cast<uint32_t>(p.value.size()));
    put32(st, string_offset(table, strings, p.name));
    st.insert(st.end(), p.value.begin(), p.value.end());
    pad4(st);
  }
  for (const auto& c : n.children) write_node(*c, st, strings, table);
  put32(st, kEndNode);
}

}  // namespace

uint32_t fdt_u32(const std::vector<uint8_t>& v, size_t offset) {
  return offset + 4 <= v.size() ? be32(v.data() + offset) : 0;
}

std::string fdt_string(const std::vector<uint8_t>& v) {
  if (v.empty() || v.back() != 0) return "";
  return std::string(reinterpret_cast<const char*>(v.data()));
}

const FdtProperty* FdtNode::prop(const std::string& n) const {
  for (const FdtProperty& p : props)
    if (p.name == n) return &p;
  return nullptr;
}

FdtNode* FdtNode::child(const std::string& n) const {
  for (const auto& c : children)
    if (c->name == n) return c.get();
  return nullptr;
}

void FdtNode::set(const std::string& n, std::vector<uint8_t> value) {
  for (FdtProperty& p : props)
    if (p.name == n) {
      p.value = std::move(value);
      return;
    }
  props.push_back({n, std::move(value)});
}

void FdtNode::set_string(const std::string& n, const std::string& s) {
  std::vector<uint8_t> v(s.begin(), s.end());
  v.push_back(0);
  set(n, std::move(v));
}

void FdtNode::set_u32(const std::string& n, uint32_t v) {
  std::vector<uint8_t> b;
  put32(b, v);
  set(n, std::move(b));
}

void FdtNode::set_u64(const std::string& n, uint64_t v) {
  std::vector<uint8_t> b;
  put32(b, uint32_t(v >> 32));
  put32(b, uint32_t(v));
  set(n, std::move(b));
}

FdtNode& FdtNode::add_child(const std::string& n) {
  if (FdtNode* c = child(n)) return *c;
  children.push_back(std::make_unique<FdtNode>());
  children.back()->name = n;
  return *children.back();
}

FdtNode* Fdt::find(const std::string& path) {
  if (path.empty() || path[0] != '/') return nullptr;
  FdtNode* n = &root_;
  for (size_t b = 1; b < path.size() && n;) {
    size_t e = path.find('/', b);
    if (e == std::string::npos) e = path.size();
    if (e > b) n = n->child(path.substr(b, e - b));
    b = e + 1;
  }
  return n;
}

Fdt Fdt::parse(const std::vector<uint8_t>& blob) {
  const uint8_t* b = blob.data();
  if (blob.size() < kHeaderV16) throw FdtError("too short for a device tree header (" + std::to_string(blob.size()) + " bytes)");
  if (be32(b) != kFdtMagic) throw FdtError("no device tree magic 0xd00dfeed at offset 0");
  const uint32_t total = be32(b + 4), off_struct = be32(b + 8), off_strings = be32(b + 12),
                 off_rsv = be32(b + 16), version = be32(b + 20), last_comp = be32(b + 24),
                 cpuid = be32(b + 28), size_strings = be32(b + 32);
  if (version < 16 || last_comp > 17)
    throw FdtError("device tree version " + std::to_string(version) + " (compatible down to " +
                   std::to_string(last_comp) + "); versions 16 and 17 are read");
  const uint32_t header = version >= 17 ? kHeaderV17 : kHeaderV16;
  if (total > blob.size())
    throw FdtError("header totalsize " + std::to_string(total) + " is larger than the file (" +
                   std::to_string(blob.size()) + " bytes)");
  if (total < header) throw FdtError("header totalsize " + std::to_string(total) + " is smaller than the header");
  auto inside = [&](uint64_t off, uint64_t size, const char* what) {
    if (off < header || off > total || size > total - off)
      throw FdtError(std::string(what) + " [" + hex(off) + ", +" + hex(size) + ") is outside the blob (totalsize " +
                     hex(total) + ")");
  };
  if (off_struct % 4) throw FdtError("structure block offset " + hex(off_struct) + " is not 4-byte aligned");
  if (off_rsv % 8) throw FdtError("memory reservation block offset " + hex(off_rsv) + " is not 8-byte aligned");
  const uint32_t size_struct = version >= 17 ? be32(b + 36) : (off_struct <= total ? total - off_struct : 0);
  inside(off_struct, size_struct, "structure block");
  inside(off_strings, size_strings, "strings block");
  inside(off_rsv, 0, "memory reservation block");

  Fdt f;
  f.boot_cpuid_ = cpuid;
  for (uint32_t p = off_rsv;; p += 16) {
    if (p > total || total - p < 16) throw FdtError("memory reservation block has no terminating entry");
    const uint64_t a = uint64_t(be32(b + p)) << 32 | be32(b + p + 4);
    const uint64_t s = uint64_t(be32(b + p + 8)) << 32 | be32(b + p + 12);
    if (a == 0 && s == 0) break;
    f.reservations.push_back({a, s});
  }
  parse_structure(b + off_struct, size_struct, b + off_strings, size_strings, f.root_);
  return f;
}

std::vector<uint8_t> Fdt::write() const {
  std::vector<uint8_t> st, strings;
  std::map<std::string, uint32_t> table;
  write_node(root_, st, strings, table);
  put32(st, kEnd);

  std::vector<uint8_t> rsv;
  for (const Reservation& r : reservations) {
    put32(rsv, uint32_t(r.address >> 32));
    put32(rsv, uint32_t(r.address));
    put32(rsv, uint32_t(r.size >> 32));
    put32(rsv, uint32_t(r.size));
  }
  for (int i = 0; i < 4; ++i) put32(rsv, 0);

  const uint32_t off_rsv = (kHeaderV17 + 7) & ~7u;  // 8-byte aligned after the header
  const uint32_t off_struct = off_rsv + static_cast<uint32_t>(rsv.size());
  const uint32_t off_strings = off_struct + static_cast<uint32_t>(st.size());
  const uint32_t total = off_strings + static_cast<uint32_t>(strings.size());
  std::vector<uint8_t> out;
  out.reserve(total);
  for (uint32_t w : {kFdtMagic, total, off_struct, off_strings, off_rsv, 17u, 16u, boot_cpuid_,
                     static_cast<uint32_t>(strings.size()), static_cast<uint32_t>(st.size())})
    put32(out, w);
  out.resize(off_rsv, 0);
  out.insert(out.end(), rsv.begin(), rsv.end());
  out.insert(out.end(), st.begin(), st.end());
  out.insert(out.end(), strings.begin(), strings.end());
  return out;
}

}  // namespace zvp::direct_boot
