// Flattened device tree (DTB) reader and writer, enough for a boot loader's edits: the blob is
// parsed into a tree of nodes and properties (header, memory reservation block, structure
// block and strings block checked on the way), edited, and written back as a version-17 blob.
// Format: the Devicetree Specification, chapter 5 (big-endian words; FDT_BEGIN_NODE 1,
// FDT_END_NODE 2, FDT_PROP 3, FDT_NOP 4, FDT_END 9; names NUL-terminated and padded to 4 bytes).
#pragma once
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace zvp::direct_boot {

// A malformed blob; the message says what is wrong and where.
class FdtError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct FdtProperty {
  std::string name;
  std::vector<uint8_t> value;
};

struct FdtNode {
  std::string name;  // "" for the root; "name@unit" otherwise
  std::vector<FdtProperty> props;
  std::vector<std::unique_ptr<FdtNode>> children;

  const FdtProperty* prop(const std::string& n) const;
  FdtNode* child(const std::string& n) const;
  // Replaces the property's value, or appends the property.
  void set(const std::string& n, std::vector<uint8_t> value);
  void set_string(const std::string& n, const std::string& s);  // with its NUL
  void set_u32(const std::string& n, uint32_t v);               // one big-endian cell
  void set_u64(const std::string& n, uint64_t v);               // two cells
  FdtNode& add_child(const std::string& n);                     // the child, created if absent
};

class Fdt {
 public:
  // Parses a blob; FdtError when the header, the structure or the strings are malformed.
  static Fdt parse(const std::vector<uint8_t>& blob);
  // A version-17 blob of the tree (reservations kept, strings shared).
  std::vector<uint8_t> write() const;

  FdtNode& root() { return root_; }
  const FdtNode& root() const { return root_; }
  // The node at an absolute path ("/", "/chosen", "/soc/serial@e0001000"); null if absent.
  FdtNode* find(const std::string& path);
  uint32_t boot_cpuid() const { return boot_cpuid_; }

  struct Reservation {
    uint64_t address, size;
  };
  std::vector<Reservation> reservations;

 private:
  FdtNode root_;
  uint32_t boot_cpuid_ = 0;
};

// Big-endian cells as a property value holds them.
uint32_t fdt_u32(const std::vector<uint8_t>& v, size_t offset = 0);
// A string property's text (without the NUL); "" if the value is not NUL-terminated.
std::string fdt_string(const std::vector<uint8_t>& v);

constexpr uint32_t kFdtMagic = 0xD00DFEED;

}  // namespace zvp::direct_boot
