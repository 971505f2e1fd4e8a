/*
 * curves.c -- looking up the curves of curve/sec2_curves.c (generated from
 * ecedu/curves/sec2.py by tools/gen_curves.py): by index and by name.  Indices 0 ..
 * ECEDU_NCURVES-1 are the binary curves, the next ECEDU_NPCURVES the prime curves.
 */
#include <string.h>
#include "internal.h"

int ecedu_curve_count(void) { return ECEDU_NCURVES + ECEDU_NPCURVES; }

const char *ecedu_curve_name(int ci) {
    const ecedu_pcurve *pc = ecedu_pcurve_at(ci);
    if (pc) return pc->name;
    return (ci < 0 || ci >= ECEDU_NCURVES) ? NULL : ecedu_curves[ci].name;
}

/* The name is compared with its length, so "sect163k1\0junk" (a C string
 * cut short) is not taken for sect163k1. */
int ecedu_curve_index(const char *name, size_t namelen) {
    if (!name) return -1;
    for (int i = 0; i < ECEDU_NCURVES + ECEDU_NPCURVES; i++) {
        const char *ni = ecedu_curve_name(i);
        if (strlen(ni) == namelen && memcmp(name, ni, namelen) == 0) return i;
    }
    return -1;
}

int ecedu_curve_info(int ci, int *m, int *nbits, int *h, int *koblitz) {
    const ecedu_pcurve *pc = ecedu_pcurve_at(ci);
    if (pc && m && nbits && h && koblitz) {
        *m = pc->pbits;
        *nbits = pc->nbits;
        *h = 1;
        *koblitz = 0;
        return ECEDU_OK;
    }
    if (ci < 0 || ci >= ECEDU_NCURVES || !m || !nbits || !h || !koblitz) return ECEDU_ERR_CURVE;
    *m = ecedu_curves[ci].m;
    *nbits = ecedu_curves[ci].nbits;
    *h = ecedu_curves[ci].h;
    *koblitz = ecedu_curves[ci].tau != NULL;
    return ECEDU_OK;
}
