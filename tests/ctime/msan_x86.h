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
 * The IFMA multiply-adds, below, are replaced too, for another reason (too
 * little taint, not a strict check).
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
 * VPMADD52LUQ / VPMADD52HUQ (_mm512_madd52lo_epu64 / _mm512_madd52hi_epu64, the
 * AVX-512 IFMA exponentiation of field/gfp/mont_ifma.h).  Tried with clang 14
 * (tests/ctime/test_ctime_msan.py, test_madd52_*): MSan neither checks them
 * strictly nor lacks a rule -- llvm.x86.avx512.vpmadd52[lh].uq.512 has three
 * operands of the result's type, so MSan's default for such an intrinsic applies,
 * the bitwise OR of the operands' shadows.  No false report, but too little
 * taint for a multiplication: bit j of the result is poisoned only when bit j of
 * an operand is, whereas a product's bit j depends on every lower bit of its
 * factors, and the high half on all 52.  A plain C definition would be worse:
 * MSan also propagates a scalar product by the OR of the factors' shadows, so the
 * shadow of (unsigned __int128)b * c lies in the low 64 bits and the shift by 52
 * keeps only 12 of them (by 64: none; tried).
 *
 * So here each is replaced by its definition (Intel SDM, VPMADD52LUQ/HUQ: lane l
 * of the result is a[l] plus the low, resp. the high, 52 bits of the 104-bit
 * product of the low 52 bits of b[l] and c[l]; the high 12 bits of b and c are
 * ignored), computed lane by lane in C (test: equal to the instruction), with the
 * lane's taint set explicitly: the whole result lane is poisoned when any bit of
 * a[l] or of the low 52 bits of b[l] or c[l] is (a conservative rule: a lane's
 * value depends on nothing else), clean otherwise.  __msan_test_shadow only reads
 * the shadow (its result is not secret); the high 12 bits are masked off before
 * the test, so their taint is ignored as the instruction ignores their value.
 * Without MSan (the value test) the taint part is left out.
 */
#include <stdint.h>
#if defined(__has_feature)
#if __has_feature(memory_sanitizer)
#include <sanitizer/msan_interface.h>
#define ECEDU_MSAN_LANE_TAINTED(x) (__msan_test_shadow(&(x), sizeof(x)) >= 0)
#define ECEDU_MSAN_POISON_LANE(x) __msan_poison(&(x), sizeof(x))
#endif
#endif
#ifndef ECEDU_MSAN_LANE_TAINTED
#define ECEDU_MSAN_LANE_TAINTED(x) 0
#define ECEDU_MSAN_POISON_LANE(x) ((void)0)
#endif
#define ECEDU_MSAN_M52 ((uint64_t)0xFFFFFFFFFFFFFULL)

/* The planted branch of the ifma level's selftest (tests/ctime/ctime_prime_driver.c
 * --ifma --selftest-inside sets it to 1): each multiply-add then also branches on bit 0 of
 * its result, a secret branch inside mont_ifma.h's AMM loop that MSan must report.  0, a
 * public value, in every other run; weak, as this header is in every unit. */
__attribute__((weak)) int ecedu_msan_planted_branch = 0;
__attribute__((weak)) volatile int ecedu_msan_planted_hits = 0;

/* a + lo52(lo52(b) lo52(c)) (high = 0) or a + hi52(...) (high = 1), lane by lane */
__attribute__((target("avx512f"))) static inline __m512i ecedu_msan_madd52(__m512i a, __m512i b, __m512i c,
                                                                          const int high) {
    uint64_t va[8], vb[8], vc[8], r[8];
    _mm512_storeu_si512((void *)va, a);
    _mm512_storeu_si512((void *)vb, b);
    _mm512_storeu_si512((void *)vc, c);
    for (int l = 0; l < 8; l++) {
        uint64_t bl = vb[l] & ECEDU_MSAN_M52, cl = vc[l] & ECEDU_MSAN_M52;
        unsigned __int128 prod = (unsigned __int128)bl * cl; /* < 2^104 */
        r[l] = va[l] + ((uint64_t)(high ? prod >> 52 : prod) & ECEDU_MSAN_M52);
        if (ECEDU_MSAN_LANE_TAINTED(va[l]) || ECEDU_MSAN_LANE_TAINTED(bl) || ECEDU_MSAN_LANE_TAINTED(cl))
            ECEDU_MSAN_POISON_LANE(r[l]);
        if (ecedu_msan_planted_branch && (r[l] & 1)) ecedu_msan_planted_hits++; /* the selftest only */
    }
    return _mm512_loadu_si512((const void *)r);
}
#undef _mm512_madd52lo_epu64
#undef _mm512_madd52hi_epu64
#undef _mm512_maskz_madd52lo_epu64
#undef _mm512_maskz_madd52hi_epu64
#define _mm512_madd52lo_epu64(A, B, C) ecedu_msan_madd52((A), (B), (C), 0)
#define _mm512_madd52hi_epu64(A, B, C) ecedu_msan_madd52((A), (B), (C), 1)
/* the zero-masked forms: the clang header's own definitions would call the instruction */
#define _mm512_maskz_madd52lo_epu64(K, A, B, C) _mm512_maskz_mov_epi64((K), ecedu_msan_madd52((A), (B), (C), 0))
#define _mm512_maskz_madd52hi_epu64(K, A, B, C) _mm512_maskz_mov_epi64((K), ecedu_msan_madd52((A), (B), (C), 1))


/*
 * The ADC/SBB intrinsics _addcarry_u64 and _subborrow_u64 (the carry chains of
 * field/gfp/fe_mont.tmpl.h and fe_sat.tmpl.h): clang 14 emits llvm.x86.addcarry.64 /
 * llvm.x86.subborrow.64, which MSan checks strictly like VPTERNLOGQ (tried: a report at
 * the first secret limb, fe_mont.tmpl.h's adc).  Replaced by their definition (Intel SDM,
 * ADC/SBB): the 65-bit sum a + b + (c_in != 0), resp. the difference a - b - (c_in != 0),
 * its low 64 bits stored, the carry/borrow returned (test_ctime_msan.py compares them with
 * the instructions).  The taint is set explicitly, by the rule of the multiply-add above:
 * MSan propagates an addition by the OR of the operands' shadows, so a carry or borrow out
 * of secret words would come out clean (tried); here the stored word and the carry are
 * poisoned whole when any bit of a, b or c_in is.
 */
#include <x86intrin.h>
static inline unsigned char ecedu_msan_addcarry_u64(unsigned char c, unsigned long long a, unsigned long long b,
                                                    unsigned long long *out) {
    unsigned __int128 s = (unsigned __int128)a + b + (c != 0);
    unsigned long long lo = (unsigned long long)s;
    unsigned char carry = (unsigned char)(s >> 64);
    if (ECEDU_MSAN_LANE_TAINTED(a) || ECEDU_MSAN_LANE_TAINTED(b) || ECEDU_MSAN_LANE_TAINTED(c)) {
        ECEDU_MSAN_POISON_LANE(lo);
        ECEDU_MSAN_POISON_LANE(carry);
    }
    *out = lo;
    return carry;
}
static inline unsigned char ecedu_msan_subborrow_u64(unsigned char c, unsigned long long a, unsigned long long b,
                                                     unsigned long long *out) {
    unsigned __int128 d = (unsigned __int128)a - b - (c != 0);
    unsigned long long lo = (unsigned long long)d;
    unsigned char borrow = (unsigned char)((d >> 64) & 1);
    if (ECEDU_MSAN_LANE_TAINTED(a) || ECEDU_MSAN_LANE_TAINTED(b) || ECEDU_MSAN_LANE_TAINTED(c)) {
        ECEDU_MSAN_POISON_LANE(lo);
        ECEDU_MSAN_POISON_LANE(borrow);
    }
    *out = lo;
    return borrow;
}
#undef _addcarry_u64
#undef _subborrow_u64
#define _addcarry_u64 ecedu_msan_addcarry_u64
#define _subborrow_u64 ecedu_msan_subborrow_u64

#endif
#endif
