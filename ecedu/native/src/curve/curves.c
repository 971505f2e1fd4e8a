/*
 * curves.c -- looking up the curves of curve/sec2_curves.c (generated from
 * ecedu/curves/sec2.py by tools/gen_curves.py): by index and by name.
 */
#include <string.h>
#include "internal.h"

int ecedu_curve_count(void) { return ECEDU_NCURVES; }

const char *ecedu_curve_name(int ci) {
    return (ci < 0 || ci >= ECEDU_NCURVES) ? NULL : ecedu_curves[ci].name;
}

/* The name is compared with its length, so "sect163k1\0junk" (a C string
 * cut short) is not taken for sect163k1. */
int ecedu_curve_index(const char *name, size_t namelen) {
    if (!name) return -1;
    for (int i = 0; i < ECEDU_NCURVES; i++)
        if (strlen(ecedu_curves[i].name) == namelen && memcmp(name, ecedu_curves[i].name, namelen) == 0)
            return i;
    return -1;
}

int ecedu_curve_info(int ci, int *m, int *nbits, int *h, int *koblitz) {
    if (ci < 0 || ci >= ECEDU_NCURVES || !m || !nbits || !h || !koblitz) return ECEDU_ERR_CURVE;
    *m = ecedu_curves[ci].m;
    *nbits = ecedu_curves[ci].nbits;
    *h = ecedu_curves[ci].h;
    *koblitz = ecedu_curves[ci].tau != NULL;
    return ECEDU_OK;
}
