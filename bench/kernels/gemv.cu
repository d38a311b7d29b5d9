// gemv: dense matrix-vector product y = A x, A stored row-major (rows x
// cols), one thread per row walking its row of A against x.
//
// The plain kernel a user writes first, with int indices: the inner loop
// reads A[row * cols + j] and x[j] for j = 0 .. cols - 1, a runtime trip
// count. What matters is the cost of one step of that loop: the row
// address row * cols should be computed once and then advanced (strength
// reduction), both loads should be ld.global (memory-space inference of
// kernel parameters), and how far the loop is unrolled is each compiler's
// choice, so the user-path benchmark counts SASS per source iteration.
//
// hot-loop: ldg=8 (A[row * cols + j] and x[j], 4 bytes each)
#include "gpu.h"

KERNEL gemv(const float *__restrict__ A, const float *__restrict__ x, float *__restrict__ y,
            int rows, int cols) {
  const int row = ctaid_x() * ntid_x() + tid_x();
  if (row >= rows)
    return;

  float acc = 0.0f;
  for (int j = 0; j < cols; ++j)
    acc += A[row * cols + j] * x[j];
  y[row] = acc;
}
