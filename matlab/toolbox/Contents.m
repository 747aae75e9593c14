% gpujacobi: GPU-accelerated Jacobi eigen/singular value solvers and matrix inversion
%
% Decompositions
%   gpu_eig         - Eigenvalues and eigenvectors of real symmetric matrices (parallel Jacobi)
%   gpu_svd         - Singular value decomposition (one-sided Jacobi)
%   gpu_inversion   - Matrix inverse (Gauss-Jordan, or Cholesky for SPD matrices)
%   gpu_hsvd        - Hyperbolic SVD G = U*S*V' with V'*J*V = J (one-sided hyperbolic Jacobi)
%
% Setup and information
%   gpujacobi_setup - Put the gpujacobi jar on the Java class path
%   gpu_info        - Version and compute backends (CPU threads, GPUs)
