// The one translation unit compiled into gpujacobi.fatbin (see build-kernels.sh).
#include "eig_jacobi.cu"
#include "svd_jacobi.cu"
#include "classical_jacobi.cu"
#include "gauss_jordan.cu"
#include "eig_batched.cu"
#include "blocked_pages.cu"
#include "svd_batched.cu"
#include "inv_batched.cu"
#include "svd_blocked.cu"
#include "bunch_parlett.cu"
#include "intake.cu"
#include "svd_intake.cu"
#include "eig_precondition.cu"

// A deliberately faulting kernel for the recovery test only (StickyRecovery's package-private hook): a store
// through the pointer it is given (null), which leaves the context with CUDA_ERROR_ILLEGAL_ADDRESS, a sticky error.
extern "C" __global__ void gj_test_fault(double* nowhere) {
    nowhere[threadIdx.x] = 1.0;
}
