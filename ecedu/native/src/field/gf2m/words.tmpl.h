/*
 * words.tmpl.h -- TEMPLATE (field/gf2m): what every path of GF(2^m) shares:
 * the element type, the reduction polynomial's terms, and word-wise addition,
 * copy and conditional swap.  Part of the field template, see field.tmpl.h.
 *
 * References: Hankerson, Menezes, Vanstone, "Guide to Elliptic Curve
 * Cryptography" (HMV), chapter 2.3.
 */

typedef uint64_t FN(fe)[GF_NW];

/* The hot helpers are forced inline for the small fields, where a call and
 * the memory round trip of its arguments cost as much as the work itself.
 * (Forcing it for m = 409 and 571 too was measured about 15% faster there,
 * but made the library take minutes to compile; not worth it for a course.)
 * The sanitizer build defines ECEDU_NO_FORCED_INLINE: plain inline there. */
#if defined(ECEDU_NO_FORCED_INLINE) || GF_NW > 5
#define GF_HOT static inline
#else
#define GF_HOT static inline __attribute__((always_inline))
#endif

static const int FN(red_terms)[GF_NRED] = {GF_RED_TERMS};

/* Largest non-leading exponent of f, and the low part g(z) = f(z) - z^m of
 * f as one word (only meaningful when deg g < 64). */
#define GF_RED_MAX (FN(red_terms)[0])
GF_HOT uint64_t FN(red_word)(void) {
    uint64_t w = 0;
    for (int j = 0; j < GF_NRED; j++) w |= 1ULL << (FN(red_terms)[j] & 63);
    return w;
}

GF_HOT void FN(add)(uint64_t *r, const uint64_t *a, const uint64_t *b) {
    for (int i = 0; i < GF_NW; i++) r[i] = a[i] ^ b[i];
}

GF_HOT void FN(copy)(uint64_t *r, const uint64_t *a) {
    for (int i = 0; i < GF_NW; i++) r[i] = a[i];
}

/* Conditional swap: if mask is all-ones, exchange a and b. */
GF_HOT void FN(cswap)(uint64_t *a, uint64_t *b, uint64_t mask) {
    for (int i = 0; i < GF_NW; i++) {
        uint64_t t = mask & (a[i] ^ b[i]);
        a[i] ^= t;
        b[i] ^= t;
    }
}
