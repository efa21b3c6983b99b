#include "yaml_reader.h"

#include <cstdio>
#include <unordered_set>
#include <vector>

#include "core/config_error.h"

namespace zvp {
namespace yaml_reader_detail {
struct MarkAccess;  // the tag of the as_if specialisation below
}
}  // namespace zvp

namespace YAML {
// yaml-cpp befriends every as_if<T, S>; this specialisation is the one place that reaches a node's
// private storage, to give the nodes we build the line and column yaml-cpp's parser would have
// recorded (messages say "line 7" through Node::Mark()).
template <>
struct as_if<zvp::yaml_reader_detail::MarkAccess, void> {
  static void set(Node& n, int pos, int line, int column) {
    n.EnsureNodeExists();
    Mark m;
    m.pos = pos;
    m.line = line;
    m.column = column;
    n.m_pNode->set_mark(m);
  }
};
}  // namespace YAML

namespace zvp {
namespace {

using MarkSetter = YAML::as_if<yaml_reader_detail::MarkAccess, void>;

constexpr int kMaxDepth = 64;  // nesting of collections; deeper input is refused, not recursed into

bool blank(char c) { return c == ' ' || c == '\t'; }
bool flow_indicator(char c) { return c == ',' || c == '[' || c == ']' || c == '{' || c == '}'; }

class Parser {
 public:
  Parser(std::string text, const std::string& path) : t_(std::move(text)), path_(path) {}

  YAML::Node document() {
    check_characters();
    int ind = next_content();
    if (ind == -1) return YAML::Node();
    if (ind == kBoundary && starts_document_marker()) {
      p_ += 3;
      skip_blanks();
      if (c() == '#') skip_comment();
      if (!at_line_end()) fail("text after '---' on the same line (start the document on the next line)");
      ind = next_content();
      if (ind == -1) return YAML::Node();
    }
    if (ind == kBoundary) malformed("'...' or '---' where the document should start");
    if (c() == '%') fail("YAML directives ('%') are not supported");
    YAML::Node root = block_at(-1);
    if (ind_ == kBoundary) {
      if (starts_document_marker()) fail("a second YAML document ('---'); a file holds exactly one");
      fail("'...' (end of document) is not supported");
    }
    if (ind_ >= 0) {
      if (ind_ < ind) malformed("unexpected text, indented less than the document's first line");
      malformed("unexpected text after the document's top-level value");
    }
    return root;
  }

 private:
  std::string t_;
  const std::string& path_;
  size_t p_ = 0;           // the next character
  int line_ = 0;           // 0-based line of p_
  size_t line_start_ = 0;  // index of the first character of that line
  int ind_ = -1;           // indentation of the content line p_ stands on (after next_content); -1 = end
  int depth_ = 0;

  // ---- errors -------------------------------------------------------------------------------
  [[noreturn]] void fail_at(int line, size_t col, const std::string& msg) const {
    throw ConfigError(path_ + ": line " + std::to_string(line + 1) + ", column " + std::to_string(col + 1) +
                      ": " + msg);
  }
  [[noreturn]] void fail(const std::string& msg) const { fail_at(line_, p_ - line_start_, msg); }
  [[noreturn]] void malformed(const std::string& msg) const { fail("malformed YAML: " + msg); }
  static std::string shown(char ch) {
    char b[8];
    if (static_cast<unsigned char>(ch) >= 0x21 && static_cast<unsigned char>(ch) < 0x7F)
      std::snprintf(b, sizeof b, "'%c'", ch);
    else
      std::snprintf(b, sizeof b, "0x%02x", static_cast<unsigned char>(ch));
    return b;
  }

  // ---- characters and lines ------------------------------------------------------------------
  bool eof() const { return p_ >= t_.size(); }
  char c(size_t k = 0) const { return p_ + k < t_.size() ? t_[p_ + k] : '\0'; }
  int col() const { return static_cast<int>(p_ - line_start_); }
  bool at_line_end() const { return eof() || c() == '\n'; }
  // After a ':' or '-': a blank or the line end makes it an indicator.
  bool ends_token(size_t k) const { return p_ + k >= t_.size() || blank(t_[p_ + k]) || t_[p_ + k] == '\n'; }
  void newline() {  // p_ is at '\n'
    ++p_;
    ++line_;
    line_start_ = p_;
  }
  void skip_blanks() {
    while (blank(c())) ++p_;
  }
  void skip_comment() {
    while (!eof() && c() != '\n') ++p_;
  }
  // '---' or '...' at a line start: no block continues over it.
  static constexpr int kBoundary = -2;
  bool at_document_boundary() const {
    return p_ == line_start_ && (t_.compare(p_, 3, "---") == 0 || t_.compare(p_, 3, "...") == 0) && ends_token(3);
  }
  bool starts_document_marker() const {
    return p_ == line_start_ && t_.compare(p_, 3, "---") == 0 && ends_token(3);
  }
  static void mark(YAML::Node& n, int line, int column) { MarkSetter::set(n, 0, line, column); }
  void mark_here(YAML::Node& n) const { mark(n, line_, col()); }

  // The text becomes LF-only (a CR must end a line: CRLF), without a byte-order mark, and
  // holds no control character but tab and line feed (YAML allows no others).
  void check_characters() {
    if (t_.compare(0, 3, "\xEF\xBB\xBF") == 0) t_.erase(0, 3);
    std::string out;
    out.reserve(t_.size());
    int line = 0;
    size_t start = 0;
    for (size_t i = 0; i < t_.size(); ++i) {
      const unsigned char ch = static_cast<unsigned char>(t_[i]);
      if (ch == '\r' && i + 1 < t_.size() && t_[i + 1] == '\n') continue;
      if ((ch < 0x20 && ch != '\t' && ch != '\n') || ch == 0x7F) {
        char b[8];
        std::snprintf(b, sizeof b, "0x%02x", ch);
        fail_at(line, i - start, std::string("control character ") + b + " (YAML allows none but tab and line breaks)");
      }
      if (ch == '\n') {
        ++line;
        start = i + 1;
      }
      out += static_cast<char>(ch);
    }
    t_.swap(out);
  }

  // From a line start or a line's end ('\n' or the end of the text), moves to the first content
  // character of the next line that has any (blank and comment-only lines are skipped) and
  // returns its indentation (and sets ind_), or -1 at the end of the text.
  int next_content() {
    for (;;) {
      if (c() == '\n') newline();
      if (eof()) return ind_ = -1;
      while (c() == ' ') ++p_;
      const int ind = col();
      bool tab = false;
      while (blank(c())) tab |= c() == '\t', ++p_;
      if (c() == '#') skip_comment();
      if (eof()) return ind_ = -1;
      if (c() == '\n') continue;
      if (tab) fail("a tab in the indentation (YAML indents with spaces)");
      if (at_document_boundary()) return ind_ = kBoundary;
      return ind_ = ind;
    }
  }

  // The rest of the line must be blanks and perhaps a comment.
  void end_of_line(const char* after) {
    const bool spaced = blank(c());
    skip_blanks();
    if (c() == '#') {
      if (!spaced) malformed("'#' right after " + std::string(after) + " (a comment needs a space before it)");
      skip_comment();
    }
    if (!at_line_end()) malformed("unexpected " + shown(c()) + " after " + after);
  }

  struct Depth {
    explicit Depth(Parser& p) : p_(p) {
      if (++p_.depth_ > kMaxDepth) p_.fail("nested more than " + std::to_string(kMaxDepth) + " levels deep");
    }
    ~Depth() { --p_.depth_; }
    Parser& p_;
  };

  // ---- block structure -----------------------------------------------------------------------
  bool at_seq_entry() const { return c() == '-' && ends_token(1); }

  // Is the text from p_ to the line end a "key: value" entry? (a quoted or plain key followed by
  // ':' and a blank or the line end)
  bool at_map_key() const {
    size_t q = p_;
    if (c() == '"' || c() == '\'') {
      const char quote = c();
      for (++q; q < t_.size() && t_[q] != '\n'; ++q) {
        if (quote == '"' && t_[q] == '\\') {
          ++q;
        } else if (t_[q] == quote) {
          if (quote == '\'' && q + 1 < t_.size() && t_[q + 1] == '\'') {
            ++q;
            continue;
          }
          ++q;
          while (q < t_.size() && blank(t_[q])) ++q;
          return q < t_.size() && t_[q] == ':';
        }
      }
      return false;
    }
    if (c() == '[' || c() == '{') return false;
    for (; q < t_.size() && t_[q] != '\n'; ++q) {
      if (t_[q] == '#' && q > p_ && blank(t_[q - 1])) return false;
      if (t_[q] == ':' && (q + 1 >= t_.size() || blank(t_[q + 1]) || t_[q + 1] == '\n')) return true;
    }
    return false;
  }

  // A block node whose first content character is at p_ (column `col()`), inside a parent block
  // indented `parent`. Returns with p_ at the next content line (ind_ set) or the end.
  YAML::Node block_at(int parent) {
    if (at_seq_entry()) return block_seq(col());
    if (c() == '?' && ends_token(1)) fail("a key must be a plain name, not a list or mapping ('?' complex keys are not supported)");
    if ((c() == '[' || c() == '{') && flow_then_colon()) fail("a key must be a plain name, not a list or mapping");
    if (at_map_key()) return block_map(col());
    YAML::Node n = inline_value(parent);
    next_content();
    return n;
  }

  // "[a, b]: x" — a flow collection used as a key (scanned without building anything).
  bool flow_then_colon() const {
    int depth = 0;
    for (size_t q = p_; q < t_.size(); ++q) {
      const char ch = t_[q];
      if (ch == '[' || ch == '{') ++depth;
      else if ((ch == ']' || ch == '}') && --depth == 0) {
        for (++q; q < t_.size() && blank(t_[q]); ++q) {
        }
        return q < t_.size() && t_[q] == ':';
      } else if (ch == '\n' || ch == '"' || ch == '\'' || ch == '#') {
        return false;
      }
    }
    return false;
  }

  // The value of "key:" (or "-") with nothing after it on the line: a block on the following
  // lines indented more than `parent` (a sequence may also sit at the key's own indentation
  // when `seq_at_parent`), or null.
  YAML::Node block_below(int parent, bool seq_at_parent, int key_line, int key_col) {
    const int ind = next_content();
    if (ind > parent) return block_at(parent);
    if (ind >= 0 && ind == parent && seq_at_parent && at_seq_entry()) return block_seq(ind);
    YAML::Node n(YAML::NodeType::Null);
    mark(n, key_line, key_col);
    return n;
  }

  YAML::Node block_map(int n) {
    Depth guard(*this);
    YAML::Node map(YAML::NodeType::Map);
    mark_here(map);
    std::unordered_set<std::string> keys;
    for (;;) {
      if (at_seq_entry()) malformed("a list item ('- ') where a 'key: value' line is expected");
      if (c() == '?' && ends_token(1)) fail("a key must be a plain name, not a list or mapping ('?' complex keys are not supported)");
      if (c() == '[' || c() == '{') fail("a key must be a plain name, not a list or mapping");
      if (c() == '&' || c() == '*' || c() == '!') fail("anchors, aliases and tags ('&', '*', '!') are not supported");
      if (c() == '|' || c() == '>') malformed(shown(c()) + " cannot start a key (quote the key)");
      const int key_line = line_, key_col = col();
      YAML::Node key;
      if (c() != '"' && c() != '\'') refuse_value_start(c());
      if (c() == '"' || c() == '\'') {
        key = quoted(/*one_line=*/true);
      } else {
        const size_t start = p_;
        while (!at_line_end() && !(c() == ':' && ends_token(1))) {
          if (c() == '#' && p_ > start && blank(t_[p_ - 1])) break;
          ++p_;
        }
        size_t end = p_;
        while (end > start && blank(t_[end - 1])) --end;
        if (c() != ':') {
          p_ = start;
          malformed("expected 'key: value' (no ':' after '" + t_.substr(start, end - start) + "')");
        }
        key = plain_scalar_node(t_.substr(start, end - start), key_line, key_col);
      }
      skip_blanks();
      if (c() != ':') malformed("expected ':' after a key");
      ++p_;
      if (!key.IsScalar()) fail("a key must be a plain name, not empty");
      if (!keys.insert(key.Scalar()).second) fail_at(key_line, key_col, "duplicate key '" + key.Scalar() + "'");
      skip_blanks();
      YAML::Node value;
      if (c() == '#' || at_line_end()) {
        if (c() == '#') skip_comment();
        value = block_below(n, true, line_, col());
      } else {
        if (at_seq_entry()) malformed("a list cannot start on the line of its key (put '- ' on the next line)");
        if (c() == '?' && ends_token(1)) fail("a key must be a plain name, not a list or mapping ('?' complex keys are not supported)");
        value = inline_value(n);
        next_content();
      }
      map.force_insert(key, value);
      if (ind_ < n) return map;  // the end, or a line of an enclosing block
      if (ind_ > n) malformed("unexpected indentation (more than the keys above it)");
    }
  }

  YAML::Node block_seq(int n) {
    Depth guard(*this);
    YAML::Node seq(YAML::NodeType::Sequence);
    mark_here(seq);
    for (;;) {
      const int dash_line = line_, dash_col = col();
      ++p_;  // '-'
      skip_blanks();
      YAML::Node item;
      if (c() == '#' || at_line_end()) {
        if (c() == '#') skip_comment();
        item = block_below(n, false, dash_line, dash_col);
      } else {
        item = block_at(n);
      }
      seq.push_back(item);
      if (ind_ < n) return seq;
      if (ind_ > n) malformed("unexpected indentation (more than the '- ' items above it)");
      if (!at_seq_entry()) return seq;  // "key:" at the sequence's indentation: the parent's
    }
  }

  // ---- values on one line --------------------------------------------------------------------
  // A value starting at p_ in block context; its continuation lines (quoted or plain scalars)
  // must be indented more than `parent`. Consumes the rest of the line.
  YAML::Node inline_value(int parent) {
    const char ch = c();
    YAML::Node n;
    if (ch == '[' || ch == '{') {
      n = flow();
      end_of_line(ch == '[' ? "a [ ] list" : "a { } mapping");
    } else if (ch == '"' || ch == '\'') {
      n = quoted(false);
      end_of_line("a quoted value");
    } else if (ch == '|' || ch == '>') {
      n = block_scalar(parent);
    } else {
      refuse_value_start(ch);
      n = block_plain(parent);
    }
    return n;
  }

  void refuse_value_start(char ch) const {
    if (ch == '&' || ch == '*' || ch == '!') fail("anchors, aliases and tags ('&', '*', '!') are not supported");
    if (ch == '%' || ch == '@' || ch == '`' || ch == ',' || ch == ']' || ch == '}' || ch == '#' ||
        (ch == ':' && ends_token(1)))
      malformed(shown(ch) + " cannot start a value (quote the value)");
  }

  YAML::Node plain_scalar_node(const std::string& text, int line, int column) const {
    const bool null = text.empty() || text == "~" || text == "null" || text == "Null" || text == "NULL";
    YAML::Node n = null ? YAML::Node(YAML::NodeType::Null) : YAML::Node(text);
    if (!null) n.SetTag("?");
    mark(n, line, column);
    return n;
  }

  // A plain scalar in block context, folded over continuation lines indented more than `parent`.
  YAML::Node block_plain(int parent) {
    const int line = line_, column = col();
    std::string text = plain_line();
    for (;;) {
      // Look ahead for a continuation line: only empty lines in between, then more indentation.
      const size_t save_p = p_, save_start = line_start_;
      const int save_line = line_;
      int empty = 0;
      bool cont = false;
      while (c() == '\n') {
        newline();
        int spaces = 0;  // indentation counts spaces only
        for (; c() == ' '; ++p_) ++spaces;
        skip_blanks();
        if (c() == '\n') {
          ++empty;
          continue;
        }
        cont = !eof() && c() != '#' && spaces > parent && !starts_document_marker_at(line_start_);
        break;
      }
      if (!cont) {
        p_ = save_p, line_start_ = save_start, line_ = save_line;
        break;
      }
      text += empty == 0 ? std::string(" ") : std::string(static_cast<size_t>(empty), '\n');
      text += plain_line();
    }
    return plain_scalar_node(text, line, column);
  }

  bool starts_document_marker_at(size_t q) const {
    return t_.compare(q, 3, "---") == 0 && (q + 3 >= t_.size() || blank(t_[q + 3]) || t_[q + 3] == '\n');
  }

  // One line of a block plain scalar from p_: up to a comment or the line end; ": " inside is
  // refused (YAML reads it as a second key on the line).
  std::string plain_line() {
    const size_t start = p_;
    while (!at_line_end()) {
      if (c() == '#' && p_ > start && blank(t_[p_ - 1])) break;
      if (c() == ':' && ends_token(1)) malformed("': ' inside a value (quote the value, or put the key on its own line)");
      ++p_;
    }
    size_t end = p_;
    while (end > start && blank(t_[end - 1])) --end;
    if (c() == '#') skip_comment();
    return t_.substr(start, end - start);
  }

  // ---- quoted scalars ------------------------------------------------------------------------
  static void put_utf8(std::string& out, unsigned long cp) {
    if (cp < 0x80) {
      out += static_cast<char>(cp);
    } else if (cp < 0x800) {
      out += static_cast<char>(0xC0 | (cp >> 6));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      out += static_cast<char>(0xE0 | (cp >> 12));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (cp >> 18));
      out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    }
  }

  void escape(std::string& out) {  // p_ at the character after '\'
    const char e = c();
    switch (e) {
      case '0': out += '\0'; break;
      case 'a': out += '\a'; break;
      case 'b': out += '\b'; break;
      case 't': case '\t': out += '\t'; break;
      case 'n': out += '\n'; break;
      case 'v': out += '\v'; break;
      case 'f': out += '\f'; break;
      case 'r': out += '\r'; break;
      case 'e': out += '\x1b'; break;
      case ' ': out += ' '; break;
      case '"': out += '"'; break;
      case '/': out += '/'; break;
      case '\\': out += '\\'; break;
      case 'N': put_utf8(out, 0x85); break;
      case '_': put_utf8(out, 0xA0); break;
      case 'L': put_utf8(out, 0x2028); break;
      case 'P': put_utf8(out, 0x2029); break;
      case 'x': case 'u': case 'U': {
        const int digits = e == 'x' ? 2 : e == 'u' ? 4 : 8;
        unsigned long cp = 0;
        for (int i = 1; i <= digits; ++i) {
          const char h = c(static_cast<size_t>(i));
          const int v = h >= '0' && h <= '9' ? h - '0' : h >= 'a' && h <= 'f' ? h - 'a' + 10 : h >= 'A' && h <= 'F' ? h - 'A' + 10 : -1;
          if (v < 0) malformed(std::string("'\\") + e + "' needs " + std::to_string(digits) + " hex digits");
          cp = cp * 16 + static_cast<unsigned long>(v);
        }
        if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) malformed("escape of an invalid code point");
        put_utf8(out, cp);
        p_ += static_cast<size_t>(digits);
        break;
      }
      default: malformed("unknown escape '\\" + std::string(1, e) + "' in a double-quoted value");
    }
    ++p_;
  }

  // A 'single' or "double"-quoted scalar at p_; line breaks inside fold to a space (or to n-1
  // newlines for n breaks) unless `one_line` (keys).
  YAML::Node quoted(bool one_line) {
    const int line = line_, column = col();
    const char quote = c();
    ++p_;
    std::string out;
    for (;;) {
      if (eof()) fail_at(line, static_cast<size_t>(column), "malformed YAML: a quoted value is not closed");
      const char ch = c();
      if (ch == '\n') {
        if (one_line) malformed("a quoted key must end on its line");
        while (!out.empty() && blank(out.back())) out.pop_back();
        int breaks = 0;
        while (c() == '\n') {
          newline();
          ++breaks;
          skip_blanks();
        }
        if (p_ == line_start_ && starts_document_marker_at(p_)) malformed("'---' inside a quoted value");
        out += breaks == 1 ? std::string(" ") : std::string(static_cast<size_t>(breaks - 1), '\n');
        continue;
      }
      if (quote == '\'' && ch == '\'') {
        if (c(1) == '\'') {
          out += '\'';
          p_ += 2;
          continue;
        }
        ++p_;
        break;
      }
      if (quote == '"' && ch == '"') {
        ++p_;
        break;
      }
      if (quote == '"' && ch == '\\') {
        ++p_;
        if (c() == '\n') {  // an escaped line break: the lines join without a space
          newline();
          skip_blanks();
          while (c() == '\n') {
            newline();
            out += '\n';
            skip_blanks();
          }
          continue;
        }
        escape(out);
        continue;
      }
      out += ch;
      ++p_;
    }
    YAML::Node n(out);
    n.SetTag("!");
    mark(n, line, column);
    return n;
  }

  // ---- block scalars -------------------------------------------------------------------------
  // '|' (literal) or '>' (folded) at p_; its lines are indented more than `parent`.
  YAML::Node block_scalar(int parent) {
    const int line = line_, column = col();
    const bool folded = c() == '>';
    ++p_;
    char chomp = 'c';  // clip: one final line break; '-' strip: none; '+' keep: all
    int explicit_indent = 0;
    for (int i = 0; i < 2; ++i) {
      if ((c() == '-' || c() == '+') && chomp == 'c') {
        chomp = c();
        ++p_;
      } else if (c() >= '1' && c() <= '9' && explicit_indent == 0) {
        explicit_indent = c() - '0';
        ++p_;
      }
    }
    end_of_line("a block scalar's '|' or '>'");
    const int base = parent < 0 ? 0 : parent;
    int indent = explicit_indent ? base + explicit_indent : -1;
    std::vector<std::string> lines;  // "" = an empty line
    while (c() == '\n') {
      const size_t q = p_ + 1;
      size_t spaces = 0;
      while (q + spaces < t_.size() && t_[q + spaces] == ' ') ++spaces;
      size_t end = q + spaces;
      bool only_blanks = true;
      while (end < t_.size() && t_[end] != '\n') only_blanks &= blank(t_[end]), ++end;
      const int s = static_cast<int>(spaces);
      if (only_blanks && (indent < 0 || s <= indent || end == q + spaces)) {
        lines.emplace_back();
      } else {
        if (indent < 0) {
          if (s <= parent) break;
          indent = s;
        }
        if (s < indent) break;
        lines.push_back(t_.substr(q + static_cast<size_t>(indent), end - q - static_cast<size_t>(indent)));
      }
      newline();
      p_ = end;
    }
    // Trailing empty lines belong to chomping, not to the content.
    size_t last = lines.size();
    while (last > 0 && lines[last - 1].empty()) --last;
    const size_t trailing = lines.size() - last;
    std::string out;
    if (!folded) {
      for (size_t i = 0; i < last; ++i) out += (i ? "\n" : "") + lines[i];
    } else {
      bool started = false, prev_more = false;
      int breaks = 0;
      for (size_t i = 0; i < last; ++i) {
        if (lines[i].empty()) {
          ++breaks;
          continue;
        }
        const bool more = blank(lines[i][0]);
        if (!started) out += std::string(static_cast<size_t>(breaks), '\n');
        else if (breaks == 0) out += more || prev_more ? "\n" : " ";
        else out += std::string(static_cast<size_t>(breaks + (more || prev_more ? 1 : 0)), '\n');
        out += lines[i];
        started = true;
        prev_more = more;
        breaks = 0;
      }
    }
    if (last > 0 && chomp != '-') out += '\n';
    if (chomp == '+') out += std::string(trailing, '\n');
    YAML::Node n(out);
    n.SetTag("!");
    mark(n, line, column);
    return n;
  }

  // ---- flow collections ----------------------------------------------------------------------
  // Blanks, line breaks and comments between flow tokens.
  void flow_space() {
    for (;;) {
      if (blank(c())) {
        ++p_;
      } else if (c() == '\n') {
        newline();
      } else if (c() == '#' && (p_ == line_start_ || blank(t_[p_ - 1]))) {
        skip_comment();
      } else {
        return;
      }
    }
  }

  YAML::Node flow() {
    Depth guard(*this);
    const int line = line_, column = col();
    const bool is_seq = c() == '[';
    const char close = is_seq ? ']' : '}';
    ++p_;
    YAML::Node n(is_seq ? YAML::NodeType::Sequence : YAML::NodeType::Map);
    mark(n, line, column);
    std::unordered_set<std::string> keys;
    for (;;) {
      flow_space();
      if (eof()) fail_at(line, static_cast<size_t>(column), std::string("malformed YAML: '") + (is_seq ? '[' : '{') + "' is not closed");
      if (c() == close) {
        ++p_;
        return n;
      }
      if (is_seq) {
        n.push_back(flow_node());
        flow_space();
        if (c() == ':') malformed("a 'key: value' pair inside [ ] is not supported (use { })");
      } else {
        const int key_line = line_, key_col = col();
        if (c() == '[' || c() == '{') fail("a key must be a plain name, not a list or mapping");
        if (c() == '?' && ends_token(1)) fail("a key must be a plain name, not a list or mapping ('?' complex keys are not supported)");
        YAML::Node key = c() == '"' || c() == '\'' ? quoted(false) : flow_plain();
        if (!key.IsScalar()) fail_at(key_line, static_cast<size_t>(key_col), "a key must be a plain name, not empty");
        if (!keys.insert(key.Scalar()).second) fail_at(key_line, static_cast<size_t>(key_col), "duplicate key '" + key.Scalar() + "'");
        flow_space();
        YAML::Node value;
        if (c() == ':') {
          ++p_;
          flow_space();
          if (c() == ',' || c() == '}') {
            value = YAML::Node(YAML::NodeType::Null);
            mark_here(value);
          } else {
            value = flow_node();
          }
        } else if (c() == ',' || c() == '}') {
          value = YAML::Node(YAML::NodeType::Null);
          mark_here(value);
        } else {
          malformed("expected ':' after a key in { }");
        }
        n.force_insert(key, value);
      }
      flow_space();
      if (c() == ',') {
        ++p_;
      } else if (c() != close) {
        if (eof()) fail_at(line, static_cast<size_t>(column), std::string("malformed YAML: '") + (is_seq ? '[' : '{') + "' is not closed");
        malformed(std::string("expected ',' or '") + close + "', found " + shown(c()));
      }
    }
  }

  YAML::Node flow_node() {
    const char ch = c();
    if (ch == '[' || ch == '{') return flow();
    if (ch == '"' || ch == '\'') return quoted(false);
    if (ch == '|' || ch == '>') malformed("block scalars ('|', '>') cannot appear inside [ ] or { }");
    if (ch == '-' && ends_token(1)) malformed("'- ' list items cannot appear inside [ ] or { }");
    if (ch == '?' && ends_token(1)) fail("a key must be a plain name, not a list or mapping ('?' complex keys are not supported)");
    if (ch == ',') malformed("an empty entry (two ',' in a row)");
    refuse_value_start(ch);
    return flow_plain();
  }

  // A plain scalar inside [ ] / { }: ends at , [ ] { }, at ':' before a blank or one of those,
  // at a comment or at the line end.
  YAML::Node flow_plain() {
    const int line = line_, column = col();
    const size_t start = p_;
    while (!at_line_end() && !flow_indicator(c())) {
      if (c() == ':' && (ends_token(1) || flow_indicator(c(1)))) break;
      if (c() == '#' && p_ > start && blank(t_[p_ - 1])) break;
      ++p_;
    }
    size_t end = p_;
    while (end > start && blank(t_[end - 1])) --end;
    if (end == start) malformed("an empty value inside [ ] or { }");
    return plain_scalar_node(t_.substr(start, end - start), line, column);
  }
};

}  // namespace

YAML::Node read_yaml_subset(const std::string& text, const std::string& path) {
  return Parser(text, path).document();
}

}  // namespace zvp
