// The one translation unit compiled into gpujacobi.fatbin (see build-kernels.sh).
#include "eig_jacobi.cu"
#include "svd_jacobi.cu"
#include "classical_jacobi.cu"
#include "gauss_jordan.cu"
#include "eig_batched.cu"
#include "svd_batched.cu"
#include "inv_batched.cu"
#include "svd_blocked.cu"
