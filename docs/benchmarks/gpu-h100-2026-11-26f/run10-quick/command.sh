#!/usr/bin/env bash
# The session's final kernels and driver: cuda/gpu-verify.sh quick (conformance with CudaMultiGpuTest, verify, one row
# per open target including n = 16384 eig with its peak device memory and the tall 8192 x 1024 svd).
J=$PWD/.jre/bin/java
JAR=.gpu/final/gpujacobi.jar CONFORMANCE=.gpu/final/gpujacobi-conformance.jar JAVA=$J OUT=$OUT/quick \
  timeout 590 bash cuda/gpu-verify.sh quick > $OUT/quick.log 2>&1
tail -60 $OUT/quick.log
