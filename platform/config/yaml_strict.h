// Strict reading of ZVP's YAML files (scenarios, boards): one document, scalar keys, no key
// twice in a mapping, no key the format does not know (with a "did you mean" hint). yaml-cpp
// itself accepts all of these silently (a duplicate key: the first wins; a typo'd key: ignored).
#pragma once
#include <yaml-cpp/yaml.h>

#include <initializer_list>
#include <string>

namespace zvp {

// Reads `path` (a regular file, at most kMaxYamlBytes: input_file.h), parses exactly one YAML
// document and checks every mapping below it for non-scalar and duplicate keys. ConfigError
// "<path>: ..." otherwise; `what` names the file's role ("scenario file", "board file").
YAML::Node load_strict_yaml(const std::string& path, const std::string& what);
YAML::Node parse_strict_yaml(const std::string& text, const std::string& path);

// `node` must be a mapping (or absent/null when `allow_null`) whose keys are all in `known`;
// `where` is its dotted path in the file ("" for the top level), for messages.
void check_keys(const YAML::Node& node, const std::string& file, const std::string& where,
                std::initializer_list<const char*> known);
// Throws unless `node` is a mapping.
void require_map(const YAML::Node& node, const std::string& file, const std::string& where);

// "; did you mean 'x'?" for the candidate closest to `word` (edit distance <= 2 or a shared
// prefix of 4+ characters), "" otherwise.
std::string did_you_mean(const std::string& word, std::initializer_list<const char*> candidates);

// The line of a node, 1-based, for messages ("line 7").
std::string line_of(const YAML::Node& node);

}  // namespace zvp
