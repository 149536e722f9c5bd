#pragma once
// Exact-ish tableau entries: a tiny recursive-descent evaluator for the
// expressions authors write in Butcher tableaux ("1/4 - sqrt(3)/6",
// "(3 + sqrt(3))/6", "2*sqrt(6)/9", "-1/2", "0.125", "1e-3"), evaluated in
// cpp_bin_float_50 so that a tableau given by closed forms is exact to ~50
// digits (a double would cap every order-condition residual at ~1e-17 and
// hide whether a condition holds exactly).
//
// Grammar (whitespace allowed between tokens):
//   expr    := term (('+' | '-') term)*
//   term    := unary (('*' | '/') unary)*
//   unary   := ('+' | '-') unary | primary
//   primary := number | '(' expr ')' | 'sqrt' '(' expr ')'
//   number  := digits ['.' digits] [('e'|'E') ['+'|'-'] digits]  (or '.' digits ...)
// Decimal numbers are converted from their text, so "0.1" is 1/10 to 50
// digits, not the double nearest to 0.1.
// Limits (the parser recurses; unbounded text would overflow the stack):
// kMaxExpressionLength characters and kMaxExpressionDepth nested
// parentheses, sqrt calls and unary signs.
#include <boost/multiprecision/cpp_bin_float.hpp>
#include <cctype>
#include <stdexcept>
#include <string>
#include <string_view>

namespace granconv {

inline constexpr std::size_t kMaxExpressionLength = 1000;
inline constexpr int kMaxExpressionDepth = 200;

// Thrown by evaluate_tableau_expression; `non_finite` separates a well-formed
// expression without a finite value (1/0, sqrt(-1), 1e99999999) from text
// that is not an expression at all.
// `too_large` marks text beyond the length or nesting limits.
struct TableauExpressionError : std::invalid_argument {
  bool non_finite;
  bool too_large = false;
  TableauExpressionError(const std::string& what, bool non_finite_, bool too_large_ = false)
      : std::invalid_argument(what), non_finite(non_finite_), too_large(too_large_) {}
};

namespace detail {

class TableauExpressionParser {
 public:
  using Real = boost::multiprecision::cpp_bin_float_50;

  explicit TableauExpressionParser(std::string_view text) : s_(text) {}

  Real parse() {
    if (s_.size() > kMaxExpressionLength)
      throw TableauExpressionError("expression of " + std::to_string(s_.size()) + " characters is longer than the limit of " +
                                       std::to_string(kMaxExpressionLength),
                                   false, true);
    skip_space();
    if (pos_ == s_.size()) fail("empty expression");
    Real v = expr();
    skip_space();
    if (pos_ != s_.size()) fail("unexpected '" + std::string(1, s_[pos_]) + "'");
    return v;
  }

 private:
  std::string_view s_;
  std::size_t pos_ = 0;
  int depth_ = 0;

  // One level of nesting for the lifetime of the object.
  struct Nested {
    TableauExpressionParser& p;
    explicit Nested(TableauExpressionParser& parser) : p(parser) {
      if (++p.depth_ > kMaxExpressionDepth)
        throw TableauExpressionError("expression nested deeper than the limit of " + std::to_string(kMaxExpressionDepth) +
                                         " levels at position " + std::to_string(p.pos_),
                                     false, true);
    }
    ~Nested() { --p.depth_; }
  };

  [[noreturn]] void fail(const std::string& why) const {
    throw TableauExpressionError(why + " at position " + std::to_string(pos_), false);
  }
  [[noreturn]] void non_finite(const std::string& why) const { throw TableauExpressionError(why, true); }

  void skip_space() {
    while (pos_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[pos_]))) ++pos_;
  }
  bool accept(char ch) {
    skip_space();
    if (pos_ < s_.size() && s_[pos_] == ch) {
      ++pos_;
      return true;
    }
    return false;
  }
  void expect(char ch) {
    if (!accept(ch)) fail(std::string("expected '") + ch + "'");
  }
  bool digit() const { return pos_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[pos_])); }

  Real expr() {
    Real v = term();
    for (;;) {
      if (accept('+'))
        v += term();
      else if (accept('-'))
        v -= term();
      else
        return v;
    }
  }

  Real term() {
    Real v = unary();
    for (;;) {
      if (accept('*')) {
        v *= unary();
      } else if (accept('/')) {
        const Real d = unary();
        if (d == 0) non_finite("division by zero");
        v /= d;
      } else {
        return v;
      }
    }
  }

  Real unary() {
    if (accept('-')) {
      const Nested level(*this);
      return -unary();
    }
    if (accept('+')) {
      const Nested level(*this);
      return unary();
    }
    return primary();
  }

  Real primary() {
    skip_space();
    if (pos_ == s_.size()) fail("expression ends early");
    if (accept('(')) {
      const Nested level(*this);
      Real v = expr();
      expect(')');
      return v;
    }
    if (std::isalpha(static_cast<unsigned char>(s_[pos_]))) {
      const std::size_t start = pos_;
      while (pos_ < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[pos_])) || s_[pos_] == '_')) ++pos_;
      const std::string name(s_.substr(start, pos_ - start));
      if (name != "sqrt") {
        pos_ = start;
        fail("unknown name '" + name + "' (only sqrt is known)");
      }
      expect('(');
      const Nested level(*this);
      const Real arg = expr();
      expect(')');
      if (arg < 0) non_finite("square root of a negative number");
      return sqrt(arg);
    }
    return number();
  }

  Real number() {
    const std::size_t start = pos_;
    bool mantissa = false;
    while (digit()) ++pos_, mantissa = true;
    if (pos_ < s_.size() && s_[pos_] == '.') {
      ++pos_;
      while (digit()) ++pos_, mantissa = true;
    }
    if (!mantissa) {
      pos_ = start;
      fail("expected a number");
    }
    if (pos_ < s_.size() && (s_[pos_] == 'e' || s_[pos_] == 'E')) {
      ++pos_;
      if (pos_ < s_.size() && (s_[pos_] == '+' || s_[pos_] == '-')) ++pos_;
      if (!digit()) fail("malformed exponent");
      const std::size_t exp_start = pos_;
      while (digit()) ++pos_;
      // Far beyond any tableau entry; also keeps the conversion below from
      // working on absurd exponents.
      if (pos_ - exp_start > 6) non_finite("exponent out of range");
    }
    const std::string text(s_.substr(start, pos_ - start));
    Real v;
    try {
      v = Real(text);
    } catch (const std::exception&) {
      non_finite("number '" + text + "' out of range");
    }
    if (!isfinite(v)) non_finite("number '" + text + "' out of range");
    return v;
  }
};

}  // namespace detail

// The value of `text` to 50 digits; throws TableauExpressionError.
inline boost::multiprecision::cpp_bin_float_50 evaluate_tableau_expression(std::string_view text) {
  auto v = detail::TableauExpressionParser(text).parse();
  if (!isfinite(v)) throw TableauExpressionError("value is not finite", true);
  return v;
}

}  // namespace granconv
