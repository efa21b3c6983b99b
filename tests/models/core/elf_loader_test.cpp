// ELF loading: real cross-compiled-looking images are built in the test from raw bytes, so the
// malformed cases (truncated, wrong class, wrong machine, no segments) are exact.
#include <gtest/gtest.h>

#include <elf.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "core/elf_loader.h"

using namespace zvp;

namespace {

// A minimal ELF32 executable: header, one PT_LOAD program header, payload, and no sections.
std::vector<uint8_t> make_elf(uint16_t machine, uint32_t paddr, const std::vector<uint8_t>& payload,
                              uint32_t memsz_extra = 0) {
  std::vector<uint8_t> f(sizeof(Elf32_Ehdr) + sizeof(Elf32_Phdr));
  Elf32_Ehdr eh{};
  std::memcpy(eh.e_ident, ELFMAG, SELFMAG);
  eh.e_ident[EI_CLASS] = ELFCLASS32;
  eh.e_ident[EI_DATA] = ELFDATA2LSB;
  eh.e_ident[EI_VERSION] = EV_CURRENT;
  eh.e_type = ET_EXEC;
  eh.e_machine = machine;
  eh.e_version = EV_CURRENT;
  eh.e_entry = paddr;
  eh.e_phoff = sizeof(Elf32_Ehdr);
  eh.e_ehsize = sizeof(Elf32_Ehdr);
  eh.e_phentsize = sizeof(Elf32_Phdr);
  eh.e_phnum = 1;
  Elf32_Phdr ph{};
  ph.p_type = PT_LOAD;
  ph.p_offset = static_cast<Elf32_Off>(f.size());
  ph.p_vaddr = ph.p_paddr = paddr;
  ph.p_filesz = static_cast<Elf32_Word>(payload.size());
  ph.p_memsz = static_cast<Elf32_Word>(payload.size() + memsz_extra);
  ph.p_flags = PF_R | PF_X;
  std::memcpy(f.data(), &eh, sizeof eh);
  std::memcpy(f.data() + sizeof eh, &ph, sizeof ph);
  f.insert(f.end(), payload.begin(), payload.end());
  return f;
}

std::string write_tmp(const std::vector<uint8_t>& bytes, const std::string& tag) {
  std::string path = ::testing::TempDir() + "zvp_elf_" + tag + ".elf";
  std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()),
                                              static_cast<std::streamsize>(bytes.size()));
  return path;
}

std::string error_of(const std::string& path, uint16_t machine) {
  try {
    load_elf_file(path, machine);
  } catch (const ElfError& e) {
    return e.what();
  }
  return "";
}

TEST(ElfLoader, LoadsSegmentsAndEntry) {
  auto path = write_tmp(make_elf(EM_ARM, 0x100000, {1, 2, 3, 4}, 12), "ok");
  ElfImage img = load_elf_file(path, kElfMachineArm);
  EXPECT_EQ(img.entry, 0x100000u);
  ASSERT_EQ(img.segments.size(), 1u);
  EXPECT_EQ(img.segments[0].paddr, 0x100000u);
  EXPECT_EQ(img.segments[0].memsz, 16u);
  EXPECT_EQ(img.segments[0].data, (std::vector<uint8_t>{1, 2, 3, 4}));
}

TEST(ElfLoader, RejectsWrongMachine) {
  auto path = write_tmp(make_elf(EM_RISCV, 0x0, {0x13, 0, 0, 0}), "rv");
  EXPECT_NE(error_of(path, kElfMachineArm).find("RISC-V"), std::string::npos);
}

TEST(ElfLoader, RejectsTruncatedSegment) {
  auto bytes = make_elf(EM_ARM, 0x100000, std::vector<uint8_t>(64, 0xAA));
  bytes.resize(bytes.size() - 10);
  EXPECT_NE(error_of(write_tmp(bytes, "trunc"), kElfMachineArm).find("past the end"),
            std::string::npos);
}

TEST(ElfLoader, RejectsGarbageAndMissingFiles) {
  EXPECT_NE(error_of(write_tmp({'h', 'e', 'l', 'l', 'o'}, "garbage"), 0).find("not an ELF"),
            std::string::npos);
  EXPECT_NE(error_of("/nonexistent/zvp.elf", 0).find("cannot open"), std::string::npos);
  auto bytes = make_elf(EM_ARM, 0, {1});
  bytes[EI_CLASS] = ELFCLASS64;
  EXPECT_FALSE(error_of(write_tmp(bytes, "c64"), 0).empty());
}

TEST(ElfLoader, RejectsSegmentBeyond4GB) {
  auto path = write_tmp(make_elf(EM_ARM, 0xFFFFFFF0u, std::vector<uint8_t>(8, 0), 0x100), "wrap");
  EXPECT_NE(error_of(path, kElfMachineArm).find("4 GB"), std::string::npos);
}

}  // namespace
