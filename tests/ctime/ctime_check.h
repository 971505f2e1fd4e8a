/*
 * ctime_check.h -- the one interface the constant-time drivers (the C files of
 * tests/ctime and tests/ctime_ecdsa) use to mark data secret or public, over two checkers:
 *
 *   - valgrind memcheck (the default build, gcc, tests/conftest.py's
 *     build_ctime_driver): a secret is memory made "undefined" by
 *     VALGRIND_MAKE_MEM_UNDEFINED; memcheck reports every conditional jump and
 *     every memory address computed from it.  Runs the library as built for the
 *     package, but valgrind cannot execute AVX-512 (nor 256-bit VPCLMULQDQ).
 *   - clang's MemorySanitizer (tests/ctime/build_msan.py: the driver and every
 *     library unit compiled with -fsanitize=memory into one executable): a secret is
 *     memory "poisoned" by __msan_allocated_memory, and MSan reports a branch, a
 *     load/store address or a divisor computed from it.  Native speed on the real
 *     CPU, so it runs every instruction-set level, AVX-512 included.
 *
 * ECEDU_CT_SECRET(p, n)  the n bytes at p are secret from here on;
 * ECEDU_CT_PUBLIC(p, n)  they are public (declassified): only for results that are
 *                        public by the protocol (return codes, output points);
 * ECEDU_CT_CHECKER       "memcheck" or "msan", for the drivers' report lines.
 * The idea of one abstraction over both is libsecp256k1's (src/checkmem.h); this
 * is our own spelling of it.
 *
 * __msan_allocated_memory poisons as a fresh malloc does (it obeys MSan's
 * poison_in_malloc option, default on: the tests set MSAN_OPTIONS explicitly, and
 * every driver's --selftest shows that a planted secret branch is reported).
 */
#ifndef ECEDU_CTIME_CHECK_H
#define ECEDU_CTIME_CHECK_H

#if defined(__has_feature)
#if __has_feature(memory_sanitizer)
#define ECEDU_CT_MSAN 1
#endif
#endif

#ifdef ECEDU_CT_MSAN
#include <sanitizer/msan_interface.h>
#define ECEDU_CT_SECRET(p, n) __msan_allocated_memory((const void *)(p), (n))
#define ECEDU_CT_PUBLIC(p, n) __msan_unpoison((const void *)(p), (n))
#define ECEDU_CT_CHECKER "msan"
#else
#define ECEDU_CT_MSAN 0
#include <valgrind/memcheck.h>
#define ECEDU_CT_SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#define ECEDU_CT_PUBLIC(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))
#define ECEDU_CT_CHECKER "memcheck"
#endif

#endif
