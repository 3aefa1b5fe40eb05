// What the layout module (Wasm/build.sh … layout) needs of a C library beyond Wasm/runtime.c:
// reading a decimal number (Swift's `Double(String)`, which the layout documents' JSON reader
// uses) and the 128-bit multiply that Swift's printing of a `Double` does. No libc is linked.
#include <stdint.h>

// 10^0 … 10^22: every one exact in a double.
static const double powers[] = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
  1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

// `value` times ten to `exponent`. Exact (correctly rounded) when the digits fit in 53 bits and
// the exponent is within ±22, as every number a layout document holds in practice does; else
// within a few units in the last place, by steps of exact powers.
static double scale(double value, int exponent) {
  while (exponent > 22) {
    value *= 1e22;
    exponent -= 22;
    if (value > 1.7976931348623157e308) return value;
  }
  while (exponent < -22) {
    value /= 1e22;
    exponent += 22;
    if (value == 0) return value;
  }
  return exponent >= 0 ? value * powers[exponent] : value / powers[-exponent];
}

// Reads a decimal number (an optional sign, digits with an optional point, an optional
// exponent) at `text` into `*result`; returns where the number ends, or 0 when there is none.
// The stdlib's `Double(String)` takes the whole string only when the end is the string's end.
const char *_swift_stdlib_strtod_clocale(const char *text, double *result) {
  const char *p = text;
  int negative = 0;
  if (*p == '+' || *p == '-') negative = *p++ == '-';
  uint64_t digits = 0;
  int significant = 0, dropped = 0, any = 0;
  for (; *p >= '0' && *p <= '9'; p++, any = 1) {
    if (significant < 19) {
      if (digits || *p != '0') significant++;
      digits = digits * 10 + (uint64_t)(*p - '0');
    } else {
      dropped++;
    }
  }
  if (*p == '.') {
    p++;
    for (; *p >= '0' && *p <= '9'; p++, any = 1) {
      if (significant < 19) {
        if (digits || *p != '0') significant++;
        digits = digits * 10 + (uint64_t)(*p - '0');
        dropped--;
      }
    }
  }
  if (!any) return 0;
  int exponent = 0;
  if (*p == 'e' || *p == 'E') {
    const char *mark = p++;
    int minus = 0;
    if (*p == '+' || *p == '-') minus = *p++ == '-';
    if (*p < '0' || *p > '9') {
      p = mark;
    } else {
      for (; *p >= '0' && *p <= '9'; p++) {
        if (exponent < 100000) exponent = exponent * 10 + (*p - '0');
      }
      if (minus) exponent = -exponent;
    }
  }
  double value = digits == 0 ? 0.0 : scale((double)digits, exponent + dropped);
  *result = negative ? -value : value;
  return p;
}

// The low 128 bits of a × b, from 64-bit halves (clang would call this very function for a
// plain 128-bit multiply here).
__int128 __multi3(__int128 a, __int128 b) {
  uint64_t al = (uint64_t)a, ah = (uint64_t)((unsigned __int128)a >> 64);
  uint64_t bl = (uint64_t)b, bh = (uint64_t)((unsigned __int128)b >> 64);
  uint64_t a0 = al & 0xffffffffu, a1 = al >> 32, b0 = bl & 0xffffffffu, b1 = bl >> 32;
  uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
  uint64_t middle = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);
  uint64_t low = (middle << 32) | (p00 & 0xffffffffu);
  uint64_t high = p11 + (p01 >> 32) + (p10 >> 32) + (middle >> 32) + al * bh + ah * bl;
  return (__int128)(((unsigned __int128)high << 64) | low);
}
