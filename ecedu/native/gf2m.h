/*
 * gf2m.h -- shared types of the ecedu native library (binary fields GF(2^m)
 *           and the 14 SEC 2 binary curves).
 *
 * Representation
 * --------------
 * A field element of GF(2^m) = GF(2)[z]/(f(z)) is an array of NW = ceil(m/64)
 * little-endian 64-bit words: bit j of word i is the coefficient of z^(64i+j).
 * Every function below takes and returns *reduced* elements (degree < m,
 * unused high bits of the top word are zero).
 *
 * The arithmetic for each m is generated from one template
 * (gf2m_field.h, point.h, ladder.h, fixed_base.h) instantiated twice in
 * gf2m_<m>.c: a portable constant-time software path and a PCLMULQDQ path
 * (compiled with "#pragma GCC target", so the rest of the library stays valid
 * on any x86-64).  cpu.c chooses one of the two at run time.
 *
 * Error codes (returned by every exported function; see api.c):
 */
#ifndef ECEDU_GF2M_H
#define ECEDU_GF2M_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

#define ECEDU_OK 0
#define ECEDU_ERR_CURVE (-1)    /* unknown curve or field degree            */
#define ECEDU_ERR_LENGTH (-2)   /* buffer of the wrong length / bad format  */
#define ECEDU_ERR_POINT (-3)    /* point off the curve / infinity / subgroup*/
#define ECEDU_ERR_SCALAR (-4)   /* scalar not in [1, n-1]                   */
#define ECEDU_ERR_RANGE (-5)    /* field element >= 2^m, or inverse of 0     */
#define ECEDU_ERR_INTERNAL (-6) /* should not happen (allocation failure)    */

#define ECEDU_MAXW 9 /* words of the largest field, m = 571 */

/* Domain parameters of one curve y^2 + xy = x^3 + a x^2 + b over GF(2^m). */
typedef struct ecedu_curve {
    const char *name;
    int m;                  /* field degree                                 */
    int nw;                 /* words per field element                      */
    uint64_t a[ECEDU_MAXW]; /* curve coefficient a                          */
    uint64_t b[ECEDU_MAXW]; /* curve coefficient b                          */
    uint64_t gx[ECEDU_MAXW], gy[ECEDU_MAXW];  /* base point G               */
    uint64_t n[ECEDU_MAXW + 1];               /* prime order of G           */
    int nbits;              /* bit length L of n                            */
    int h;                  /* cofactor: 2 or 4                             */
    int a_is_01;            /* a is 0 or 1: "mul by a" is free              */
    int b_is_one;           /* b == 1 (Koblitz curves): "mul by b" is free  */
    int koblitz;
} ecedu_curve;

/*
 * Precomputed table for fixed-base multiplication (fixed_base.h).
 * For window i (0 <= i < windows) and j in 0..7 the affine point
 * (2j+1) * 16^i * G is stored as x then y, each nw words, at
 * data[((i*8 + j)*2 + {0,1}) * nw].
 */
typedef struct ecedu_fb_table {
    int windows;
    uint64_t *data;
} ecedu_fb_table;

/* Operations of one field, for one implementation (portable or PCLMUL). */
typedef struct ecedu_field_impl {
    int m, nw;
    const char *kind; /* "portable" or "pclmul" */
    void (*mul)(uint64_t *r, const uint64_t *a, const uint64_t *b);
    void (*sqr)(uint64_t *r, const uint64_t *a);
    void (*inv)(uint64_t *r, const uint64_t *a); /* inv(0) = 0 */
    void (*sqrt)(uint64_t *r, const uint64_t *a);
    void (*half_trace)(uint64_t *r, const uint64_t *a);
    int (*trace)(const uint64_t *a);
    void (*mul_batch)(uint64_t *c, const uint64_t *a, const uint64_t *b, size_t count);
    /* curve level (point.h, ladder.h, fixed_base.h) */
    int (*validate)(const ecedu_curve *c, const uint64_t *x, const uint64_t *y);
    int (*decompress)(const ecedu_curve *c, const uint64_t *x, int ybit, uint64_t *y);
    int (*ladder)(const ecedu_curve *c, const uint64_t *k, const uint64_t *x,
                  const uint64_t *y, uint64_t *ox, uint64_t *oy);
    int (*fixed_base)(const ecedu_curve *c, const ecedu_fb_table *t, const uint64_t *k,
                      uint64_t *ox, uint64_t *oy);
    int (*fb_precompute)(const ecedu_curve *c, ecedu_fb_table *t);
} ecedu_field_impl;

/* gf2m_<m>.c */
#define ECEDU_DECLARE_FIELD(M)                       \
    extern const ecedu_field_impl ecedu_gf##M##_portable; \
    extern const ecedu_field_impl ecedu_gf##M##_pclmul;
ECEDU_DECLARE_FIELD(163)
ECEDU_DECLARE_FIELD(193)
ECEDU_DECLARE_FIELD(233)
ECEDU_DECLARE_FIELD(239)
ECEDU_DECLARE_FIELD(283)
ECEDU_DECLARE_FIELD(409)
ECEDU_DECLARE_FIELD(571)

/* cpu.c */
#define ECEDU_CPU_PCLMUL 1
#define ECEDU_CPU_AVX2 2
#define ECEDU_CPU_AVX512F 4
#define ECEDU_CPU_VPCLMUL 8
int ecedu_cpu_features(void);
void ecedu_force_portable(int flag);
int ecedu_using_pclmul(void);
/* The implementation of GF(2^m) in use, or NULL if m is not supported. */
const ecedu_field_impl *ecedu_field_for(int m);

/* curves.c */
#define ECEDU_NCURVES 14
extern const ecedu_curve ecedu_curves[ECEDU_NCURVES];
int ecedu_curve_index(const char *name);

/* ---------------------------------------------------------------------
 * Small constant-time helpers shared by all files.
 * --------------------------------------------------------------------- */

/* All-ones if x == 0, else 0; no branch. */
static inline uint64_t ecedu_ct_is_zero_u64(uint64_t x) {
    return ((~x & (x - 1)) >> 63) * UINT64_MAX;
}

/* All-ones if the nw-word array a is zero, else 0. */
static inline uint64_t ecedu_ct_is_zero(const uint64_t *a, int nw) {
    uint64_t t = 0;
    for (int i = 0; i < nw; i++) t |= a[i];
    return ecedu_ct_is_zero_u64(t);
}

/* r = mask ? a : r, word by word (mask is 0 or all-ones). */
static inline void ecedu_ct_select(uint64_t *r, const uint64_t *a, uint64_t mask, int nw) {
    for (int i = 0; i < nw; i++) r[i] ^= mask & (r[i] ^ a[i]);
}

/* Big-endian bytes (exactly len bytes) -> nw little-endian words.  Returns 0
 * on success, -1 if the value does not fit in nw words. */
int ecedu_bytes_to_words(uint64_t *w, int nw, const uint8_t *in, size_t len);
/* nw words -> big-endian bytes, exactly len bytes (high words truncated;
 * callers pass len >= bytes needed). */
void ecedu_words_to_bytes(uint8_t *out, size_t len, const uint64_t *w, int nw);

#endif
