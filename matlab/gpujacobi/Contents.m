% gpujacobi: GPU-accelerated Jacobi eigen/singular value solvers and matrix inversion
% Version 0.1.0 23-Nov-2026
%
% Decompositions
%   gpu_eig         - Eigenvalues and eigenvectors of symmetric or Hermitian matrices (Jacobi;
%                     Method 'auto' by default); gpu_eig(A, B) for symmetric A and symmetric
%                     positive definite B
%   gpu_svd         - Singular value decomposition (one-sided Jacobi)
%   gpu_inversion   - Matrix inverse (Gauss-Jordan, or Cholesky for SPD matrices), rcond per page
%   gpu_hsvd        - Hyperbolic SVD G = U*S*V' with V'*J*V = J (one-sided hyperbolic Jacobi)
%
% Setup and information
%   gpujacobi_setup - Install the jar on the static Java class path ('static'), or load it for
%                     this session; 'uninstall' removes it
%   gpu_info        - Version and compute backends; gpu_info('last') the latest run report;
%                     gpu_info('release') gives GPU memory back
