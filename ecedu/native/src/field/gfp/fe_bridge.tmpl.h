/*
 * fe_bridge.tmpl.h -- TEMPLATE: the byte-level entry points of ONE fixed-size fe
 * implementation (field/gfp/fe_*.h), for the public product of prime.c and the
 * benchmarks (field/gfp/variants.c): bytes in, the fe functions, bytes out.
 *
 * Macro contract (set by variants.c before each #include, undefined after; this
 * template defines no macro of its own):
 *   FE_NAME(x)   the implementation's prefix pasted to x (p256m_##x)
 *   FE_NBYTES    its element size in bytes
 * Defines FE_NAME(bridge_mul) and FE_NAME(bridge_chain) (the signatures of
 * ecedu_prime_fe, internal.h).
 */

/* out = a b mod p; returns all-ones if a, b < p, else 0 (out is then the
 * product of unspecified valid elements; the caller masks it).  Constant time. */
static uint64_t FE_NAME(bridge_mul)(uint8_t *out, const uint8_t *a, const uint8_t *b) {
    FE_NAME(fe) x, y;
    uint64_t ok = FE_NAME(from_bytes)(&x, a);
    ok &= FE_NAME(from_bytes)(&y, b);
    FE_NAME(mul)(&x, &x, &y);
    FE_NAME(to_bytes)(out, &x);
    ecedu_wipe(&x, sizeof x);
    ecedu_wipe(&y, sizeof y);
    return ok;
}

/* r <- a, then r <- r a `iterations` times (a dependent chain of field
 * multiplications in the implementation's own representation; the conversions
 * are outside the loop); out = r.  For bench.c: a < p (public). */
static void FE_NAME(bridge_chain)(uint8_t *out, const uint8_t *a, long iterations) {
    FE_NAME(fe) x, r;
    (void)FE_NAME(from_bytes)(&x, a);
    r = x;
    for (long i = 0; i < iterations; i++) FE_NAME(mul)(&r, &r, &x);
    FE_NAME(to_bytes)(out, &r);
}
