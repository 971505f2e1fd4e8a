/*
 * gfp_undef.h -- the end of one prime-curve instance: undefines every macro of the contract of
 * curve/prime/sw.tmpl.h (PC*, and FE_* with the FE and FE_BYTES that field/gfp/fe_bind.h
 * binds them by), of curve/prime/iso.tmpl.h (ISO_*), of instances/gfp_level.tmpl.h (PCL*) and of the fields the instances build it
 * on (field/gfp/fe_mont.tmpl.h's FEM*, the unit switches of field/gfp/fe_level.h and its
 * macro), so that the next instance
 * in the same unit (instances/gfp_compare.c has several) starts clean.  Included after each
 * #include of the curve template, as instance.tmpl.h ends the binary instances.
 */
#undef FEM
#undef FEM_LIMBS
#undef FEM_BYTES
#undef FEM_P
#undef FEM_PINV
#undef FEM_RR
#undef FEM_PBITS
#undef FEM_PC
#undef FEM_PCLIMBS
#undef FEM_PM
#undef FE
#undef FE_T
#undef FE_BYTES
#undef FE_FROM_BYTES
#undef FE_TO_BYTES
#undef FE_SET_SMALL
#undef FE_MUL
#undef FE_SQR
#undef FE_ADD
#undef FE_SUB
#undef FE_NEG
#undef FE_CMOV
#undef FE_IS_ZERO
#undef FE_INV
#undef FE_HALF
#undef FE_LIN
#undef FE_INV_VARTIME
#undef PC_AFFINE_TABLE
#undef PC
#undef PC_TABLE_NAME
#undef PC_CURVE
#undef PC_A_ZERO
#undef PC_P
#undef PC_PW
#undef PC_B
#undef PC_GX
#undef PC_GY
#undef PC_N
#undef PC_NW
#undef PC_NBITS
#undef ISO_TABLE_NAME
#undef ISO_Z2
#undef ISO_Z3
#undef ISO_Z2INV
#undef ISO_Z3INV
#undef PC_GLV
#undef PC_GLV_BETA
#undef PC_GLV_G1
#undef PC_GLV_G2
#undef PC_GLV_GW
#undef PC_GLV_SW
#undef PC_GLV_CW
#undef PC_GLV_MA1
#undef PC_GLV_MA2
#undef PC_GLV_MB1
#undef PC_GLV_MB2
#undef PC_GLV_KBITS
#undef ECEDU_FE_PORTABLE_UNIT
#undef ECEDU_FE_ADX_UNIT
#undef ECEDU_FE_LEVEL_MUL_SQR
#undef PCL
#undef PCL_TABLE_NAME
#undef PCL_PICK
