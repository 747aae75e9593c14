// Stand-in for CUDA's cuComplex.h in the host emulation: the two vector types and their constructors.
#pragma once
struct cuFloatComplex { float x, y; };
struct cuDoubleComplex { double x, y; };
inline cuFloatComplex make_cuFloatComplex(float a, float b) { return {a, b}; }
inline cuDoubleComplex make_cuDoubleComplex(double a, double b) { return {a, b}; }
