/*
 * msan_x86.h -- forced into every library unit of the MemorySanitizer build
 * (tests/ctime/build_msan.py, clang -include), never into the library itself.
 *
 * MSan gives most x86 vector intrinsics an exact rule (PCLMULQDQ on 128, 256
 * and 512 bits since LLVM 8; the double shifts VPSHLDV/VPSHRDV are generic
 * funnel shifts; shuffles, masked moves, compares, AND/XOR are plain IR).  An
 * intrinsic it does not know and whose operands are not all of the result's
 * type is checked strictly: any poisoned (= secret) input is reported as a use,
 * although the instruction neither branches nor addresses memory.  In this
 * library that is one instruction, VPTERNLOGQ (_mm512_ternarylogic_epi64, an
 * immediate operand; clang 14 emits llvm.x86.avx512.pternlog.q.512), in the
 * AVX-512 matrix product of field/gf2m/inversion.tmpl.h: without this header
 * MSan stops there at the first secret mask (tried: "use-of-uninitialized-value
 * in gf163_avx512_linear_ct", inversion.tmpl.h:134).
 *
 * Here the intrinsic is replaced by its definition, the same bitwise function
 * of its three inputs: bit i of the result is bit (a_i b_i c_i as a 3-bit
 * number) of the immediate (Intel SDM, VPTERNLOGD/Q), i.e. the OR, over the
 * minterms k whose bit is set in imm, of the AND of a or NOT a, b or NOT b,
 * c or NOT c.  imm is a compile-time constant (public), so the compiler folds
 * it to a few AND/OR/ANDNOT; MSan propagates a secret through them bit by bit
 * and conservatively (a result bit is poisoned whenever it may depend on a
 * poisoned input bit), so whatever the product's result feeds is still checked.  What
 * this does not check, and need not: the timing of VPTERNLOGQ itself, a
 * register-to-register bitwise instruction (one uop, fixed latency).
 */
#ifndef ECEDU_MSAN_X86_H
#define ECEDU_MSAN_X86_H
#if defined(__x86_64__)
#include <immintrin.h>

#define ECEDU_MSAN_TL_PICK(x, k, bit) (((k) >> (bit)) & 1 ? (x) : _mm512_andnot_si512((x), _mm512_set1_epi64(-1)))
#define ECEDU_MSAN_TL_TERM(A, B, C, imm, k)                                                                   \
    ((((imm) >> (k)) & 1) ? _mm512_and_si512(_mm512_and_si512(ECEDU_MSAN_TL_PICK(A, k, 2), ECEDU_MSAN_TL_PICK(B, k, 1)), \
                                             ECEDU_MSAN_TL_PICK(C, k, 0))                                     \
                          : _mm512_setzero_si512())
#undef _mm512_ternarylogic_epi64
#define _mm512_ternarylogic_epi64(A, B, C, imm)                                                                       \
    _mm512_or_si512(                                                                                                  \
        _mm512_or_si512(_mm512_or_si512(ECEDU_MSAN_TL_TERM(A, B, C, imm, 0), ECEDU_MSAN_TL_TERM(A, B, C, imm, 1)),   \
                        _mm512_or_si512(ECEDU_MSAN_TL_TERM(A, B, C, imm, 2), ECEDU_MSAN_TL_TERM(A, B, C, imm, 3))),  \
        _mm512_or_si512(_mm512_or_si512(ECEDU_MSAN_TL_TERM(A, B, C, imm, 4), ECEDU_MSAN_TL_TERM(A, B, C, imm, 5)),   \
                        _mm512_or_si512(ECEDU_MSAN_TL_TERM(A, B, C, imm, 6), ECEDU_MSAN_TL_TERM(A, B, C, imm, 7))))

/*
 * The ADC/SBB intrinsics _addcarry_u64 and _subborrow_u64 (the carry chains of
 * field/gfp/fe_mont.tmpl.h and fe_sat.tmpl.h): clang 14 emits llvm.x86.addcarry.64 /
 * llvm.x86.subborrow.64, which MSan checks strictly like VPTERNLOGQ (tried: a report at
 * the first secret limb, fe_mont.tmpl.h's adc).  Replaced by their definition (Intel SDM,
 * ADC/SBB): the 65-bit sum a + b + (c_in != 0), resp. the difference a - b - (c_in != 0),
 * its low 64 bits stored, the carry/borrow returned -- plain 128-bit arithmetic, through
 * which MSan propagates.  test_ctime_msan.py compares them with the instructions.
 */
#include <x86intrin.h>
static inline unsigned char ecedu_msan_addcarry_u64(unsigned char c, unsigned long long a, unsigned long long b,
                                                    unsigned long long *out) {
    unsigned __int128 s = (unsigned __int128)a + b + (c != 0);
    *out = (unsigned long long)s;
    return (unsigned char)(s >> 64);
}
static inline unsigned char ecedu_msan_subborrow_u64(unsigned char c, unsigned long long a, unsigned long long b,
                                                     unsigned long long *out) {
    unsigned __int128 d = (unsigned __int128)a - b - (c != 0);
    *out = (unsigned long long)d;
    return (unsigned char)((d >> 64) & 1);
}
#undef _addcarry_u64
#undef _subborrow_u64
#define _addcarry_u64 ecedu_msan_addcarry_u64
#define _subborrow_u64 ecedu_msan_subborrow_u64

#endif
#endif
