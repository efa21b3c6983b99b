// ELF32 loading with libelf: the loadable segments (PT_LOAD, by physical address), the entry
// point and the symbol table. Malformed, truncated or wrong-architecture files are rejected with
// an ElfError whose message says what is wrong; the caller turns it into exit status 2.
#pragma once
#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace zvp {

class ElfError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct ElfSegment {
  uint64_t paddr = 0;          // where the bytes go (program header p_paddr)
  uint64_t vaddr = 0;
  uint64_t memsz = 0;          // bytes beyond data.size() up to memsz are zero (.bss)
  std::vector<uint8_t> data;   // file contents (p_filesz bytes)
  bool exec = false;
};

// A function symbol (STT_FUNC) with its extent; addr has the Thumb bit cleared.
struct ElfFunction {
  uint64_t addr = 0, size = 0;
  std::string name;
};

struct ElfImage {
  std::string path;
  uint16_t machine = 0;        // EM_ARM (40), EM_RISCV (243)
  uint64_t entry = 0;
  std::vector<ElfSegment> segments;
  std::map<std::string, uint64_t> symbols;  // global and local symbols with a name
  std::vector<ElfFunction> functions;       // function symbols by address (profiles name code with them)

  bool symbol(const std::string& name, uint64_t& value) const {
    auto it = symbols.find(name);
    if (it == symbols.end()) return false;
    value = it->second;
    return true;
  }
};

// expected_machine: EM_ARM or EM_RISCV (0 accepts either).
ElfImage load_elf_file(const std::string& path, uint16_t expected_machine);

constexpr uint16_t kElfMachineArm = 40;
constexpr uint16_t kElfMachineRiscv = 243;

}  // namespace zvp
