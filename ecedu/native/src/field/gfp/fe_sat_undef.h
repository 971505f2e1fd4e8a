/*
 * fe_sat_undef.h -- the end of one use of field/gfp/fe_sat.tmpl.h: undefines every macro of
 * its contract (FE_NAME, FE_N, FE_NBYTES, FE_P, FE_PM2, FE_MONT, FE_R2 and the optional
 * FE_HAS_SQR, FE_HAS_INV, FE_HAS_ADDSUB), so that the next field in the same unit starts
 * clean.  Included right after the template by each field header that uses it (and by the
 * Solinas fields after fe_solinas.tmpl.h, which includes it), as instances/gfp_undef.h ends a
 * curve instance.
 */
#undef FE_NAME
#undef FE_N
#undef FE_NBYTES
#undef FE_P
#undef FE_PM2
#undef FE_MONT
#undef FE_R2
#undef FE_HAS_SQR
#undef FE_HAS_INV
#undef FE_HAS_ADDSUB
