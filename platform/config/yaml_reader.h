// ZVP's own reader for the YAML subset its input files use (scenarios, boards, sweeps).
//
// Why not yaml-cpp's parser: Debian 12's yaml-cpp 0.7 loops without bound, allocating gigabytes,
// on some tiny malformed inputs (",#*0"; "mism echsta:[1   : 0\n uart_smatc[es: [ ]\n,0 i2]"),
// and fuzzing kept finding new variants of that family. A file a user can mistype must give an
// error, not a hang. This reader is linear in the input (every character is looked at a bounded
// number of times, nesting is capped) and builds the same YAML::Node tree yaml-cpp would, so the
// code that reads the tree is unchanged; a test compares both readers on every YAML file of the
// repository.
//
// The subset: block mappings and sequences (including "- key: value" items and a sequence at
// its key's indentation), flow sequences [ ] and mappings { } (which may span lines), plain,
// 'single' and "double"-quoted scalars (with YAML's escapes and line folding), literal | and
// folded > block scalars with chomping indicators, comments, an optional leading '---', CRLF
// line ends and a UTF-8 byte-order mark. Refused with "<file>: line L, column C: ..." (a
// ConfigError, exit status 2): anchors, aliases and tags, complex keys ('?', a list or mapping
// as a key), duplicate keys, directives, a second document, tabs in indentation, control
// characters, "key: value" pairs inside [ ], and anything else that is not well-formed YAML.
#pragma once
#include <yaml-cpp/yaml.h>

#include <string>

namespace zvp {

// Parses `text` (the contents of `path`, named in messages) into one document's tree; an empty
// document is a null node. Throws ConfigError on anything outside the subset.
YAML::Node read_yaml_subset(const std::string& text, const std::string& path);

}  // namespace zvp
