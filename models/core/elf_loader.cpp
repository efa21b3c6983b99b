#include "elf_loader.h"

#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <memory>

namespace zvp {

namespace {

struct Fd {
  int fd = -1;
  ~Fd() {
    if (fd >= 0) ::close(fd);
  }
};

struct ElfHandle {
  Elf* e = nullptr;
  ~ElfHandle() {
    if (e) elf_end(e);
  }
};

const char* machine_name(uint16_t m) {
  switch (m) {
    case kElfMachineArm: return "ARM";
    case kElfMachineRiscv: return "RISC-V";
    case 3: return "x86";
    case 62: return "x86-64";
    case 183: return "AArch64";
    default: return "unknown";
  }
}

}  // namespace

ElfImage load_elf_file(const std::string& path, uint16_t expected_machine) {
  auto fail = [&](const std::string& why) { throw ElfError(path + ": " + why); };
  if (elf_version(EV_CURRENT) == EV_NONE) fail("libelf initialisation failed");
  Fd f;
  f.fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);  // a FIFO must not block
  if (f.fd < 0) fail(std::string("cannot open: ") + std::strerror(errno));
  struct stat st {};
  if (::fstat(f.fd, &st) != 0 || !S_ISREG(st.st_mode)) fail("not a regular file (a directory, FIFO or device?)");
  const uint64_t file_size = static_cast<uint64_t>(st.st_size);

  ElfHandle h;
  h.e = elf_begin(f.fd, ELF_C_READ, nullptr);
  if (!h.e) fail(std::string("not readable as ELF: ") + elf_errmsg(-1));
  if (elf_kind(h.e) != ELF_K_ELF) fail("not an ELF file");
  if (gelf_getclass(h.e) != ELFCLASS32) fail("not a 32-bit ELF file (ZVP's cores are 32-bit)");
  GElf_Ehdr eh;
  if (!gelf_getehdr(h.e, &eh)) fail(std::string("bad ELF header: ") + elf_errmsg(-1));
  if (eh.e_ident[EI_DATA] != ELFDATA2LSB) fail("not little-endian");
  if (eh.e_type != ET_EXEC) fail("not an executable (ET_EXEC) ELF file");
  if (expected_machine && eh.e_machine != expected_machine)
    fail(std::string("built for ") + machine_name(eh.e_machine) + ", expected " +
         machine_name(expected_machine));

  ElfImage img;
  img.path = path;
  img.machine = eh.e_machine;
  img.entry = eh.e_entry;

  size_t nph = 0;
  if (elf_getphdrnum(h.e, &nph) != 0) fail(std::string("bad program headers: ") + elf_errmsg(-1));
  for (size_t i = 0; i < nph; ++i) {
    GElf_Phdr ph;
    if (!gelf_getphdr(h.e, static_cast<int>(i), &ph)) fail("unreadable program header");
    if (ph.p_type != PT_LOAD || ph.p_memsz == 0) continue;
    if (ph.p_filesz > ph.p_memsz) fail("segment " + std::to_string(i) + " has filesz > memsz");
    if (ph.p_offset > file_size || ph.p_filesz > file_size - ph.p_offset)
      fail("segment " + std::to_string(i) + " extends past the end of the file (truncated?)");
    // No memory of the platform is larger than 1 GiB (DDR): refuse before allocating anything.
    if (ph.p_memsz > (1ull << 30))
      fail("segment " + std::to_string(i) + " is " + std::to_string(ph.p_memsz) +
           " bytes, larger than any memory of the platform (1 GiB)");
    if (ph.p_paddr + ph.p_memsz > (1ull << 32))
      fail("segment " + std::to_string(i) + " extends past the 4 GB address space");
    ElfSegment seg;
    seg.paddr = ph.p_paddr;
    seg.vaddr = ph.p_vaddr;
    seg.memsz = ph.p_memsz;
    seg.exec = (ph.p_flags & PF_X) != 0;
    seg.data.resize(ph.p_filesz);
    if (ph.p_filesz) {
      if (::pread(f.fd, seg.data.data(), ph.p_filesz, static_cast<off_t>(ph.p_offset)) !=
          static_cast<ssize_t>(ph.p_filesz))
        fail("short read of segment " + std::to_string(i));
    }
    img.segments.push_back(std::move(seg));
  }
  if (img.segments.empty()) fail("no loadable segments");

  // Symbols (optional: stripped files have none).
  Elf_Scn* scn = nullptr;
  while ((scn = elf_nextscn(h.e, scn)) != nullptr) {
    GElf_Shdr sh;
    if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_SYMTAB || sh.sh_entsize == 0) continue;
    Elf_Data* d = elf_getdata(scn, nullptr);
    if (!d) continue;
    size_t n = sh.sh_size / sh.sh_entsize;
    for (size_t k = 0; k < n; ++k) {
      GElf_Sym sym;
      if (!gelf_getsym(d, static_cast<int>(k), &sym)) break;
      const char* nm = elf_strptr(h.e, sh.sh_link, sym.st_name);
      if (!nm || !*nm) continue;
      if (GELF_ST_TYPE(sym.st_info) == STT_FUNC && sym.st_shndx != SHN_UNDEF)
        img.functions.push_back({sym.st_value & ~uint64_t(1), sym.st_size, nm});
      // Prefer global definitions over local ones of the same name.
      if (GELF_ST_BIND(sym.st_info) == STB_LOCAL && img.symbols.count(nm)) continue;
      img.symbols[nm] = sym.st_value;
    }
  }
  std::sort(img.functions.begin(), img.functions.end(),
            [](const ElfFunction& a, const ElfFunction& b) { return a.addr < b.addr; });
  return img;
}

}  // namespace zvp
