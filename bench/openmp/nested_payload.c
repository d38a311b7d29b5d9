// nested_payload.c: a nested loop with a large payload, in generic form. The
// `target teams` region computes three scalars sequentially, then a
// `distribute parallel for` over rows runs an inner loop over columns that
// uses eleven kernel arguments and the three scalars: fourteen captured
// variables, so the `__kmpc_parallel_51` call passes a fourteen-pointer
// payload (the shared-variable array the workers read through
// __kmpc_get_shared_variables), and the three scalars are globalized. SPMD
// form can pass them directly (or through registers after inlining).
void nested(int n, int m, int stride, const double *x, const double *y,
            const double *w, double *out, double *aux, double alpha,
            double beta, double gamma) {
#pragma omp target teams map(to : x[0 : n * stride], y[0 : n * stride], w[0 : m]) \
    map(from : out[0 : n], aux[0 : n])
  {
    double s = alpha * beta;
    double t = beta - gamma;
    int half = m / 2;
#pragma omp distribute parallel for
    for (int i = 0; i < n; ++i) {
      double acc = 0.0, acc2 = 0.0;
      for (int j = 0; j < m; ++j) {
        double v = x[i * stride + j] * w[j] + s * y[i * stride + j];
        acc += v;
        if (j < half)
          acc2 += v * t;
      }
      out[i] = acc + gamma * acc2;
      aux[i] = acc2 - alpha;
    }
  }
}
