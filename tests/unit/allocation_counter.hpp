#pragma once
// A count of the program's allocations, for the "hot loop allocates
// nothing" tests: it replaces the global operator new and delete, so it is
// included by one source file of a binary and by no other (a replacement
// function may be defined once in a program, and never inline), and the
// binaries that include it hold nothing else that needs the runtime's own.
//
// Every non-aligned form is replaced, not just the plain pair: a form left to
// the runtime (e.g. the nothrow new of Catch2's test registry) would allocate
// through its own allocator and be freed by the free() below, which
// AddressSanitizer reports as an alloc-dealloc mismatch. The aligned forms
// keep the runtime's matching pair.
#include <atomic>
#include <cstdlib>
#include <new>

namespace granconv::test {
inline std::atomic<long> allocations{0};
}  // namespace granconv::test

// GCC 12 pairs the free() below with the operator new it replaces and warns
// of a mismatch (-Wmismatched-new-delete); the pairing is this file's own.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
void* operator new(std::size_t n) {
  ++granconv::test::allocations;
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t n) { return operator new(n); }
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
  ++granconv::test::allocations;
  return std::malloc(n ? n : 1);
}
void* operator new[](std::size_t n, const std::nothrow_t& t) noexcept { return operator new(n, t); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }
#pragma GCC diagnostic pop
